import { afterEach, describe, expect, it } from 'vitest';
import { hijriDate, planDate } from '../components/date-format';
import { calendarFor, saveCalendar, storedCalendar } from './calendar';

afterEach(() => localStorage.clear());

describe('Hijri dates (Umm al-Qura, by Intl)', () => {
  it('knows 2026-03-20 as 1 Shawwal 1447 in Arabic and English, with Latin digits', () => {
    expect(hijriDate('2026-03-20', 'ar')).toBe('1 شوال 1447 هـ');
    expect(hijriDate('2026-03-20', 'en')).toBe('Shawwal 1, 1447 AH');
    // The day before is still Ramadan; 1 Ramadan 1447 is 2026-02-18.
    expect(hijriDate('2026-03-19', 'ar')).toBe('30 رمضان 1447 هـ');
    expect(hijriDate('2026-02-18', 'en')).toBe('Ramadan 1, 1447 AH');
  });

  it('shows both in Arabic and the Gregorian date in English until the user chooses', () => {
    expect(storedCalendar()).toBeNull();
    expect(planDate('2026-03-20', 'ar', calendarFor('ar', storedCalendar()))).toEqual({ gregorian: '2026/03/20', hijri: '1 شوال 1447 هـ' });
    expect(planDate('2026-03-20', 'en', calendarFor('en', storedCalendar()))).toEqual({ gregorian: '2026/03/20', hijri: null });
  });

  it('follows the choice kept on the device, in both languages', () => {
    saveCalendar('hijri');
    expect(localStorage.getItem('calendar')).toBe('hijri');
    expect(planDate('2026-03-20', 'ar', calendarFor('ar', storedCalendar()))).toEqual({ gregorian: null, hijri: '1 شوال 1447 هـ' });
    expect(planDate('2026-03-20', 'en', calendarFor('en', storedCalendar()))).toEqual({ gregorian: null, hijri: 'Shawwal 1, 1447 AH' });
    saveCalendar('gregorian');
    expect(planDate('2026-03-20', 'ar', calendarFor('ar', storedCalendar()))).toEqual({ gregorian: '2026/03/20', hijri: null });
    saveCalendar('both');
    expect(planDate('2026-03-20', 'en', calendarFor('en', storedCalendar()))).toEqual({
      gregorian: '2026/03/20',
      hijri: 'Shawwal 1, 1447 AH',
    });
    localStorage.setItem('calendar', 'julian');
    expect(storedCalendar()).toBeNull();
  });
});
