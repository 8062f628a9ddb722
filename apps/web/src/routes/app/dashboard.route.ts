import { riyadhToday } from '@kora/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { AREA_ROUTES } from '../../lib/areas';
import { authSnapshot } from '../../lib/auth';
import { warm } from '../search';
import { appRoute } from './app.route';

/** `/`: the dashboard, or for a user without its permission a page that says so (sending them "home" would loop). */
export const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: AREA_ROUTES.Dashboard.path,
  loader: ({ context }) =>
    authSnapshot().canRead('Dashboard')
      ? warm(
          import('../../features/schedule/api').then(({ statsQuery, eventsQuery, dashboardRange }) =>
            Promise.all([
              context.queryClient.ensureQueryData(statsQuery),
              context.queryClient.ensureQueryData(eventsQuery(dashboardRange(riyadhToday()))),
            ]),
          ),
        )
      : undefined,
  component: lazyRouteComponent(() => import('./home'), 'Home'),
});
