import { describe, expect, it } from 'vitest';
import { changeDirection, changePercent, paddedRange } from './helpers';

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
});
