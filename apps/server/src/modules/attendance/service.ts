import type { ParticipantStatus } from '@kora/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { eventCoaches, packages, participants, subscriptions } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { forbidden, notFound } from '../../http/errors.js';
import { ATTENDED_STATUSES } from '../players/service.js';

export interface ReturnedSessions {
  /** Participants of the events marked ATTENDED (or PLAYED). */
  attended: number;
  /** The sessions given back, per subscription. */
  returned: { subscriptionId: string; sessions: number }[];
}

/**
 * Sets a participant's status. Marking ATTENDED (or PLAYED) uses one session of the player's
 * current session-based subscription, and changing it back returns the session; at 0 left the
 * subscription becomes INACTIVE (renewable), and a returned session re-activates it.
 * `onlyCoachOf`: the marking member may mark only events they coach (W:MyTrainings alone).
 */
export async function setParticipantStatus(
  tx: TenantTx,
  where: { id: string } | { eventId: string; userId: string },
  status: ParticipantStatus,
  onlyCoachOf: string | null = null,
) {
  const condition =
    'id' in where ? eq(participants.id, where.id) : and(eq(participants.eventId, where.eventId), eq(participants.userId, where.userId));
  const [before] = await tx.select().from(participants).where(condition).for('update');
  if (!before) throw notFound('participant.not_found');
  if (onlyCoachOf) {
    const [coach] = await tx
      .select({ id: eventCoaches.coachId })
      .from(eventCoaches)
      .where(and(eq(eventCoaches.eventId, before.eventId), eq(eventCoaches.coachId, onlyCoachOf)));
    if (!coach) throw forbidden('attendance.not_your_event');
  }
  const wasAttended = ATTENDED_STATUSES.includes(before.status);
  const isAttended = ATTENDED_STATUSES.includes(status);
  await tx.update(participants).set({ status, updatedAt: new Date() }).where(eq(participants.id, before.id));
  if (wasAttended !== isAttended) await moveSession(tx, before.userId, isAttended ? -1 : 1);
  return { id: before.id, status };
}

async function moveSession(tx: TenantTx, playerId: string, delta: -1 | 1) {
  const [current] = await tx
    .select({ s: subscriptions })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .where(
      and(
        eq(subscriptions.playerId, playerId),
        eq(packages.packageType, 'SESSION_BASED'),
        inArray(subscriptions.status, delta < 0 ? ['ACTIVE', 'TRIAL'] : ['ACTIVE', 'TRIAL', 'INACTIVE']),
      ),
    )
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1);
  if (!current) return;
  const s = current.s;
  const left = Math.max(0, Math.min(s.totalSessions ?? 0, (s.sessionsLeft ?? 0) + delta));
  const status = left === 0 ? 'INACTIVE' : s.status === 'INACTIVE' ? 'ACTIVE' : s.status;
  await tx.update(subscriptions).set({ sessionsLeft: left, status, updatedAt: new Date() }).where(eq(subscriptions.id, s.id));
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
  const [result] = rowsOf<ReturnedSessions>(
    await tx.execute(sql`
    with used as (
      select user_id, count(*)::int as n from participants
      where event_id in (${eventList}) and status in (${attended})
      group by user_id
    ), target as (
      select distinct on (s.player_id) s.id, used.n
      from subscriptions s
      join packages p on p.id = s.package_id
      join used on used.user_id = s.player_id
      where p.package_type = 'SESSION_BASED' and s.status in ('ACTIVE', 'TRIAL', 'INACTIVE')
      order by s.player_id, s.updated_at desc
    ), moved as (
      select target.id, coalesce(s.sessions_left, 0) as before_,
        least(coalesce(s.total_sessions, 0), greatest(0, coalesce(s.sessions_left, 0) + target.n)) as left_
      from target join subscriptions s on s.id = target.id
    ), updated as (
      update subscriptions s
      set sessions_left = moved.left_,
          status = case when moved.left_ = 0 then 'INACTIVE' when s.status = 'INACTIVE' then 'ACTIVE' else s.status end,
          updated_at = now()
      from moved
      where s.id = moved.id
      returning s.id, moved.left_ - moved.before_ as sessions
    )
    select coalesce((select sum(n) from used), 0)::int as attended,
      coalesce((select json_agg(json_build_object('subscriptionId', id, 'sessions', sessions) order by id) from updated), '[]') as returned`),
  );
  return result;
}
