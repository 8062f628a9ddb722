import { riyadhToday } from '@kora/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { AREA_ROUTES } from '../../lib/areas';
import { authSnapshot } from '../../lib/auth';
import { warm } from '../search';
import { appRoute } from './app.route';
import { earlyFirstPaint } from './first-paint';

// The loader's queries: fetched with the screen's code on the first load (router.tsx `loadScreenCode`).
const eventQueries = () => import('../../features/schedule/api');

/** `/`: the dashboard, or for a user without its permission a page that says so (sending them "home" would loop). */
export const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: AREA_ROUTES.Dashboard.path,
  staticData: {
    queries: eventQueries,
    // The permission is not known yet: a member without it is answered 403, and nothing takes the answer.
    early: earlyFirstPaint(AREA_ROUTES.Dashboard.path),
  },
  loader: ({ context }) =>
    authSnapshot().canRead('Dashboard')
      ? warm(
          eventQueries().then(({ statsQuery, eventsQuery, dashboardRange }) =>
            Promise.all([
              context.queryClient.ensureQueryData(statsQuery),
              context.queryClient.ensureQueryData(eventsQuery(dashboardRange(riyadhToday()))),
            ]),
          ),
        )
      : undefined,
  component: lazyRouteComponent(() => import('./home'), 'Home'),
});
