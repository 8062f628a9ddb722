import { z } from 'zod';
import { isoDate } from './common.js';
import { breakfastSourceSchema } from './enums.js';
import { AGE_GROUPS, GROWTH_METRICS, SLEEP_MAX_HOURS } from './growth-rules.js';
import { ERRORS } from './messages.js';
import { recordOf } from './records.js';
import { teamRefSchema } from './users.js';

export const growthMetricSchema = z.object({
  id: z.uuid(),
  playerId: z.uuid(),
  date: z.string(),
  height: z.number().nullable(),
  weight: z.number().nullable(),
  armSpan: z.number().nullable(),
  handGrip: z.number().nullable(),
  sprint10m: z.number().nullable(),
  sprint20m: z.number().nullable(),
  standingLongJump: z.number().nullable(),
  verticalJump: z.number().nullable(),
  breakfastSource: breakfastSourceSchema.nullable(),
  sleepingHours: z.number().nullable(),
});
export type GrowthMetric = z.infer<typeof growthMetricSchema>;

const HEIGHT_WEIGHT = ERRORS['growth.height_weight_positive'];
const NEGATIVE = ERRORS['growth.metric_negative'];
const DATE_INVALID = ERRORS['growth.date_invalid'];

const positive = z.number({ error: HEIGHT_WEIGHT }).gt(0, HEIGHT_WEIGHT).max(1000);
/** An optional measurement: absent or null is "not measured", otherwise at least 0. */
const measurement = (max: number, tooBig?: string) =>
  z
    .number()
    .min(0, NEGATIVE)
    .max(max, tooBig)
    .nullish()
    .transform((v) => v ?? null);

/**
 * A growth record's fields (`PUT /api/growth-metrics/{id}`): a real date that is not in the future
 * (checked by the server against Riyadh's today), height and weight above zero, every other
 * measurement at least 0, sleep at most 24 hours, breakfast at Home, at School or not given.
 */
export const growthMetricFields = z.object({
  date: z.string({ error: DATE_INVALID }).pipe(isoDate(DATE_INVALID)),
  height: positive,
  weight: positive,
  armSpan: measurement(1000),
  handGrip: measurement(1000),
  sprint10m: measurement(1000),
  sprint20m: measurement(1000),
  standingLongJump: measurement(10_000),
  verticalJump: measurement(1000),
  breakfastSource: breakfastSourceSchema.nullish().transform((v) => v ?? null),
  sleepingHours: measurement(SLEEP_MAX_HOURS, ERRORS['growth.sleep_max']),
});
/** A new record (`POST /api/growth-metrics`): the fields and the player, who must be a player of the academy. */
export const growthMetricBody = growthMetricFields.extend({ playerId: z.uuid() });
export type GrowthMetricFields = z.input<typeof growthMetricFields>;
export type GrowthMetricBody = z.input<typeof growthMetricBody>;
export type ParsedGrowthMetricFields = z.output<typeof growthMetricFields>;

export const growthPlayerRowSchema = z.object({
  player: z.object({
    id: z.uuid(),
    name: z.string(),
    nameArabic: z.string().nullable(),
    avatar: z.string().nullable(),
    birthdate: z.string().nullable(),
    teams: z.array(teamRefSchema),
  }),
  latest: growthMetricSchema.nullable(),
});
export type GrowthPlayerRow = z.infer<typeof growthPlayerRowSchema>;

export const playerIdParamsSchema = z.object({ playerId: z.uuid() });

// ── age groups (docs/domain.md, "Growth") ─────────────────────────────────────────────────

export const ageGroupSchema = z.enum(AGE_GROUPS);

/**
 * The medians of a player's age group in the academy, month by month
 * (`GET /api/growth-metrics/player/{playerId}/age-group-medians`): the peers are the players in the
 * player's age group today (the player included); each month takes each peer's latest record of
 * that month, and each metric's median over the peers measured that month.
 */
export const growthMediansSchema = z.object({
  ageGroup: ageGroupSchema.nullable(),
  /** Players of the academy in that age group today. */
  playersCount: z.number().int(),
  months: z.array(
    z.object({
      /** yyyy-MM */
      month: z.string(),
      /** Peers with a record that month. */
      count: z.number().int(),
      ...recordOf(GROWTH_METRICS, () => z.number().nullable()),
    }),
  ),
});
export type GrowthMedians = z.infer<typeof growthMediansSchema>;

/** The median of some numbers (the mean of the two middle ones for an even count); null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
