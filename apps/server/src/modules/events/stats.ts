import { type MonthlyStats, riyadhToday } from '@kora/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import type { TenantTx } from '../../db/tenant.js';
import { addDays, addMonthsIso } from '../../lib/dates.js';

/** A calendar month in Asia/Riyadh: its first and last day, and the instants it starts and ends. */
export function riyadhMonth(firstDay: string) {
  const next = addMonthsIso(firstDay, 1);
  return {
    start: firstDay,
    end: addDays(next, -1),
    // Riyadh is UTC+3 all year (no daylight saving time).
    from: new Date(`${firstDay}T00:00:00+03:00`),
    to: new Date(`${next}T00:00:00+03:00`),
  };
}

/**
 * The dashboard's figures for the current calendar month in Asia/Riyadh (docs/domain.md, "Monthly
 * stats"), in one statement: active players (an ACTIVE or TRIAL subscription overlapping the
 * month), new players (created in the month), retention (percent of last month's active players
 * still active this month, 0 without any last month) and coach hours (duration × coaches, summed
 * over the month's events).
 */
export async function monthlyStats(tx: TenantTx, now: Date): Promise<MonthlyStats> {
  const month = riyadhMonth(`${riyadhToday(now).slice(0, 7)}-01`);
  const last = riyadhMonth(addMonthsIso(month.start, -1));
  const overlaps = (m: { start: string; end: string }) =>
    sql`(start_date is null or start_date <= ${m.end}::date) and (end_date is null or end_date >= ${m.start}::date)`;

  const [figures] = rowsOf<{ active: number; previous: number; retained: number; joined: number; minutes: number | string | null }>(
    await tx.execute(sql`
      select p.active, p.previous, p.retained,
        (select count(*)::int from users
          where role = 'PLAYER' and created_at >= ${month.from.toISOString()}::timestamptz and created_at < ${month.to.toISOString()}::timestamptz
        ) as joined,
        (select coalesce(sum(extract(epoch from (e.end_time::time - e.time::time)) / 60), 0)::float8
          from events e
          join event_coaches ec on ec.event_id = e.id -- one row per coach: duration × number of coaches
          where e.date between ${month.start}::date and ${month.end}::date
        ) as minutes
      from (
        select count(*) filter (where cur)::int as active,
               count(*) filter (where prev)::int as previous,
               count(*) filter (where cur and prev)::int as retained
        from (
          select player_id, bool_or(${overlaps(month)}) as cur, bool_or(${overlaps(last)}) as prev
          from subscriptions
          where status in ('ACTIVE', 'TRIAL')
          group by player_id
        ) as each_player
      ) as p`),
  );
  return {
    monthlyActivePlayers: figures.active,
    monthlyNewPlayers: figures.joined,
    monthlyRetentionRate: figures.previous === 0 ? 0 : Math.round((100 * figures.retained) / figures.previous),
    monthlyCoachHours: Math.round((Number(figures.minutes ?? 0) / 60) * 100) / 100,
  };
}
