import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { settingsRoute } from './settings.route';

/** The academy's profile. */
export const academyProfileRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'academy',
  component: lazyRouteComponent(() => import('../../../features/settings/AcademyPage'), 'AcademyPage'),
});
