import type { GrowthMedians, GrowthMetric } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { chartSeries, monthTicks } from './GrowthChart';
import { changeDirection, changePercent, paddedRange, valueTicks } from './helpers';

describe('growth helpers', () => {
  it('gives the change to the previous record in percent to 1 decimal', () => {
    expect(changePercent(150, 152)).toBe(1.3);
    expect(changePercent(40, 39)).toBe(-2.5);
    expect(changePercent(3, 3)).toBe(0);
    expect(changePercent(null, 3)).toBeNull();
    expect(changePercent(0, 3)).toBeNull();
    expect(changePercent(3, null)).toBeNull();
  });

  it('calls higher better, except for sprints', () => {
    expect(changeDirection('height', 1.3)).toBe('better');
    expect(changeDirection('weight', -2.5)).toBe('worse');
    expect(changeDirection('sprint10m', -4)).toBe('better');
    expect(changeDirection('sprint20m', 2)).toBe('worse');
    expect(changeDirection('height', 0)).toBe('same');
    expect(changeDirection('height', null)).toBe('same');
  });

  it('pads the chart range by 10%', () => {
    expect(paddedRange([100, 150, 200])).toEqual([90, 210]);
    expect(paddedRange([50])).toEqual([45, 55]);
    expect(paddedRange([0])).toEqual([-1, 1]);
    expect(paddedRange([])).toBeNull();
  });

  it('labels the Y axis with round values inside its range, evenly apart', () => {
    // The demo's height chart was labelled 117.9, 119.9, 121.9 and 122.5.
    expect(valueTicks([117.48, 122.46])).toEqual([118, 119, 120, 121, 122]);
    expect(valueTicks([90, 210])).toEqual([100, 125, 150, 175, 200]);
    expect(valueTicks([2.31, 2.58])).toEqual([2.35, 2.4, 2.45, 2.5, 2.55]);
    expect(valueTicks([-1, 1])).toEqual([-1, -0.5, 0, 0.5, 1]);
    expect(valueTicks([45, 55])).toEqual([45, 47.5, 50, 52.5, 55]);
    expect(valueTicks([5, 5])).toEqual([5]);
  });
});

describe('the growth chart', () => {
  const none = {
    height: null,
    weight: null,
    armSpan: null,
    handGrip: null,
    sprint10m: null,
    sprint20m: null,
    standingLongJump: null,
    verticalJump: null,
    sleepingHours: null,
  };
  const record = (date: string, height: number): GrowthMetric => ({
    ...none,
    id: '00000000-0000-4000-8000-000000000001',
    playerId: '00000000-0000-4000-8000-000000000002',
    date,
    breakfastSource: null,
    height,
  });
  const months = ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-12'].map((month) => ({
    ...none,
    month,
    count: 3,
    height: 140,
  }));
  const medians: GrowthMedians = { ageGroup: 'U12', playersCount: 10, months };
  const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

  it("compares one record with its month's median, not with a year-long line", () => {
    const { player, median } = chartSeries([record('2025-03-10', 141)], medians, 'height');
    expect(player).toEqual([{ x: day('2025-03-10'), y: 141 }]);
    expect(median).toEqual([{ x: day('2025-03-15'), y: 140 }]);
  });

  it('keeps the medians of the months from the first record to the last', () => {
    const { median } = chartSeries([record('2025-05-02', 143), record('2025-02-20', 141)], medians, 'height');
    expect(median.map((p) => new Date(p.x).toISOString().slice(0, 7))).toEqual(['2025-02', '2025-03', '2025-04', '2025-05']);
  });

  it('puts a tick on the first of each month, at most six, and one for a single month', () => {
    expect(monthTicks([day('2025-03-10')])).toEqual([Date.UTC(2025, 2, 1)]);
    expect(monthTicks([day('2025-01-10'), day('2025-04-02')])).toEqual([0, 1, 2, 3].map((m) => Date.UTC(2025, m, 1)));
    const year = monthTicks([day('2024-12-05'), day('2025-12-20')]);
    expect(year.length).toBeLessThanOrEqual(6);
    expect(year[0]).toBe(Date.UTC(2024, 11, 1));
    expect(year.every((t) => new Date(t).getUTCDate() === 1)).toBe(true);
  });
});
