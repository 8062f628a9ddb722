import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { listAttention } from './service.js';

/**
 * The notifications bell: what needs attention, for members who read Players or
 * Settings (the screens where it is dealt with); others get 403. docs/domain.md, "What needs attention".
 */
export async function attentionRoutes(app: FastifyInstance) {
  route(app, 'attention', { access: { anyOf: ['canReadPlayers', 'canReadSettings'] } }, (req) =>
    req.tenant((tx) => listAttention(tx, app.deps.clock.now())),
  );
}
