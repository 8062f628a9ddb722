import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { inArray, lt, sql } from 'drizzle-orm';
import { rowsOf } from '../db/client.js';
import { counters } from '../db/schema.js';
import type { DataAccess } from '../db/tenant.js';

/**
 * Counters that expire (rate limits, login throttling), kept in the database so that every API
 * process counts together (docs/domain.md, "Signing in safely"): two processes behind one balancer share one limit; on the
 * embedded database too, so that a restart forgets neither a lockout nor an owner's known address.
 * Time comes from the app's clock, so tests can move it.
 */
export interface Counters {
  /** Counts one more within the window (a new window when the last one is over). */
  hit(key: string, windowMs: number): Promise<Count>;
  /**
   * Counts one more on each of several different keys in one statement, answering their counts in
   * order: atomic, so of many callers at once each sees its own count (a limit is never overrun).
   */
  hitAll(keys: string[], windowMs: number): Promise<Count[]>;
  /** The counts so far of several keys at once (one statement), in their order: 0 when there is none or its window is over. */
  peekAll(keys: string[]): Promise<Count[]>;
  clear(key: string): Promise<void>;
}
export interface Count {
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

export function databaseCounters(data: DataAccess, now: () => Date): Counters {
  let hits = 0;
  const hitAll = async (keys: string[], windowMs: number) => {
    const at = now();
    const resetAt = new Date(at.getTime() + windowMs).toISOString();
    // Rows locked in one order by every caller, so two upserts of the same keys never deadlock.
    const values = [...keys].sort().map((key) => sql`(${key}, 1, ${resetAt}::timestamptz)`);
    const rows = await data.statement(async (tx) =>
      rowsOf<{ key: string; count: number; reset_at: string | Date }>(
        await tx.execute(sql`
          insert into counters (key, count, reset_at) values ${sql.join(values, sql`, `)}
          on conflict (key) do update set
            count = case when counters.reset_at <= ${at.toISOString()}::timestamptz then 1 else counters.count + 1 end,
            reset_at = case when counters.reset_at <= ${at.toISOString()}::timestamptz then excluded.reset_at else counters.reset_at end
          returning key, count, reset_at`),
      ),
    );
    // Now and then, forget windows that are over (any process may; it is idempotent).
    if (++hits % 1000 === 0) await data.statement((tx) => tx.delete(counters).where(lt(counters.resetAt, at)));
    return keys.map((key) => {
      const row = rows.find((r) => r.key === key);
      if (!row) throw new Error(`counter ${key} was not counted`);
      return { count: Number(row.count), ttlMs: Math.max(0, new Date(row.reset_at).getTime() - at.getTime()) };
    });
  };
  return {
    hitAll,
    async hit(key, windowMs) {
      const [count] = await hitAll([key], windowMs);
      return count;
    },
    async peekAll(keys) {
      const at = now();
      const rows = await data.statement((tx) => tx.select().from(counters).where(inArray(counters.key, keys)));
      return keys.map((key) => {
        const row = rows.find((r) => r.key === key);
        if (!row || row.resetAt <= at) return { count: 0, ttlMs: 0 };
        return { count: row.count, ttlMs: row.resetAt.getTime() - at.getTime() };
      });
    },
    async clear(key) {
      await data.statement((tx) => tx.delete(counters).where(sql`${counters.key} = ${key}`));
    },
  };
}

/**
 * A store for @fastify/rate-limit over these counters (its contract: `incr(key, cb, timeWindow)`
 * answering `{current, ttl}`, and `child(routeOptions)` for per-route keys).
 */
export function rateLimitStore(store: Counters) {
  return class CountersStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    // The plugin constructs the global store with its options, children with a per-route prefix.
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'rl:';
    }
    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
      store.hit(`${this.prefix}${key}`, timeWindow).then(
        ({ count, ttlMs }) => cb(null, { current: count, ttl: ttlMs }),
        (err: Error) => cb(err),
      );
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // At run time the plugin passes its merged options with the route under `routeInfo` (its Redis store reads it so).
      const info: { method?: unknown; url?: unknown } = Reflect.get(routeOptions, 'routeInfo') ?? routeOptions;
      return new CountersStore(`rl:${String(info.method)}${String(info.url)}:`);
    }
  };
}
