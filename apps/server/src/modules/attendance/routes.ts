import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../../http/access.js';
import { noteAudit } from '../../http/audit.js';
import { route } from '../../http/route.js';
import { messagingOf } from '../messages/enqueue.js';
import { tellAbsent } from '../messages/events.js';
import { markAllPresent, setParticipantStatus, syncAttendanceMarks } from './service.js';

/**
 * Who may mark only their own events: a member whose sole attendance right is W:MyTrainings marks
 * events they coach; W:Players (the player page) or W:Schedule marks any event (docs/domain.md).
 */
function onlyOwnEvents(req: FastifyRequest) {
  const { user } = authOf(req);
  return user.accountType?.canWritePlayers || user.accountType?.canWriteSchedule ? null : user.id;
}

/** Attendance marking: coaches from My Trainings (W:MyTrainings), staff from the player page (W:Players) or the schedule (W:Schedule). */
export async function attendanceRoutes(app: FastifyInstance) {
  const options = { access: { anyOf: ['canWriteMyTrainings' as const, 'canWritePlayers' as const, 'canWriteSchedule' as const] } };
  const messaging = messagingOf(app.deps.config);
  /** A mark, and (when it is an absence without notice and the academy tells them) the parents' message, in one transaction. */
  const mark = (
    req: FastifyRequest,
    where: Parameters<typeof setParticipantStatus>[1],
    status: Parameters<typeof setParticipantStatus>[2],
  ) =>
    req.tenant(async (tx) => {
      const marked = await setParticipantStatus(tx, where, status, onlyOwnEvents(req), app.deps.clock.now());
      if (marked.status === 'ABSENT') await tellAbsent(tx, messaging, marked.id);
      return marked;
    });
  route(app, 'setParticipantStatus', { ...options, audit: true }, (req) => mark(req, { id: req.params.participantId }, req.body.status));
  route(app, 'setEventParticipantStatus', { ...options, audit: true }, (req) =>
    mark(req, { eventId: req.params.eventId, userId: req.params.userId }, req.body.status),
  );
  // "Mark all present": the event's PENDING players, but not those a parent said can't come.
  route(app, 'markAllPresent', { ...options, audit: true }, async (req) => {
    const result = await req.tenant((tx) => markAllPresent(tx, req.params.eventId, onlyOwnEvents(req), app.deps.clock.now()));
    noteAudit(req, { marked: result.marked.length, skippedCantCome: result.skippedCantCome.length }, req.params.eventId);
    return result;
  });
  // Marks queued on a device while offline, sent when the connection returns (same rights as one mark):
  // an absence applied from them is told as one marked online is, in the same transaction.
  route(app, 'syncAttendance', { ...options, audit: true }, async (req) => {
    const results = await req.tenant(async (tx) => {
      const synced = await syncAttendanceMarks(tx, req.body.marks, {
        sentAt: req.body.sentAt,
        now: app.deps.clock.now(),
        markedBy: authOf(req).user.id,
        onlyCoachOf: onlyOwnEvents(req),
      });
      const absent = new Set(
        synced.filter((r) => r.outcome === 'APPLIED' && !r.duplicate && r.status === 'ABSENT').map((r) => r.participantId),
      );
      for (const participantId of absent) await tellAbsent(tx, messaging, participantId);
      return synced;
    });
    const count = (outcome: string, duplicate = false) => results.filter((r) => r.outcome === outcome && r.duplicate === duplicate).length;
    noteAudit(req, {
      applied: count('APPLIED'),
      superseded: count('SUPERSEDED'),
      rejected: count('REJECTED') + count('REJECTED', true),
      alreadyReceived: count('APPLIED', true) + count('SUPERSEDED', true),
    });
    return { results };
  });
}
