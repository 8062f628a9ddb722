import type { AttendanceMark, AttendanceMarkResult, MarkAllPresentReply, ParticipantStatus } from '@kora/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { attendanceMarks, eventCoaches, events, participants } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { forbidden, HttpError, notFound } from '../../http/errors.js';
import { ATTENDED_STATUSES } from '../players/service.js';
import { moveSession, sessionMovesSql } from './sessions.js';

type Participant = typeof participants.$inferSelect;

/**
 * Locks a participant for a change of its attendance (the row stays locked until the transaction
 * ends, so two marks of the same player never interleave). `onlyCoachOf`: the marking member may
 * mark only events they coach (W:MyTrainings alone).
 */
async function lockParticipant(tx: TenantTx, where: { id: string } | { eventId: string; userId: string }, onlyCoachOf: string | null) {
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
  return before;
}

/**
 * The one place a status changes (online or synced): marking ATTENDED (or PLAYED) uses one session
 * of the player's current session-based subscription, and changing it back returns the session.
 * `at` is when the change was made, kept as the participant's `updatedAt`.
 */
async function applyStatus(tx: TenantTx, before: Participant, status: ParticipantStatus, at: Date) {
  const wasAttended = ATTENDED_STATUSES.includes(before.status);
  const isAttended = ATTENDED_STATUSES.includes(status);
  await tx.update(participants).set({ status, updatedAt: at }).where(eq(participants.id, before.id));
  if (wasAttended !== isAttended) await moveSession(tx, before.userId, isAttended ? -1 : 1, at);
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
  onlyCoachOf: string | null,
  at: Date,
) {
  const before = await lockParticipant(tx, where, onlyCoachOf);
  await applyStatus(tx, before, status, at);
  return { id: before.id, status };
}

/**
 * "Mark all present" (docs/domain.md, "Events, attendance and session accounting"): every PENDING
 * participant of the event becomes ATTENDED and uses a session as one mark does, except those a
 * parent said can't come, who stay PENDING and are answered as skipped. One statement marks them and
 * moves their sessions, whatever their number; 404 for an unknown event, 403 for a member who may
 * mark only the events they coach (`onlyCoachOf`).
 */
export async function markAllPresent(tx: TenantTx, eventId: string, onlyCoachOf: string | null, at: Date): Promise<MarkAllPresentReply> {
  const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw notFound('event.not_found');
  if (onlyCoachOf) {
    const [coach] = await tx
      .select({ id: eventCoaches.coachId })
      .from(eventCoaches)
      .where(and(eq(eventCoaches.eventId, eventId), eq(eventCoaches.coachId, onlyCoachOf)));
    if (!coach) throw forbidden('attendance.not_your_event');
  }
  const stamp = sql`${at.toISOString()}::timestamptz`;
  const [result] = rowsOf<MarkAllPresentReply>(
    await tx.execute(sql`
      with marked as (
        update participants set status = 'ATTENDED', updated_at = ${stamp}
        where event_id = ${eventId} and status = 'PENDING' and cant_come_at is null
        returning id, user_id
      ), ${sessionMovesSql(sql`select user_id, -1::int as n from marked`, stamp)}
      select
        (select coalesce(json_agg(json_build_object('id', id, 'userId', user_id) order by id), '[]') from marked) as marked,
        (select coalesce(json_agg(json_build_object('id', id, 'userId', user_id) order by id), '[]')
          from participants where event_id = ${eventId} and status = 'PENDING' and cant_come_at is not null) as "skippedCantCome",
        (select count(*) from updated)::int as sessions`),
  );
  return { marked: result.marked, skippedCantCome: result.skippedCantCome };
}

/** A device clock within this of the server's is taken as right (docs/domain.md, "Attendance taken offline"). */
export const SKEW_IGNORED_MS = 5_000;

export interface SyncOptions {
  /** The device's clock when it sent the marks. */
  sentAt: string;
  /** The server's clock. */
  now: Date;
  /** The member who sent them. */
  markedBy: string;
  onlyCoachOf: string | null;
}

/**
 * Applies attendance marks a device queued offline (docs/domain.md, "Attendance taken offline").
 * Each mark is applied once by its id: a mark already received answers what became of it and
 * changes nothing, so a retry never charges a session twice. A mark made before the participant's
 * last change on the server loses to it (SUPERSEDED, the server's status answered); otherwise it
 * is applied exactly as an online mark, with its own time as the participant's last change. Device
 * times are moved by the difference between the two clocks at sending (when it exceeds
 * SKEW_IGNORED_MS), and never lie ahead of now.
 * A mark that cannot apply (participant gone, not an event the member coaches) is REJECTED with its
 * code while the others apply. Participants are locked in one order whatever the request's.
 */
export async function syncAttendanceMarks(tx: TenantTx, marks: AttendanceMark[], options: SyncOptions): Promise<AttendanceMarkResult[]> {
  const now = options.now.getTime();
  // Differences under SKEW_IGNORED_MS are the call's own travel time, not a clock that is off.
  const measured = now - Date.parse(options.sentAt);
  const skew = Math.abs(measured) < SKEW_IGNORED_MS ? 0 : measured;
  const order = marks
    .map((mark, index) => ({ mark, index }))
    .sort((a, b) => a.mark.participantId.localeCompare(b.mark.participantId) || Date.parse(a.mark.markedAt) - Date.parse(b.mark.markedAt));
  const results: AttendanceMarkResult[] = new Array(marks.length);
  for (const { mark, index } of order) {
    const base = { id: mark.id, participantId: mark.participantId };
    let before: Participant;
    try {
      before = await lockParticipant(tx, { id: mark.participantId }, options.onlyCoachOf);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      results[index] = { ...base, outcome: 'REJECTED', status: null, duplicate: false, code: err.code };
      continue;
    }
    const [known] = await tx.select().from(attendanceMarks).where(eq(attendanceMarks.id, mark.id));
    if (known) {
      results[index] =
        known.participantId === mark.participantId && known.status === mark.status
          ? { ...base, outcome: known.outcome, status: before.status, duplicate: true, code: null }
          : { ...base, outcome: 'REJECTED', status: before.status, duplicate: true, code: 'attendance.mark_reused' };
      continue;
    }
    const markedAt = new Date(Math.min(now, Date.parse(mark.markedAt) + skew));
    // A later change on the server wins; one that already gave the mark's status leaves nothing to do.
    const later = before.updatedAt.getTime() > markedAt.getTime();
    const superseded = later && before.status !== mark.status;
    if (!later) await applyStatus(tx, before, mark.status, markedAt);
    const outcome = superseded ? 'SUPERSEDED' : 'APPLIED';
    await tx.insert(attendanceMarks).values({
      academyId: tx.academyId,
      id: mark.id,
      participantId: mark.participantId,
      status: mark.status,
      markedAt,
      markedBy: options.markedBy,
      outcome,
    });
    results[index] = { ...base, outcome, status: superseded ? before.status : mark.status, duplicate: false, code: null };
  }
  return results;
}
