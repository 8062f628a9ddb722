import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { fetchEarly } from '../../lib/api';
import { AREA_ROUTES } from '../../lib/areas';
import { initialLocale, loadCatalog } from '../../lib/i18n';
import { warm } from '../search';
import { earlyFirstPaint } from './first-paint';
import { areaRoute } from './guard';
import { weekQuery, weekSearch } from './week';

// The loader's queries: fetched with the screen's code on the first load (router.tsx `loadScreenCode`).
const teamQueries = () => import('../../features/teams/api');
const eventQueries = () => import('../../features/schedule/api');
const reportQueries = () => import('../../features/attendance-reports/api');

/** The academy's week of events. */
export const scheduleRoute = createRoute({
  ...areaRoute('Schedule'),
  validateSearch: weekSearch,
  loaderDeps: ({ search }) => ({ week: search.week }),
  staticData: {
    queries: () => Promise.all([teamQueries(), eventQueries()]),
    early: earlyFirstPaint(AREA_ROUTES.Schedule.path),
  },
  loader: ({ context, deps }) =>
    warm(
      Promise.all([
        teamQueries().then((q) => context.queryClient.ensureQueryData(q.teamsQuery)),
        eventQueries().then(({ eventsQuery }) => context.queryClient.ensureQueryData(eventsQuery(weekQuery(deps.week)))),
      ]),
    ),
  component: lazyRouteComponent(() => import('../../features/schedule/SchedulePage'), 'SchedulePage'),
});

/** The attendance report is the schedule's (R:Schedule, docs/domain.md). */
export const attendanceReportRoute = createRoute({
  ...areaRoute('Schedule'),
  path: `${AREA_ROUTES.Schedule.path}/attendance`,
  staticData: {
    queries: teamQueries,
    // The report of its opening filters leaves with the teams, not after the screen's code (it was the
    // slowest list on a phone: bench:phone, docs/performance.md).
    early: () => {
      fetchEarly('listTeams');
      void reportQueries().then((q) => fetchEarly('attendanceReport', { query: q.reportQuery(q.defaultReportFilters()) }));
    },
  },
  // Its words are the catalogs' `tools` part (locales/parts.ts), loaded with the report, not by the shell: waited for
  // even on a first load, so the screen never shows a message's id.
  loader: ({ context }) =>
    Promise.all([
      warm(teamQueries().then((q) => context.queryClient.ensureQueryData(q.teamsQuery))),
      loadCatalog(initialLocale(), ['tools']).catch(() => undefined),
    ]).then(() => undefined),
  component: lazyRouteComponent(() => import('../../features/attendance-reports/AttendanceReportPage'), 'AttendanceReportPage'),
});
