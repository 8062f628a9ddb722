// Why: the growth screens' pure rules (docs/domain.md, "Screens" and "Growth"): filters, the change to the
// previous record, the chart's range.
import {
  type AgeGroup,
  ageGroupOf,
  type GrowthMetricKey,
  type GrowthPlayerRow,
  LOWER_IS_BETTER,
  SLEEP_DEFAULT_HOURS,
} from '@kora/contracts';
import { displayName } from '../../lib/display-name';

export interface GrowthFilters {
  q: string;
  team: string;
  ageGroup: AgeGroup | '';
}
export const emptyGrowthFilters: GrowthFilters = { q: '', team: '', ageGroup: '' };

/** Rows matching the search (either name), the team and the age group on `today`. */
export function filterGrowthRows(rows: GrowthPlayerRow[], f: GrowthFilters, today: string, locale: string) {
  const q = f.q.trim().toLowerCase();
  return rows.filter(({ player }) => {
    if (q && ![player.name, player.nameArabic ?? '', displayName(player, locale)].some((n) => n.toLowerCase().includes(q))) return false;
    if (f.team && !player.teams.some((t) => t.id === f.team)) return false;
    if (f.ageGroup && ageGroupOf(player.birthdate, today) !== f.ageGroup) return false;
    return true;
  });
}

/** The change from `previous` to `current` in percent, rounded to 1 decimal; null when it cannot be computed. */
export function changePercent(previous: number | null | undefined, current: number | null | undefined): number | null {
  if (previous == null || current == null || previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** Whether a change is an improvement: higher is better, except for sprints (docs/domain.md, "Growth"). */
export function changeDirection(metric: GrowthMetricKey, change: number | null): 'better' | 'worse' | 'same' {
  if (!change) return 'same';
  const up = change > 0;
  return up !== LOWER_IS_BETTER.includes(metric) ? 'better' : 'worse';
}

/** The chart's Y range: the values' range padded by 10% of its span (of the value itself for a single value). */
export function paddedRange(values: number[]): [number, number] | null {
  if (values.length === 0) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = (max - min) * 0.1 || Math.abs(max) * 0.1 || 1;
  const round = (v: number) => Math.round(v * 100) / 100;
  return [round(min - pad), round(max + pad)];
}

/**
 * The Y axis's labels: round values (1, 2, 2.5 or 5 times a power of ten apart, about `target` of them)
 * inside the chart's range. Without them the axis labelled its two ends and a few values between,
 * and the top two could nearly touch ("122.5" over "121.9").
 */
export function valueTicks([min, max]: [number, number], target = 5): number[] {
  const span = max - min;
  if (!(span > 0)) return [min];
  const rough = span / (target - 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const norm = rough / magnitude;
  const nice = [1, 2, 2.5, 5, 10].reduce((best, n) => (Math.abs(n - norm) < Math.abs(best - norm) ? n : best));
  const step = nice * magnitude;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(Number(v.toFixed(10)));
  return ticks;
}

/** Sprints show 2 decimals, the rest 1. */
export const metricDecimals = (m: GrowthMetricKey) => (LOWER_IS_BETTER.includes(m) ? 2 : 1);
export const METRIC_UNITS: Record<GrowthMetricKey, 'cm' | 'kg' | 's' | 'h'> = {
  height: 'cm',
  weight: 'kg',
  armSpan: 'cm',
  handGrip: 'kg',
  sprint10m: 's',
  sprint20m: 's',
  standingLongJump: 'cm',
  verticalJump: 'cm',
  sleepingHours: 'h',
};
export const DEFAULT_SLEEP = SLEEP_DEFAULT_HOURS;
