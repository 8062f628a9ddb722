import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/access.js';
import { route } from '../../http/route.js';
import { failedLately } from '../messages/service.js';
import { academyNotices } from './notices.js';
import { listAttention } from './service.js';

/**
 * The notifications bell: what needs attention, for members who read Players or
 * Settings (the screens where it is dealt with); others get 403. docs/domain.md, "What needs attention".
 */
export async function attentionRoutes(app: FastifyInstance) {
  route(app, 'attention', { access: { anyOf: ['canReadPlayers', 'canReadSettings'] } }, async (req) => {
    const now = app.deps.clock.now();
    const [reply, failed] = await req.tenant(async (tx) => [await listAttention(tx, now), await failedLately(tx, now)] as const);
    // The academy's own notices (text messages off or capped, messages that failed for good) come first and count in the badge.
    const notices = [...(await academyNotices(app.deps, authOf(req).academyId, now)), ...(failed ? [failed] : [])];
    return notices.length > 0 ? { ...reply, notices, count: reply.count + notices.length } : reply;
  });
}
