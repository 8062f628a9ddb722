// Why: My Trainings and the schedule show one week at a time, and the server answers a signed-in document with
// that week's events (first-paint.ts): both must start the week on the same day. Kept free of zod, so the web's
// router can validate `?week=` with it in the first bundle.

import { riyadhToday } from './dates.js';
import { addDaysIso } from './event-rules.js';

type Language = 'en' | 'ar';

/** The first day of a week (0 Sunday … 6 Saturday): Sunday in English, Saturday in Arabic, as the date picker shows it. */
export const weekStart = (locale: Language) => (locale === 'ar' ? 6 : 0);

/** Day of the week of a yyyy-MM-dd (0 Sunday … 6 Saturday), read in UTC so no time zone shifts it. */
export const weekdayOf = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

/** The first day of the week that holds `iso`. */
export function startOfWeek(iso: string, locale: Language) {
  const back = (weekdayOf(iso) - weekStart(locale) + 7) % 7;
  return addDaysIso(iso, -back);
}

/** The seven days of the week starting at `start`. */
export const weekDays = (start: string) => Array.from({ length: 7 }, (_, i) => addDaysIso(start, i));

/** The list query of a week: both ends included. */
export const weekRange = (start: string) => ({ startDate: start, endDate: addDaysIso(start, 6) });

/** A `?week=` value: a real yyyy-MM-dd, or nothing (this week). */
export function weekParam(v: unknown): string | undefined {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return undefined;
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v ? v : undefined;
}

/** The week shown for a `?week=` (any day of it) in a language, and whether it is the current one ("today" is Riyadh's). */
export function weekOf(param: string | undefined, locale: Language, today = riyadhToday()) {
  const current = startOfWeek(today, locale);
  const start = param ? startOfWeek(param, locale) : current;
  return { start, days: weekDays(start), isThisWeek: start === current, today };
}
