import type { FastifyInstance } from 'fastify';
import { sendCachedList } from '../../http/list-cache.js';
import { route } from '../../http/route.js';
import { ageGroupMedians, createGrowthMetric, deleteGrowthMetric, growthPlayersJson, playerGrowth, updateGrowthMetric } from './service.js';

const read = { access: { anyOf: ['canReadGrowth' as const] } };
const write = { access: { anyOf: ['canWriteGrowth' as const] } };

/** Growth tracking: R:Growth reads the list and a player's history, W:Growth adds, edits and deletes records (docs/domain.md). */
export async function growthRoutes(app: FastifyInstance) {
  const now = () => app.deps.clock.now();
  route(app, 'listGrowthPlayers', read, (req, reply) => sendCachedList(req, reply, 'growth', growthPlayersJson));
  route(app, 'playerGrowth', read, (req) => req.tenant((tx) => playerGrowth(tx, req.params.playerId)));
  route(app, 'growthAgeGroupMedians', read, (req) => req.tenant((tx) => ageGroupMedians(tx, req.params.playerId, now())));
  route(app, 'createGrowthMetric', write, (req) => req.tenant((tx) => createGrowthMetric(tx, req.body, now())));
  route(app, 'updateGrowthMetric', write, (req) => req.tenant((tx) => updateGrowthMetric(tx, req.params.id, req.body, now())));
  route(app, 'deleteGrowthMetric', write, (req) => req.tenant((tx) => deleteGrowthMetric(tx, req.params.id)));
}
