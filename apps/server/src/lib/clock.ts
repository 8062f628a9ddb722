export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

const DAY_MS = 24 * 3600_000;

/**
 * Kora's clock moved by whole days (CLOCK_OFFSET_DAYS; docs/domain.md, "Automatic renewals and
 * retries"): outside production, a person can watch a month of renewals and retries in minutes by
 * restarting with a larger offset. Production refuses an offset at start (config.ts, startupRefusals).
 */
export function clockFor(config: { clockOffsetDays: number }, base: Clock = systemClock): Clock {
  if (config.clockOffsetDays === 0) return base;
  return { now: () => new Date(base.now().getTime() + config.clockOffsetDays * DAY_MS) };
}
