import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  auditQuerySchema,
  dateSchema,
  ERRORS,
  eventListQuery,
  invoiceListQuery,
  jsonText,
  MAX_DATE_YEAR,
  MAX_REPEAT_WEEKS,
  MIN_DATE_YEAR,
  monthSchema,
  weeklyDates,
} from './index.js';

const messages = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('the date type of every request', () => {
  it(`takes real dates of the years ${MIN_DATE_YEAR}–${MAX_DATE_YEAR} only`, () => {
    for (const ok of [`${MIN_DATE_YEAR}-01-01`, '2024-02-29', `${MAX_DATE_YEAR}-12-31`]) expect(dateSchema.parse(ok)).toBe(ok);
    for (const far of ['0000-01-01', `${MIN_DATE_YEAR - 1}-12-31`, `${MAX_DATE_YEAR + 1}-01-01`, '9999-12-31'])
      expect(messages(dateSchema.safeParse(far)), far).toEqual([ERRORS['date.out_of_range']]);
  });

  it('tells a malformed date by its format alone, not by its range', () => {
    for (const bad of ['+010000-01-01', '2026-02-29', '2026-1-1', 'abc', '']) {
      const r = dateSchema.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(messages(r), bad).not.toContain(ERRORS['date.out_of_range']);
    }
  });

  it('bounds months the same way', () => {
    expect(monthSchema.parse('2026-11')).toBe('2026-11');
    for (const far of ['9999-12', '0000-01']) expect(messages(monthSchema.safeParse(far))).toEqual([ERRORS['date.out_of_range']]);
    expect(monthSchema.safeParse('2026-13').success).toBe(false);
  });

  it('caps every list by dates at a year of days', () => {
    for (const query of [eventListQuery, invoiceListQuery, auditQuerySchema]) {
      expect(query.safeParse({ startDate: '2025-11-22', endDate: '2026-11-22' }).success).toBe(true);
      expect(messages(query.safeParse({ startDate: '2025-11-21', endDate: '2026-11-22' }))).toEqual([ERRORS['event.range_too_long']]);
      expect(messages(query.safeParse({ startDate: '2026-11-22', endDate: '2026-11-21' }))).toEqual([ERRORS['event.range_invalid']]);
    }
  });
});

describe('weekly series', () => {
  it(`are counted by weeks: at most ${MAX_REPEAT_WEEKS + 1} dates, ending whatever the dates`, () => {
    expect(weeklyDates('2026-11-24', '2026-12-07')).toEqual(['2026-11-24', '2026-12-01']);
    const year = weeklyDates('2100-01-01', '2100-12-31');
    expect([year.length, year.at(-1)]).toEqual([MAX_REPEAT_WEEKS + 1, '2100-12-31']);
    // The string loop this replaces never ended here: a week past 9999-12-25 prints as +010000-01-01.
    expect(weeklyDates('9999-12-25', '9999-12-31')).toEqual(['9999-12-25']);
    expect(() => weeklyDates('2026-01-01', '2027-01-07')).toThrow(RangeError);
    expect(() => weeklyDates('2026-01-08', '2026-01-01')).toThrow(RangeError);
    expect(() => weeklyDates('junk', '2026-01-01')).toThrow(RangeError);
  });
});

describe('JSON text fields', () => {
  it('refuse a NUL escaped inside the JSON, in a value or a key, like a NUL anywhere else', () => {
    const field = jsonText(z.unknown());
    for (const text of ['"a\\u0000b"', '{"k\\u0000":1}', '[["\\u0000"]]'])
      expect(messages(field.safeParse(text)), text).toEqual([ERRORS['request.invalid_characters']]);
    // A backslash followed by "u0000" is plain text.
    expect(field.parse('"\\\\u0000"')).toBe('\\u0000');
  });
});
