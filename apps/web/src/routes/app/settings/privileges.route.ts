import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { settingsRoute } from './settings.route';

export const privilegesRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'privileges',
  component: lazyRouteComponent(() => import('../../../features/settings/PrivilegesPage'), 'PrivilegesPage'),
});
