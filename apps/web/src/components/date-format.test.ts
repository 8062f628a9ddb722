import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dateText, hijriDate, monthLabel, riyadhDateOf, riyadhTimeOf, toDisplay, weekdayName } from './date-format';

const SRC = join(import.meta.dirname, '..');
/** The one module allowed to format dates (issue 20: English screens had three formats). */
const HELPER = 'components/date-format.ts';
/** Formatting a date or a time anywhere but through the helper: Intl, react-intl, or the Date's own methods. */
const DIRECT = [
  /\bIntl\.DateTimeFormat\b/,
  /\bformat(Date|Time|DateToParts|TimeToParts|DateTimeRange)\(/,
  /<Formatted(Date|Time|DateParts|TimeParts|DateTimeRange)\b/,
  /\.toLocale(Date|Time)?String\(/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the one date format (issue 20)', () => {
  it('is the only place that formats a date: no screen calls Intl, react-intl or toLocale… for one', () => {
    const violations = sources(SRC).flatMap((file) => {
      const name = relative(SRC, file).replaceAll('\\', '/');
      if (name === HELPER) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (DIRECT.some((re) => re.test(line)) ? [`${name}:${i + 1}: ${line.trim()}`] : []));
    });
    expect(violations).toEqual([]);
  });

  it('shows a day as yyyy/MM/dd in both languages, its Hijri form with Latin digits', () => {
    expect(toDisplay('2026-03-20')).toBe('2026/03/20');
    expect(dateText('2026-03-20', 'en', 'gregorian')).toBe('2026/03/20');
    expect(dateText('2026-03-20', 'ar', 'both')).toBe('2026/03/20 · 1 شوال 1447 هـ');
    expect(dateText('2026-03-20', 'ar', 'hijri')).toBe('1 شوال 1447 هـ');
    expect(hijriDate('2026-03-20', 'en')).toBe('Shawwal 1, 1447 AH');
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
