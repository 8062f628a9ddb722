// Why: the growth screens' lists and rules (which metrics, which is better lower, age groups) free of zod, so a
// screen that only shows records does not load the schemas (docs/domain.md, "Growth").
import { ageOn } from './dates.js';

/** The numeric measurements of a growth record (cm, kg, s; sleep in hours), in the form's order. */
export const GROWTH_METRICS = [
  'height',
  'weight',
  'armSpan',
  'handGrip',
  'sprint10m',
  'sprint20m',
  'standingLongJump',
  'verticalJump',
  'sleepingHours',
] as const;
export type GrowthMetricKey = (typeof GROWTH_METRICS)[number];

/** Sprints are better when lower (docs/domain.md, "Growth"). */
export const LOWER_IS_BETTER: readonly GrowthMetricKey[] = ['sprint10m', 'sprint20m'];
export const SLEEP_MAX_HOURS = 24;
export const SLEEP_DEFAULT_HOURS = 8;

// ── age groups (docs/domain.md, "Growth") ─────────────────────────────────────────────────

/** U8 (under 8), U10 (8 to under 10), U12, U14, U16, U18 (16 to under 18). */
export const AGE_GROUPS = ['U8', 'U10', 'U12', 'U14', 'U16', 'U18'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

/** The growth age group of a birthdate on a day; null without a birthdate or from 18 years on. */
export function ageGroupOf(birthdate: string | null | undefined, day: string): AgeGroup | null {
  if (!birthdate) return null;
  const age = ageOn(birthdate, day);
  if (Number.isNaN(age) || age >= 18) return null;
  if (age < 8) return 'U8';
  return AGE_GROUPS.find((group) => group === `U${Math.floor(age / 2) * 2 + 2}`) ?? null;
}
