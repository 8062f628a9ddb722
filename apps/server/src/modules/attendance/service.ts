import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { packages, participants, subscriptions } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { ATTENDED_STATUSES } from '../players/service.js';

/**
 * Sets a participant's status. Marking ATTENDED (or PLAYED) uses one session of the player's
 * current session-based subscription, and changing it back returns the session; at 0 left the
 * subscription becomes INACTIVE (renewable), and a returned session re-activates it.
 */
export async function setParticipantStatus(tx: Tx, where: { id: string } | { eventId: string; userId: string }, status: string) {
  const condition =
    'id' in where ? eq(participants.id, where.id) : and(eq(participants.eventId, where.eventId), eq(participants.userId, where.userId));
  const [before] = await tx.select().from(participants).where(condition).for('update');
  if (!before) throw notFound('Participant not found');
  const wasAttended = ATTENDED_STATUSES.includes(before.status);
  const isAttended = ATTENDED_STATUSES.includes(status);
  await tx.update(participants).set({ status, updatedAt: new Date() }).where(eq(participants.id, before.id));
  if (wasAttended !== isAttended) await moveSession(tx, before.userId, isAttended ? -1 : 1);
  return { id: before.id, status };
}

async function moveSession(tx: Tx, playerId: string, delta: -1 | 1) {
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
