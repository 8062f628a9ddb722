import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import type { TenantTx } from '../../db/tenant.js';
import { ATTENDED_STATUSES } from '../players/service.js';

export interface ReturnedSessions {
  /** Participants of the events marked ATTENDED (or PLAYED). */
  attended: number;
  /** The sessions given back, per subscription. */
  returned: { subscriptionId: string; sessions: number }[];
}

/**
 * Session accounting (docs/domain.md, "Events, attendance and session accounting"), the one
 * statement for one mark and for many: `used` is a query of `(user_id, n)` rows, n sessions to give
 * back (n > 0) or to use (n < 0) per player. Each player's current session-based subscription (the
 * latest changed that is ACTIVE or TRIAL, or INACTIVE when sessions come back) moves by n, never
 * below 0 nor above its total; at 0 it becomes INACTIVE, and an INACTIVE one given sessions back
 * is ACTIVE again. The CTEs of a `with`, the last, `updated`, answering `(id, sessions)`: how many
 * sessions each subscription got back (negative when used).
 */
export const sessionMovesSql = (used: SQL, at: SQL) => sql`
  used as (${used}),
  target as (
    select distinct on (s.player_id) s.id, used.n, coalesce(s.sessions_left, 0) as before_, coalesce(s.total_sessions, 0) as total_
    from subscriptions s
    join packages p on p.id = s.package_id
    join used on used.user_id = s.player_id
    where p.package_type = 'SESSION_BASED' and (s.status in ('ACTIVE', 'TRIAL') or (used.n > 0 and s.status = 'INACTIVE'))
    order by s.player_id, s.updated_at desc
  ), moved as (
    select id, before_, least(total_, greatest(0, before_ + n)) as left_ from target
  ), updated as (
    update subscriptions s
    set sessions_left = moved.left_,
        status = case when moved.left_ = 0 then 'INACTIVE' when s.status = 'INACTIVE' then 'ACTIVE' else s.status end,
        updated_at = ${at}
    from moved
    where s.id = moved.id
    returning s.id, moved.left_ - moved.before_ as sessions
  )`;

/** One mark's session: used (-1) or given back (+1) at `at`, the mark's time. */
export async function moveSession(tx: TenantTx, playerId: string, delta: -1 | 1, at: Date) {
  const used = sql`select ${playerId}::uuid as user_id, ${delta}::int as n`;
  await tx.execute(sql`with ${sessionMovesSql(used, sql`${at.toISOString()}::timestamptz`)} select count(*) from updated`);
}

/**
 * Before events are deleted: gives back the sessions their ATTENDED (or PLAYED) participants used,
 * as if each had been changed back one by one, in one statement whatever their number. Answers how
 * many attendances there were and the sessions each subscription got back (for the audit row).
 */
export async function returnSessions(tx: TenantTx, eventIds: string[]): Promise<ReturnedSessions> {
  if (eventIds.length === 0) return { attended: 0, returned: [] };
  const eventList = sql.join(
    eventIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const attended = sql.join(
    ATTENDED_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const used = sql`
    select user_id, count(*)::int as n from participants
    where event_id in (${eventList}) and status in (${attended})
    group by user_id`;
  const [result] = rowsOf<ReturnedSessions>(
    await tx.execute(sql`
    with ${sessionMovesSql(used, sql`now()`)}
    select coalesce((select sum(n) from used), 0)::int as attended,
      coalesce((select json_agg(json_build_object('subscriptionId', id, 'sessions', sessions) order by id) from updated), '[]') as returned`),
  );
  return result;
}
