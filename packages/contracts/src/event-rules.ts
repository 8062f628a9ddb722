/** The schedule's constants and date arithmetic, free of zod so screens can import them without the schemas. */

/** The schedule dialog's new event (docs/domain.md, "Events, attendance and session accounting"): a training from 09:00 to 10:00. */
export const EVENT_DEFAULTS = { type: 'TRAINING_SESSION', time: '09:00', endTime: '10:00' } as const;
/** DELETE /api/events/{id} answers 204 with how many events went (one, or a series' rest) in this header. */
export const EVENTS_DELETED_HEADER = 'kora-events-deleted';
/** The dashboard lists the events of the next 7 days. */
export const DASHBOARD_EVENT_DAYS = 7;
/** A list by dates (events, invoices, the audit trail) covers at most this many days (a year, leap day included). */
export const MAX_EVENT_RANGE_DAYS = 366;
/** A repeating event repeats weekly for at most this many weeks after its first date. */
export const MAX_REPEAT_WEEKS = 52;
/** The calendar feed covers one month back and six months ahead. */
export const CALENDAR_FEED_WINDOW = { monthsBack: 1, monthsAhead: 6 } as const;

const DAY_MS = 86_400_000;
/** Whole days from one yyyy-MM-dd to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
/** yyyy-MM-dd plus whole days. */
export const addDaysIso = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The dates of a weekly series from `date` to `until` (both yyyy-MM-dd, inclusive): counted from the
 * weeks between them, never by comparing dates as strings (a year past 9999 prints as `+010000-…`
 * and sorts first), so it ends whatever the input. More than MAX_REPEAT_WEEKS + 1 dates, an `until`
 * before `date` or a malformed date is a RangeError; the contract refuses those first.
 */
export function weeklyDates(date: string, until: string): string[] {
  const weeks = Math.floor(daysBetween(date, until) / 7);
  if (!(weeks >= 0 && weeks <= MAX_REPEAT_WEEKS)) throw new RangeError(`no weekly series from ${date} to ${until}`);
  return Array.from({ length: weeks + 1 }, (_, i) => addDaysIso(date, 7 * i));
}

/**
 * How many last sessions in a row a player must have missed to be listed by the attendance report, by
 * default and at most (here, free of zod, so the report's route can ask for its opening filters early).
 */
export const MISSED_IN_A_ROW_DEFAULT = 3;
export const MISSED_IN_A_ROW_MAX = 20;
