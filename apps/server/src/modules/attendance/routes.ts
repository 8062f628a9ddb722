import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../../http/access.js';
import { route } from '../../http/route.js';
import { setParticipantStatus } from './service.js';

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
  route(app, 'setParticipantStatus', options, (req) =>
    req.tenant((tx) => setParticipantStatus(tx, { id: req.params.participantId }, req.body.status, onlyOwnEvents(req))),
  );
  route(app, 'setEventParticipantStatus', options, (req) =>
    req.tenant((tx) =>
      setParticipantStatus(tx, { eventId: req.params.eventId, userId: req.params.userId }, req.body.status, onlyOwnEvents(req)),
    ),
  );
}
