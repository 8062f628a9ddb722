import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { AREA_ROUTES } from '../../lib/areas';
import { listSearch } from '../../lib/list-search';
import { warm } from '../search';
import { areaRoute } from './guard';

/** The growth list: its filters and how many rows it shows (lib/list-search.ts). */
export const growthRoute = createRoute({
  ...areaRoute('Growth'),
  validateSearch: listSearch('q', 'team', 'ageGroup'),
  loader: ({ context }) => warm(import('../../features/growth/api').then((q) => context.queryClient.ensureQueryData(q.growthPlayersQuery))),
  component: lazyRouteComponent(() => import('../../features/growth/GrowthPage'), 'GrowthPage'),
});

/** One player's growth records and chart. */
export const growthPlayerRoute = createRoute({
  ...areaRoute('Growth'),
  path: `${AREA_ROUTES.Growth.path}/$playerId`,
  loader: ({ context, params }) =>
    warm(
      import('../../features/growth/api').then((q) =>
        Promise.all([
          context.queryClient.ensureQueryData(q.growthPlayersQuery),
          context.queryClient.ensureQueryData(q.playerGrowthQuery(params.playerId)),
          context.queryClient.ensureQueryData(q.growthMediansQuery(params.playerId)),
        ]),
      ),
    ),
  component: lazyRouteComponent(() => import('../../features/growth/GrowthDetailPage'), 'GrowthDetailPage'),
});
