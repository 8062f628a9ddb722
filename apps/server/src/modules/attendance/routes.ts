import { participantStatusBody } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setParticipantStatus } from './service.js';

const reply = z.object({ id: z.uuid(), status: z.string() });

/** Attendance marking: coaches from My Trainings (W:MyTrainings), staff from the player page (W:Players). */
export async function attendanceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { anyOf: ['canWriteMyTrainings' as const, 'canWritePlayers' as const] } };
  const tags = ['attendance'];
  r.patch(
    '/api/participants/:participantId/status',
    { config, schema: { tags, params: z.object({ participantId: z.uuid() }), body: participantStatusBody, response: { 200: reply } } },
    (req) => req.tenant((tx) => setParticipantStatus(tx, { id: req.params.participantId }, req.body.status)),
  );
  r.patch(
    '/api/events/:eventId/participants/:userId',
    {
      config,
      schema: { tags, params: z.object({ eventId: z.uuid(), userId: z.uuid() }), body: participantStatusBody, response: { 200: reply } },
    },
    (req) => req.tenant((tx) => setParticipantStatus(tx, { eventId: req.params.eventId, userId: req.params.userId }, req.body.status)),
  );
}
