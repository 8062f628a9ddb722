import type { Config } from '../config.js';
import type { Count, Counters } from '../http/counters.js';

/**
 * How many text messages Kora sends (docs/domain.md, "Text messages"),
 * counted in the shared `counters` table (http/counters.ts: one atomic upsert, the same on PostgreSQL
 * and PGlite, shared by every process), never per academy alone:
 * - per destination number, across ALL academies: `perNumber15Min` in 15 minutes and `perNumberDay`
 *   in 24 hours (the same caps bound sign-in codes mailed to one e-mail address);
 * - per academy: `perAcademyDay` texts in 24 hours;
 * - overall: `perHour` texts an hour, whichever academy sends them.
 * Each is multiplied by RATE_LIMIT_SCALE and set by SMS_PER_NUMBER_15MIN, SMS_PER_NUMBER_DAY,
 * SMS_PER_ACADEMY_DAY and SMS_PER_HOUR.
 */
export type SmsCap = 'number_15min' | 'number_day' | 'academy_day' | 'hour';

export interface SmsRefusal {
  cap: SmsCap;
  /** The cap's size. */
  limit: number;
  /** Milliseconds until the cap's window ends. */
  retryAfterMs: number;
}

const MINUTE = 60_000;
const WINDOWS: Record<SmsCap, number> = {
  number_15min: 15 * MINUTE,
  number_day: 24 * 60 * MINUTE,
  academy_day: 24 * 60 * MINUTE,
  hour: 60 * MINUTE,
};

export function smsCaps(config: Pick<Config, 'smsCaps' | 'rateLimitScale'>): Record<SmsCap, number> {
  const scaled = (n: number) => Math.max(1, Math.round(n * config.rateLimitScale));
  return {
    number_15min: scaled(config.smsCaps.perNumber15Min),
    number_day: scaled(config.smsCaps.perNumberDay),
    academy_day: scaled(config.smsCaps.perAcademyDay),
    hour: scaled(config.smsCaps.perHour),
  };
}

/** A destination's keys: an E.164 number or an e-mail in lower case, whatever academy sends. */
const destinationKeys = (to: string) => ({ number_15min: `dest:15m:${to}`, number_day: `dest:day:${to}` });
export const academyDayKey = (academyId: string) => `sms:academy-day:${academyId}`;
const HOUR_KEY = 'sms:hour';

/** A number or address as logs show it: enough to tell two apart, not enough to text or mail it. */
export const masked = (to: string) => (to.includes('@') ? `${to.slice(0, 2)}…@${to.split('@')[1]}` : `${to.slice(0, 5)}…${to.slice(-3)}`);

interface Logger {
  warn(obj: object, msg: string): void;
}

export interface SmsBudget {
  readonly caps: Record<SmsCap, number>;
  /**
   * Counts one message to a destination (its 15 minutes, then, when within them, its day) and answers
   * the cap it is over, or null. Counted before it is checked, so callers racing each other never overrun a cap.
   */
  takeDestination(to: string): Promise<SmsRefusal | null>;
  /**
   * Counts one text of the academy against its day, then (only when the academy is within it) against
   * everyone's hour: an academy over its own cap never uses up the others' budget.
   */
  takeSender(academyId: string): Promise<SmsRefusal | null>;
  /** Both, in that order: a number over its caps uses up neither the academy's day nor the hour. */
  take(academyId: string, to: string): Promise<SmsRefusal | null>;
  /** Whether the academy's next text would be refused now (its day or the hour used up), without counting one. */
  blocked(academyId: string): Promise<SmsRefusal | null>;
  /** The academy's texts in its current 24-hour window (the bell: over the cap means texts were stopped). */
  academyDay(academyId: string): Promise<Count & { limit: number }>;
}

export function createSmsBudget(counters: Counters, config: Pick<Config, 'smsCaps' | 'rateLimitScale'>, log: Logger): SmsBudget {
  const caps = smsCaps(config);
  const refusal = (cap: SmsCap, count: Count, detail: object): SmsRefusal | null => {
    if (count.count <= caps[cap]) return null;
    // Logged each time a cap stops a message (a flood shows as many lines: the log is the alarm).
    log.warn({ cap, limit: caps[cap], count: count.count, ...detail }, 'sms cap reached: message not sent');
    return { cap, limit: caps[cap], retryAfterMs: count.ttlMs || WINDOWS[cap] };
  };
  const budget: SmsBudget = {
    caps,
    async takeDestination(to) {
      const keys = destinationKeys(to);
      // Each window is one atomic upsert of its own (counted before checked: callers racing never overrun it).
      const quarter = await counters.hit(keys.number_15min, WINDOWS.number_15min);
      const over = refusal('number_15min', quarter, { to: masked(to) });
      if (over) return over;
      return refusal('number_day', await counters.hit(keys.number_day, WINDOWS.number_day), { to: masked(to) });
    },
    async takeSender(academyId) {
      const academy = await counters.hit(academyDayKey(academyId), WINDOWS.academy_day);
      const byAcademy = refusal('academy_day', academy, { academyId });
      if (byAcademy) return byAcademy;
      return refusal('hour', await counters.hit(HOUR_KEY, WINDOWS.hour), { academyId });
    },
    async take(academyId, to) {
      return (await budget.takeDestination(to)) ?? (await budget.takeSender(academyId));
    },
    async blocked(academyId) {
      const [academy, hour] = await counters.peekAll([academyDayKey(academyId), HOUR_KEY]);
      const cap: SmsCap | null = academy.count >= caps.academy_day ? 'academy_day' : hour.count >= caps.hour ? 'hour' : null;
      if (!cap) return null;
      const count = cap === 'hour' ? hour : academy;
      log.warn({ cap, limit: caps[cap], count: count.count, academyId }, 'sms cap reached: message not sent');
      return { cap, limit: caps[cap], retryAfterMs: count.ttlMs || WINDOWS[cap] };
    },
    async academyDay(academyId) {
      const [count] = await counters.peekAll([academyDayKey(academyId)]);
      return { ...count, limit: caps.academy_day };
    },
  };
  return budget;
}
