import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { settingsRoute } from './settings.route';

export const packagesRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'packages',
  component: lazyRouteComponent(() => import('../../../features/packages/PackagesPage'), 'PackagesPage'),
});
