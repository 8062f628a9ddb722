import { addDaysIso, addMonthsIso, type MonthlyStats, riyadhDayStart, riyadhToday } from '@kora/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { riyadhDay } from '../../db/riyadh.js';
import type { TenantTx } from '../../db/tenant.js';

/** A calendar month in Asia/Riyadh: its first and last day, and the instants it starts and ends. */
export function riyadhMonth(firstDay: string) {
  const next = addMonthsIso(firstDay, 1);
  return {
    start: firstDay,
    end: addDaysIso(next, -1),
    from: riyadhDayStart(firstDay),
    to: riyadhDayStart(next),
  };
}

/**
 * The last day a subscription ran, for one that did (was paid for), else no row: ACTIVE, TRIAL,
 * PAUSED, INACTIVE, or CANCELLED with a paid payment. It ran from its start to its end date, or to
 * the day it was paused or cancelled if earlier; a session-based one that lapsed (no end date) to
 * the day its last session went (its last change). Null: still running, no end.
 */
const ranUntil = sql`least(s.end_date, case s.status
    when 'PAUSED' then ${riyadhDay(sql`s.paused_at`)}
    when 'CANCELLED' then ${riyadhDay(sql`s.updated_at`)}
    when 'INACTIVE' then ${riyadhDay(sql`s.updated_at`)} end)`;
const ran = sql`(s.status in ('ACTIVE', 'TRIAL', 'PAUSED', 'INACTIVE')
    or (s.status = 'CANCELLED' and exists (select 1 from payments pm where pm.subscription_id = s.id and pm.status = 'PAID')))`;

/**
 * The dashboard's figures for the current calendar month in Asia/Riyadh (docs/domain.md, "Monthly
 * stats"), in one statement: active players (an ACTIVE or TRIAL subscription overlapping the
 * month), new players (created in the month), retention (percent of last month's active players
 * still active this month, 0 without any last month) and coach hours (duration × coaches, summed
 * over the month's events). Last month's active players are those with a subscription that ran
 * during it, whatever became of it since: by current statuses alone, the players who lapsed or
 * cancelled left the base and retention read 100 %.
 */
export async function monthlyStats(tx: TenantTx, now: Date): Promise<MonthlyStats> {
  const month = riyadhMonth(`${riyadhToday(now).slice(0, 7)}-01`);
  const last = riyadhMonth(addMonthsIso(month.start, -1));
  const overlaps = (m: { start: string; end: string }, until: SQL = sql`s.end_date`) =>
    sql`(s.start_date is null or s.start_date <= ${m.end}::date) and (${until} is null or ${until} >= ${m.start}::date)`;

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
          select s.player_id, bool_or(s.status in ('ACTIVE', 'TRIAL') and ${overlaps(month)}) as cur,
            bool_or(${overlaps(last, ranUntil)}) as prev
          from subscriptions s
          where ${ran}
          group by s.player_id
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
