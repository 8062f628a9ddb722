import { riyadhToday } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { attendanceOf, sessionStatsOf, subscriptionsOfPlayer } from './service.js';

/** The player page's reads (R:Players). */
export async function playerRoutes(app: FastifyInstance) {
  const options = { access: { anyOf: ['canReadPlayers' as const] } };
  const today = () => riyadhToday(app.deps.clock.now());
  route(app, 'playerAttendance', options, (req) => req.tenant((tx) => attendanceOf(tx, req.params.id)));
  route(app, 'playerSubscriptions', options, (req) => req.tenant((tx) => subscriptionsOfPlayer(tx, req.params.id, today())));
  route(app, 'playerSessions', options, (req) => req.tenant((tx) => sessionStatsOf(tx, req.params.id, today())));
}
