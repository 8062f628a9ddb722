import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { AREA_ROUTES } from '../../lib/areas';
import { warm } from '../search';
import { areaRoute } from './guard';
import { weekQuery, weekSearch } from './week';

/** The academy's week of events. */
export const scheduleRoute = createRoute({
  ...areaRoute('Schedule'),
  validateSearch: weekSearch,
  loaderDeps: ({ search }) => ({ week: search.week }),
  loader: ({ context, deps }) =>
    warm(
      Promise.all([
        import('../../features/teams/api').then((q) => context.queryClient.ensureQueryData(q.teamsQuery)),
        import('../../features/schedule/api').then(({ eventsQuery }) =>
          context.queryClient.ensureQueryData(eventsQuery(weekQuery(deps.week))),
        ),
      ]),
    ),
  component: lazyRouteComponent(() => import('../../features/schedule/SchedulePage'), 'SchedulePage'),
});

/** The attendance report is the schedule's (R:Schedule, docs/domain.md). */
export const attendanceReportRoute = createRoute({
  ...areaRoute('Schedule'),
  path: `${AREA_ROUTES.Schedule.path}/attendance`,
  loader: ({ context }) => warm(import('../../features/teams/api').then((q) => context.queryClient.ensureQueryData(q.teamsQuery))),
  component: lazyRouteComponent(() => import('../../features/attendance-reports/AttendanceReportPage'), 'AttendanceReportPage'),
});
