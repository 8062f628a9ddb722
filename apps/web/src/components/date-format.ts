import { latinDigits, riyadhToday, riyadhWallClock } from '@kora/contracts';
import type { CalendarPreference } from '../lib/calendar';
import type { Locale } from '../lib/i18n';

/**
 * The one place dates are formatted for the screens (a drift test, date-format.test.ts, refuses
 * any other): a day is yyyy/MM/dd in both languages with Latin digits (docs/domain.md, "Dates,
 * times and ages"), beside or instead of its Umm al-Qura date as the user chose (lib/calendar.ts,
 * PlanDate); a time is HH:mm in Riyadh; month and weekday names are Gregorian in Arabic too.
 */

/** Dates are yyyy-MM-dd in data and yyyy/MM/dd on screen (docs/domain.md, "Dates, times and ages"). */
export const toDisplay = (iso: string | null | undefined) => (iso ? iso.replaceAll('-', '/') : '');

/** A typed yyyy/MM/dd (or yyyy-MM-dd, in any digits) as yyyy-MM-dd when it is a real calendar date, else null. */
export function parseDisplay(typed: string): string | null {
  const m = latinDigits(typed)
    .trim()
    .match(/^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

export const isoOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
export const dateOf = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};
/** Today is Riyadh's on every screen, wherever the browser is. */
export const todayIso = () => riyadhToday();

/** The Riyadh day (yyyy-MM-dd) of an instant the server sent (an ISO timestamp): what a screen shows as its date. */
export const riyadhDateOf = (instant: string | Date) => riyadhToday(new Date(instant));
/** The Riyadh time (HH:mm) of an instant. */
export const riyadhTimeOf = (instant: string | Date) => riyadhWallClock(new Date(instant)).slice(11, 16);

/** Intl's locales for names: Arabic keeps Latin digits and the Gregorian calendar (ar-SA's own default is Umm al-Qura). */
const NAMES_LOCALE: Record<Locale, string> = { en: 'en', ar: 'ar-SA-u-ca-gregory-nu-latn' };
const formats = new Map<string, Intl.DateTimeFormat>();
const formatOf = (locale: Locale, key: string, options: Intl.DateTimeFormatOptions) => {
  const id = `${locale} ${key}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(key.startsWith('hijri') ? locale : NAMES_LOCALE[locale], { timeZone: 'UTC', ...options });
    formats.set(id, format);
  }
  return format;
};
const utcNoon = (iso: string) => new Date(`${iso}T12:00:00Z`);

/** A month (yyyy-MM) by name: "November 2026" / "نوفمبر 2026"; `short`: "Nov 2026" (a chart's axis). */
export const monthLabel = (month: string, locale: Locale, width: 'long' | 'short' = 'long') =>
  formatOf(locale, `month-${width}`, { month: width, year: 'numeric' }).format(utcNoon(`${month.slice(0, 7)}-15`));

/** The weekday of a day (yyyy-MM-dd): "Sunday" / "الأحد", or "Sun" / "الأحد" short. */
export const weekdayName = (iso: string, locale: Locale, width: 'long' | 'short' = 'long') =>
  formatOf(locale, `weekday-${width}`, { weekday: width }).format(utcNoon(iso));

const hijriFormat = (locale: Locale) =>
  formatOf(locale, 'hijri', { calendar: 'islamic-umalqura', numberingSystem: 'latn', day: 'numeric', month: 'long', year: 'numeric' });

/** yyyy-MM-dd as its Umm al-Qura date by Intl's `islamic-umalqura` calendar, Latin digits: "1 شوال 1447 هـ", "Shawwal 1, 1447 AH". */
export const hijriDate = (iso: string, locale: Locale) => hijriFormat(locale).format(utcNoon(iso));

/**
 * A day's number in its month (a strip of a week's days), in the calendar named first: the
 * Gregorian one unless only the Hijri date is shown (2026-11-22: "22", Hijri "12").
 */
export const dayOfMonth = (iso: string, locale: Locale, preference: CalendarPreference) =>
  preference === 'hijri'
    ? formatOf(locale, 'hijri-day', { calendar: 'islamic-umalqura', numberingSystem: 'latn', day: 'numeric' }).format(utcNoon(iso))
    : String(Number(iso.slice(8, 10)));

/** The one formatting of a day: its Gregorian and Hijri forms as the preference asks (null where not shown). */
export function planDate(iso: string, locale: Locale, preference: CalendarPreference) {
  return {
    gregorian: preference === 'hijri' ? null : toDisplay(iso),
    hijri: preference === 'gregorian' ? null : hijriDate(iso, locale),
  };
}

/**
 * Days from a start to an end (yyyy-MM-dd) in Umm al-Qura, by Intl's formatRange: the month and
 * year are named once when the two share them, "12–18 جمادى الآخرة 1448 هـ", "Jumada I 28 – Jumada II 4, 1448 AH".
 */
export const hijriRange = (start: string, end: string, locale: Locale) => hijriFormat(locale).formatRange(utcNoon(start), utcNoon(end));

/**
 * The one formatting of a span of days (a week, a subscription's period) as the preference asks,
 * null where not shown; a missing date is "—". The Gregorian range keeps each date whole and the dash
 * with the start (a no-break space), so a narrow column breaks after the dash: "2026/11/22 – 2026/11/28".
 */
export function planRange(
  start: string | null | undefined,
  end: string | null | undefined,
  locale: Locale,
  preference: CalendarPreference,
) {
  const hijri = (iso: string | null | undefined) => (iso ? hijriDate(iso, locale) : '—');
  return {
    gregorian: preference === 'hijri' ? null : `${toDisplay(start) || '—'}\u00A0– ${toDisplay(end) || '—'}`,
    hijri: preference === 'gregorian' ? null : start && end ? hijriRange(start, end, locale) : `${hijri(start)} – ${hijri(end)}`,
  };
}

/** A day as one text (a chart's tooltip, a sentence): the shown forms joined, "2026/03/20 · 1 شوال 1447 هـ". */
export const dateText = (iso: string, locale: Locale, preference: CalendarPreference) => {
  const { gregorian, hijri } = planDate(iso, locale, preference);
  return [gregorian, hijri].filter(Boolean).join(' · ');
};
