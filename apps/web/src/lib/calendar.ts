import { isOneOf } from '@kora/contracts';
import { useSyncExternalStore } from 'react';
import { toDisplay } from '../components/date-format';
import type { Locale } from './i18n';

/**
 * Which calendars a date people plan by is shown in (issue 22): the Gregorian yyyy/MM/dd, the Umm
 * al-Qura (Hijri) date, or both. A choice of this device, kept in its localStorage (not on the
 * account: it follows the browser, like the language); without one, Arabic shows both and English
 * the Gregorian date.
 */
export const CALENDAR_PREFERENCES = ['both', 'gregorian', 'hijri'] as const;
export type CalendarPreference = (typeof CALENDAR_PREFERENCES)[number];

const KEY = 'calendar';
const listeners = new Set<() => void>();
/** The choice of this page when the storage refuses it (private mode). */
let fallback: CalendarPreference | null = null;

const read = (): CalendarPreference | null => {
  try {
    const v = localStorage.getItem(KEY);
    return v !== null && isOneOf(CALENDAR_PREFERENCES, v) ? v : null;
  } catch {
    return null;
  }
};

/** The device's choice, or null when none was made. */
export const storedCalendar = read;

export function saveCalendar(preference: CalendarPreference) {
  try {
    localStorage.setItem(KEY, preference);
  } catch {
    // Private mode without storage: the choice lasts for this page.
  }
  fallback = preference;
  for (const l of listeners) l();
}

export const defaultCalendar = (locale: Locale): CalendarPreference => (locale === 'ar' ? 'both' : 'gregorian');
export const calendarFor = (locale: Locale, stored: CalendarPreference | null) => stored ?? defaultCalendar(locale);

/** The device's choice for this language, re-rendering when it changes. */
export function useCalendar(locale: Locale): CalendarPreference {
  const stored = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => read() ?? fallback,
    () => null,
  );
  return calendarFor(locale, stored);
}

const hijriFormats: Partial<Record<Locale, Intl.DateTimeFormat>> = {};

/** yyyy-MM-dd as its Umm al-Qura date by Intl's `islamic-umalqura` calendar, Latin digits: "1 شوال 1447 هـ", "Shawwal 1, 1447 AH". */
export function hijriDate(iso: string, locale: Locale) {
  hijriFormats[locale] ??= new Intl.DateTimeFormat(locale, {
    calendar: 'islamic-umalqura',
    numberingSystem: 'latn',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const [y, m, d] = iso.split('-').map(Number);
  return hijriFormats[locale].format(new Date(Date.UTC(y, m - 1, d)));
}

/** The one formatting of a date people plan by: its Gregorian and Hijri forms as the preference asks (null where not shown). */
export function planDate(iso: string, locale: Locale, preference: CalendarPreference) {
  return {
    gregorian: preference === 'hijri' ? null : toDisplay(iso),
    hijri: preference === 'gregorian' ? null : hijriDate(iso, locale),
  };
}
