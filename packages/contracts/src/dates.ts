/**
 * Calendar helpers on yyyy-MM-dd strings (UTC arithmetic, so no time-zone drift). Free of zod, like
 * enum-values.ts, so a screen that only computes with dates does not load the schemas.
 */
import { addDaysIso } from './event-rules.js';

/**
 * The years any date of a request may fall in. Real dates of an academy's life lie well inside;
 * outside them PostgreSQL or JavaScript's Date stop agreeing with string order (year 0, or
 * 9999 + a week printed as `+010000-…`), so the contracts refuse them before anything computes.
 */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2100;

/**
 * The years an instant of a request (an ISO date-time: when a device marked attendance, its clock
 * at sending) may fall in: nothing Kora records happened before 2000, and an instant far outside
 * moved by a device's clock offset left the years PostgreSQL takes (`9999-12-31T23:59:59Z` was a 500).
 */
export const MIN_DATE_TIME_YEAR = 2000;

/** Whether an ISO date-time (yyyy-MM-ddTHH:mm…) falls in the years MIN_DATE_TIME_YEAR–MAX_DATE_YEAR, read in UTC. */
export const isWithinDateTimeYears = (dateTime: string) => {
  const at = Date.parse(dateTime);
  if (Number.isNaN(at)) return false;
  const year = new Date(at).getUTCFullYear();
  return year >= MIN_DATE_TIME_YEAR && year <= MAX_DATE_YEAR;
};

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

/** yyyy-MM-dd plus whole months, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonthsIso(isoDate: string, months: number) {
  const [y, m, d] = isoDate.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return toIsoDate(target);
}

/** Player birthdate window: from 50 years ago to 5 years ago (docs/domain.md). */
export const birthdateBounds = (today: string) => ({ min: addYears(today, -50), max: addYears(today, -5) });

/** Subscription start-date window: one year either side of today. */
export const startDateBounds = (today: string) => ({ min: addYears(today, -1), max: addYears(today, 1) });

export const isWithin = (date: string, bounds: { min: string; max: string }) => date >= bounds.min && date <= bounds.max;

/** The academies' time zone: every day, month and hour Kora shows or counts is Riyadh's. */
export const ACADEMY_TIME_ZONE = 'Asia/Riyadh';
/** Asia/Riyadh is UTC+3 all year (no daylight saving time since 1950), so a fixed offset is exact. */
export const RIYADH_OFFSET_MS = 3 * 3600_000;

/** An instant as Riyadh's wall clock: yyyy-MM-ddTHH:mm:ss.sss, no zone. */
export const riyadhWallClock = (instant: Date) => new Date(instant.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 23);

/** Today in Riyadh (yyyy-MM-dd). */
export const riyadhToday = (now: Date = new Date()) => riyadhWallClock(now).slice(0, 10);

/** This month in Riyadh (yyyy-MM). */
export const riyadhMonth = (now: Date = new Date()) => riyadhWallClock(now).slice(0, 7);

/** The instant of a Riyadh date (yyyy-MM-dd) and wall-clock time (HH:mm): when an event starts or ends. */
export const riyadhInstant = (date: string, time: string) => new Date(Date.parse(`${date}T${time}:00Z`) - RIYADH_OFFSET_MS);

/** The instant a day (yyyy-MM-dd) starts in Riyadh. */
export const riyadhDayStart = (date: string) => riyadhInstant(date, '00:00');

const YEAR_MS = 365.25 * 24 * 3600_000;

/** Age in whole years on a day (both yyyy-MM-dd), at 365.25 days a year (docs/domain.md, "Dates, times and ages"). */
export const ageOn = (birthdate: string, day: string) =>
  Math.floor((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${birthdate}T00:00:00Z`)) / YEAR_MS);

/** The first and last day of a yyyy-MM month. */
export function monthRange(month: string) {
  const [y, m] = month.split('-').map(Number);
  const startDate = `${month}-01`;
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { startDate, endDate: addDaysIso(next, -1) };
}
