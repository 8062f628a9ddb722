import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { warm } from '../search';
import { areaRoute } from './guard';

export const coachesRoute = createRoute({
  ...areaRoute('Coaches'),
  loader: ({ context }) =>
    warm(
      import('../../features/teams/api').then((q) =>
        Promise.all([context.queryClient.ensureQueryData(q.coachesQuery), context.queryClient.ensureQueryData(q.teamsQuery)]),
      ),
    ),
  component: lazyRouteComponent(() => import('../../features/coaches/CoachesPage'), 'CoachesPage'),
});
