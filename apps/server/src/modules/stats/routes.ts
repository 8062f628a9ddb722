import type { FastifyInstance } from 'fastify';
import { serializeAnswer } from '../../http/json-text.js';
import { sendCachedList } from '../../http/list-cache.js';
import { route } from '../../http/route.js';
import { monthCollections } from './collections.js';
import { monthlyStats } from './service.js';

/** The dashboard's figures for this month (docs/domain.md, "Monthly stats" and "Collected this month"). */
export async function statsRoutes(app: FastifyInstance) {
  route(app, 'monthlyStats', { access: { anyOf: ['canReadDashboard'] } }, (req, reply) =>
    sendCachedList(req, reply, 'stats', async (tx) => serializeAnswer('monthlyStats', await monthlyStats(tx, app.deps.clock.now()))),
  );
  // Money, like the payments history and the invoices of a period: R:Settings.
  route(app, 'monthCollections', { access: { anyOf: ['canReadSettings'] } }, (req) =>
    req.tenant((tx) => monthCollections(tx, app.deps.clock.now())),
  );
}
