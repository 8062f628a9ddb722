import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { AREA_ROUTES } from '../../lib/areas';
import { authSnapshot } from '../../lib/auth';
import { text, warm } from '../search';
import { earlyFirstPaint } from './first-paint';
import { areaRoute } from './guard';
import { type WeekSearch, weekQuery, weekSearch } from './week';

// The loader's queries: fetched with the screen's code on the first load (router.tsx `loadScreenCode`).
const eventQueries = () => import('../../features/schedule/api');

/** My Trainings: the week shown and the training opened (`?eventId=`). */
export interface TrainingsSearch extends WeekSearch {
  eventId?: string;
}

export const trainingsRoute = createRoute({
  ...areaRoute('MyTrainings'),
  validateSearch: (s: Record<string, unknown>): TrainingsSearch => ({ ...weekSearch(s), eventId: text(s.eventId) }),
  loaderDeps: ({ search }) => ({ week: search.week }),
  staticData: { queries: eventQueries, early: earlyFirstPaint(AREA_ROUTES.MyTrainings.path) },
  loader: ({ context, deps }) =>
    warm(
      eventQueries().then(({ eventsQuery }) =>
        context.queryClient.ensureQueryData(eventsQuery({ ...weekQuery(deps.week), coachId: authSnapshot().user?.id })),
      ),
    ),
  component: lazyRouteComponent(() => import('../../features/trainings/TrainingsPage'), 'TrainingsPage'),
});
