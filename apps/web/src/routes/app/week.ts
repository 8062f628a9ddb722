import { weekOf, weekParam, weekRange } from '@kora/contracts';
import { initialLocale } from '../../lib/i18n';

/** My Trainings and the schedule: the week shown (`?week=`, any day of it; none is this week). */
export interface WeekSearch {
  week?: string;
}
export const weekSearch = (s: Record<string, unknown>): WeekSearch => ({ week: weekParam(s.week) });

/** The list query of a `?week=`, in the language the screen will start its week with. */
export const weekQuery = (week: string | undefined) => weekRange(weekOf(week, initialLocale()).start);
