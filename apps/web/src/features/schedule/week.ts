// Why: My Trainings and the schedule show one week at a time; both languages start it on the day their date picker does.
// The router validates `?week=` with this module, so it stays free of the zod contracts (the first bundle stays small).
import { addDaysIso, riyadhToday } from '@kora/contracts';
import { parseDisplay, weekStart } from '../../components/date-format';
import type { Locale } from '../../lib/i18n';

/** Day of the week of a yyyy-MM-dd (0 Sunday … 6 Saturday), read in UTC so no time zone shifts it. */
export const weekdayOf = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

/** The first day of the week that holds `iso`: Sunday in English, Saturday in Arabic (as the date picker). */
export function startOfWeek(iso: string, locale: Locale) {
  const back = (weekdayOf(iso) - weekStart(locale) + 7) % 7;
  return addDaysIso(iso, -back);
}

/** The seven days of the week starting at `start`. */
export const weekDays = (start: string) => Array.from({ length: 7 }, (_, i) => addDaysIso(start, i));

/** The list query of a week: both ends included. */
export const weekRange = (start: string) => ({ startDate: start, endDate: addDaysIso(start, 6) });

/** A `?week=` value: a real yyyy-MM-dd, or nothing (this week). */
export const weekParam = (v: unknown) =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? (parseDisplay(v) ?? undefined) : undefined;

/** The week shown for a `?week=` (any day of it) in a language, and whether it is the current one ("today" is Riyadh's). */
export function weekOf(param: string | undefined, locale: Locale, today = riyadhToday()) {
  const current = startOfWeek(today, locale);
  const start = param ? startOfWeek(param, locale) : current;
  return { start, days: weekDays(start), isThisWeek: start === current, today };
}
