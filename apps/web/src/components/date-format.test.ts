import { describe, expect, it } from 'vitest';
import { linesOutside } from '../test-drift';
import {
  dateText,
  dayOfMonth,
  hijriDate,
  hijriRange,
  monthLabel,
  planRange,
  riyadhDateOf,
  riyadhTimeOf,
  toDisplay,
  weekdayName,
} from './date-format';

/** The one module allowed to format dates (English screens had three formats). */
const HELPER = 'components/date-format.ts';
/** Formatting a date or a time anywhere but through the helper: Intl, react-intl, or the Date's own methods. */
const DIRECT = [
  /\bIntl\.DateTimeFormat\b/,
  /\bformat(Date|Time|DateToParts|TimeToParts|DateTimeRange)\(/,
  /<Formatted(Date|Time|DateParts|TimeParts|DateTimeRange)\b/,
  /\.toLocale(Date|Time)?String\(/,
  // A yyyy/MM/dd made by hand shows the Gregorian date alone, whatever calendar the user chose.
  /\.replace(All)?\((['"]-['"]|\/-\/g), ['"]\/['"]\)/,
];

describe('the one date format', () => {
  it('is the only place that formats a date: no screen calls Intl, react-intl or toLocale… for one', () => {
    expect(linesOutside(HELPER, DIRECT)).toEqual([]);
  });

  it('shows a day as yyyy/MM/dd in both languages, its Hijri form with Latin digits', () => {
    expect(toDisplay('2026-03-20')).toBe('2026/03/20');
    expect(dateText('2026-03-20', 'en', 'gregorian')).toBe('2026/03/20');
    expect(dateText('2026-03-20', 'ar', 'both')).toBe('2026/03/20 · 1 شوال 1447 هـ');
    expect(dateText('2026-03-20', 'ar', 'hijri')).toBe('1 شوال 1447 هـ');
    expect(hijriDate('2026-03-20', 'en')).toBe('Shawwal 1, 1447 AH');
  });

  it('shows a span of days in the calendars the user chose: the Gregorian range whole-dated, the Hijri one by Intl', () => {
    // A week inside Jumada II 1448: the month and year are named once.
    expect(planRange('2026-11-22', '2026-11-28', 'ar', 'both')).toEqual({
      gregorian: '2026/11/22\u00A0– 2026/11/28',
      hijri: '12–18 جمادى الآخرة 1448 هـ',
    });
    expect(planRange('2026-11-22', '2026-11-28', 'en', 'gregorian')).toEqual({ gregorian: '2026/11/22\u00A0– 2026/11/28', hijri: null });
    expect(planRange('2026-11-22', '2026-11-28', 'en', 'hijri')).toEqual({
      gregorian: null,
      hijri: 'Jumada II 12\u2009–\u200918, 1448 AH',
    });
    // Across a Hijri month (Jumada I into Jumada II), and across a Hijri year (1447 into 1448).
    expect(hijriRange('2026-11-08', '2026-11-14', 'ar')).toBe('28 جمادى الأولى – 4 جمادى الآخرة 1448 هـ');
    expect(hijriRange('2026-11-08', '2026-11-14', 'en')).toBe('Jumada I 28\u2009–\u2009Jumada II 4, 1448 AH');
    expect(hijriRange('2026-03-15', '2026-03-21', 'ar')).toBe('26 رمضان – 2 شوال 1447 هـ');
    expect(hijriRange('2026-06-14', '2026-06-20', 'ar')).toBe('28 ذو الحجة 1447 – 5 محرم 1448 هـ');
    // A one-day span is that day; a missing date is a dash in each calendar.
    expect(hijriRange('2026-03-20', '2026-03-20', 'ar')).toBe(hijriDate('2026-03-20', 'ar'));
    expect(planRange('2026-03-20', null, 'ar', 'both')).toEqual({ gregorian: '2026/03/20\u00A0– —', hijri: '1 شوال 1447 هـ – —' });
  });

  it("numbers a week's days in the calendar named first: the Gregorian one unless the Hijri date is shown alone", () => {
    expect(dayOfMonth('2026-11-22', 'ar', 'both')).toBe('22');
    expect(dayOfMonth('2026-11-02', 'en', 'gregorian')).toBe('2');
    expect(dayOfMonth('2026-11-22', 'ar', 'hijri')).toBe('12');
    expect(dayOfMonth('2026-11-22', 'en', 'hijri')).toBe('12');
  });

  it('names months and weekdays by the Gregorian calendar in Arabic too, with Latin digits', () => {
    expect(monthLabel('2026-11', 'en')).toBe('November 2026');
    expect(monthLabel('2026-11', 'en', 'short')).toBe('Nov 2026');
    expect(monthLabel('2026-11', 'ar')).toBe('نوفمبر 2026');
    expect(weekdayName('2026-11-22', 'en')).toBe('Sunday');
    expect(weekdayName('2026-11-22', 'en', 'short')).toBe('Sun');
    expect(weekdayName('2026-11-22', 'ar')).toBe('الأحد');
  });

  it("reads an instant as Riyadh's day and time, wherever the browser is", () => {
    expect(riyadhDateOf('2026-11-01T21:30:00.000Z')).toBe('2026-11-02');
    expect(riyadhTimeOf('2026-11-01T21:30:00.000Z')).toBe('00:30');
  });
});
