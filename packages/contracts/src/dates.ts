/** Calendar helpers on yyyy-MM-dd strings (UTC arithmetic, so no time-zone drift). */

/**
 * The years any date of a request may fall in. Real dates of an academy's life lie well inside;
 * outside them PostgreSQL or JavaScript's Date stop agreeing with string order (year 0, or
 * 9999 + a week printed as `+010000-…`), so the contracts refuse them before anything computes.
 */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2100;

/** Whether a yyyy-MM-dd (or yyyy-MM) falls in the years MIN_DATE_YEAR–MAX_DATE_YEAR. */
export const isWithinDateYears = (date: string) => {
  const year = Number(date.slice(0, 4));
  return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
};

export const toIsoDate = (d: Date) => d.toISOString().slice(0, 10);

export const addYears = (isoDate: string, years: number) => {
  const [y, m, d] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(y + years, m - 1, d));
  // 29 Feb minus a year lands on 1 Mar; keep the last day of February instead.
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return toIsoDate(date);
};

/** Player birthdate window: from 50 years ago to 5 years ago (docs/domain.md). */
export const birthdateBounds = (today: string) => ({ min: addYears(today, -50), max: addYears(today, -5) });

/** Subscription start-date window: one year either side of today. */
export const startDateBounds = (today: string) => ({ min: addYears(today, -1), max: addYears(today, 1) });

export const isWithin = (date: string, bounds: { min: string; max: string }) => date >= bounds.min && date <= bounds.max;

/** Today in the academy time zone (Asia/Riyadh, UTC+3, no DST). */
export const riyadhToday = (now: Date = new Date()) => toIsoDate(new Date(now.getTime() + 3 * 3600_000));
