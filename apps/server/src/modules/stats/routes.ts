import type { FastifyInstance } from 'fastify';
import { serializeAnswer } from '../../http/json-text.js';
import { sendCachedList } from '../../http/list-cache.js';
import { route } from '../../http/route.js';
import { monthlyStats } from './service.js';

/** The dashboard's figures for this month (docs/domain.md, "Monthly stats"). */
export async function statsRoutes(app: FastifyInstance) {
  route(app, 'monthlyStats', { access: { anyOf: ['canReadDashboard'] } }, (req, reply) =>
    sendCachedList(req, reply, 'stats', async (tx) => serializeAnswer('monthlyStats', await monthlyStats(tx, app.deps.clock.now()))),
  );
}
