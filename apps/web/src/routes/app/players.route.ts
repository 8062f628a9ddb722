import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { AREA_ROUTES } from '../../lib/areas';
import { listSearch } from '../../lib/list-search';
import { warm } from '../search';
import { earlyFirstPaint } from './first-paint';
import { areaRoute } from './guard';

// The loader's queries: fetched with the screen's code on the first load (router.tsx `loadScreenCode`).
const playerQueries = () => import('../../features/players/api');
const teamQueries = () => import('../../features/teams/api');

/** The players list: its filters and how many rows it shows (lib/list-search.ts). */
export const playersRoute = createRoute({
  ...areaRoute('Players'),
  validateSearch: listSearch('q', 'team', 'gender', 'age', 'condition', 'nationality', 'neighborhood'),
  staticData: {
    queries: teamQueries,
    early: earlyFirstPaint(AREA_ROUTES.Players.path),
  },
  loader: ({ context }) =>
    warm(
      teamQueries().then((q) =>
        Promise.all([context.queryClient.ensureQueryData(q.playersQuery), context.queryClient.ensureQueryData(q.teamsQuery)]),
      ),
    ),
  component: lazyRouteComponent(() => import('../../features/players/PlayersPage'), 'PlayersPage'),
});

/** One player's page. */
export const playerRoute = createRoute({
  ...areaRoute('Players'),
  path: `${AREA_ROUTES.Players.path}/$playerId`,
  staticData: { queries: playerQueries },
  loader: ({ context, params }) =>
    warm(
      playerQueries().then((q) =>
        Promise.all([
          context.queryClient.ensureQueryData(q.playerQuery(params.playerId)),
          context.queryClient.ensureQueryData(q.participationsQuery(params.playerId)),
          context.queryClient.ensureQueryData(q.sessionsQuery(params.playerId)),
        ]),
      ),
    ),
  component: lazyRouteComponent(() => import('../../features/players/PlayerDetailPage'), 'PlayerDetailPage'),
});
