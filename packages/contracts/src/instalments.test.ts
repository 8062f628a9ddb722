import { describe, expect, it } from 'vitest';
import { instalmentAmounts, instalmentDueOn, instalmentMonth, instalmentsQualify } from './instalments.js';

describe('instalments', () => {
  it('split a price into equal halalas, the first carrying the remainder, adding up exactly', () => {
    expect(instalmentAmounts(120000, 3)).toEqual([40000, 40000, 40000]);
    expect(instalmentAmounts(100000, 3)).toEqual([33334, 33333, 33333]);
    expect(instalmentAmounts(99999, 12)).toEqual([8336, ...Array(11).fill(8333)]);
    for (const [total, count] of [
      [100001, 6],
      [1, 3],
      [40500, 12],
    ])
      expect(instalmentAmounts(total, count).reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('fall due monthly from the first day, each paying its own month (never a day twice)', () => {
    expect([1, 2, 3].map((k) => instalmentDueOn('2026-11-30', k))).toEqual(['2026-11-30', '2026-12-30', '2027-01-30']);
    expect(instalmentMonth('2026-11-22', 1)).toEqual({ start: '2026-11-22', end: '2026-12-22' });
    expect(instalmentMonth('2026-11-22', 2)).toEqual({ start: '2026-12-23', end: '2027-01-22' });
  });

  it('are offered only for packages of 3, 6 or 12 months', () => {
    expect(instalmentsQualify({ packageType: 'TIME_BASED', monthsNumber: 3 })).toBe(true);
    expect(instalmentsQualify({ packageType: 'TIME_BASED', monthsNumber: 12 })).toBe(true);
    expect(instalmentsQualify({ packageType: 'TIME_BASED', monthsNumber: 1 })).toBe(false);
    expect(instalmentsQualify({ packageType: 'SESSION_BASED', monthsNumber: 3 })).toBe(false);
  });
});
