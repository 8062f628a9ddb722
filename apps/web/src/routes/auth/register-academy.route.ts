import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authRoute } from './auth.route';

// The phone, country and date controls (flags, metadata, calendars) load only with the screens that use them.
export const registerAcademyRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'register/academy',
  component: lazyRouteComponent(() => import('../../features/auth/RegisterAcademyPage'), 'RegisterAcademyPage'),
});
