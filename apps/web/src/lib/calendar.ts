import { isOneOf } from '@kora/contracts';
import { useSyncExternalStore } from 'react';
import type { Locale } from './i18n';

/**
 * Which calendars a date people plan by is shown in: the Gregorian yyyy/MM/dd, the Umm
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
