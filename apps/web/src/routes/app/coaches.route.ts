import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { warm } from '../search';
import { areaRoute } from './guard';

// The loader's queries: fetched with the screen's code on the first load (router.tsx `loadScreenCode`).
const teamQueries = () => import('../../features/teams/api');

export const coachesRoute = createRoute({
  ...areaRoute('Coaches'),
  staticData: { queries: teamQueries },
  loader: ({ context }) =>
    warm(
      teamQueries().then((q) =>
        Promise.all([context.queryClient.ensureQueryData(q.coachesQuery), context.queryClient.ensureQueryData(q.teamsQuery)]),
      ),
    ),
  component: lazyRouteComponent(() => import('../../features/coaches/CoachesPage'), 'CoachesPage'),
});
