import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { text, warm } from '../search';
import { appRoute } from './app.route';
import { areaRoute } from './guard';

// The loader's queries: fetched with the screen's code on the first load (router.tsx `loadScreenCode`).
const teamQueries = () => import('../../features/teams/api');

export interface TeamsSearch {
  teamId?: string;
  mode?: 'create';
}
const teamsSearch = (s: Record<string, unknown>): TeamsSearch => ({
  teamId: text(s.teamId),
  mode: s.mode === 'create' ? 'create' : undefined,
});

/** The teams, with the team opened (`?teamId=`) or the new-team form (`?mode=create`). */
export const teamsRoute = createRoute({
  ...areaRoute('ManageTeam'),
  validateSearch: teamsSearch,
  staticData: { queries: teamQueries },
  loader: ({ context }) =>
    warm(
      teamQueries().then((q) =>
        Promise.all([
          context.queryClient.ensureQueryData(q.teamsQuery),
          context.queryClient.ensureQueryData(q.coachesQuery),
          context.queryClient.ensureQueryData(q.playersQuery),
        ]),
      ),
    ),
  component: lazyRouteComponent(() => import('../../features/teams/TeamsPage'), 'TeamsPage'),
});

/** /app/teams is an alias of /teams (docs/domain.md, "Screens"). */
export const teamsAliasRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'app/teams',
  validateSearch: teamsSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/teams', search });
  },
});
