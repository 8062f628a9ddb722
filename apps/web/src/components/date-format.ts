import { riyadhToday, riyadhWallClock } from '@kora/contracts';
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

/** A typed yyyy/MM/dd (or yyyy-MM-dd) as yyyy-MM-dd when it is a real calendar date, else null. */
export function parseDisplay(typed: string): string | null {
  const m = typed.trim().match(/^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/);
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
/** Week starts on Sunday in English and Saturday in Arabic. */
export const weekStart = (locale: 'en' | 'ar') => (locale === 'ar' ? 6 : 0);

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
    format = new Intl.DateTimeFormat(key === 'hijri' ? locale : NAMES_LOCALE[locale], { timeZone: 'UTC', ...options });
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

/** yyyy-MM-dd as its Umm al-Qura date by Intl's `islamic-umalqura` calendar, Latin digits: "1 شوال 1447 هـ", "Shawwal 1, 1447 AH". */
export const hijriDate = (iso: string, locale: Locale) =>
  formatOf(locale, 'hijri', {
    calendar: 'islamic-umalqura',
    numberingSystem: 'latn',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(utcNoon(iso));

/** The one formatting of a day: its Gregorian and Hijri forms as the preference asks (null where not shown). */
export function planDate(iso: string, locale: Locale, preference: CalendarPreference) {
  return {
    gregorian: preference === 'hijri' ? null : toDisplay(iso),
    hijri: preference === 'gregorian' ? null : hijriDate(iso, locale),
  };
}

/** A day as one text (a chart's tooltip, a sentence): the shown forms joined, "2026/03/20 · 1 شوال 1447 هـ". */
export const dateText = (iso: string, locale: Locale, preference: CalendarPreference) => {
  const { gregorian, hijri } = planDate(iso, locale, preference);
  return [gregorian, hijri].filter(Boolean).join(' · ');
};
