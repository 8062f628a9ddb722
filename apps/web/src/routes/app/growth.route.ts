import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { AREA_ROUTES } from '../../lib/areas';
import { listSearch } from '../../lib/list-search';
import { warm } from '../search';
import { areaRoute } from './guard';

// The loader's queries: fetched with the screen's code on the first load (router.tsx `loadScreenCode`).
const growthQueries = () => import('../../features/growth/api');

/** The growth list: its filters and how many rows it shows (lib/list-search.ts). */
export const growthRoute = createRoute({
  ...areaRoute('Growth'),
  validateSearch: listSearch('q', 'team', 'ageGroup'),
  staticData: { queries: growthQueries },
  loader: ({ context }) => warm(growthQueries().then((q) => context.queryClient.ensureQueryData(q.growthPlayersQuery))),
  component: lazyRouteComponent(() => import('../../features/growth/GrowthPage'), 'GrowthPage'),
});

/** One player's growth records and chart. */
export const growthPlayerRoute = createRoute({
  ...areaRoute('Growth'),
  path: `${AREA_ROUTES.Growth.path}/$playerId`,
  staticData: { queries: growthQueries },
  loader: ({ context, params }) =>
    warm(
      growthQueries().then((q) =>
        Promise.all([
          context.queryClient.ensureQueryData(q.growthPlayersQuery),
          context.queryClient.ensureQueryData(q.playerGrowthQuery(params.playerId)),
          context.queryClient.ensureQueryData(q.growthMediansQuery(params.playerId)),
        ]),
      ),
    ),
  component: lazyRouteComponent(() => import('../../features/growth/GrowthDetailPage'), 'GrowthDetailPage'),
});
