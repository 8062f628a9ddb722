import { attendanceRecordSchema, idParamsSchema, participationSchema, sessionStatsSchema, subscriptionSchema } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attendanceOf, participationsOf, sessionStatsOf, subscriptionsOfPlayer } from './service.js';

/** The player page's reads (R:Players). */
export async function playerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { anyOf: ['canReadPlayers' as const] } };
  const tags = ['players'];
  r.get(
    '/api/players/:id/attendance',
    { config, schema: { tags, params: idParamsSchema, response: { 200: z.array(attendanceRecordSchema) } } },
    (req) => req.tenant((tx) => attendanceOf(tx, req.params.id)),
  );
  r.get(
    '/api/players/:id/subscriptions',
    { config, schema: { tags, params: idParamsSchema, response: { 200: z.array(subscriptionSchema) } } },
    (req) => req.tenant((tx) => subscriptionsOfPlayer(tx, req.params.id)),
  );
  r.get('/api/players/:id/sessions', { config, schema: { tags, params: idParamsSchema, response: { 200: sessionStatsSchema } } }, (req) =>
    req.tenant((tx) => sessionStatsOf(tx, req.params.id)),
  );
  r.get(
    '/api/events/player/:playerId',
    { config, schema: { tags, params: z.object({ playerId: z.uuid() }), response: { 200: z.array(participationSchema) } } },
    (req) => req.tenant((tx) => participationsOf(tx, req.params.playerId)),
  );
}
