import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors.js';
import { limits } from '../../http/rate-limits.js';
import { route } from '../../http/route.js';
import { findAcademyByHandle } from '../academies/lookup.js';
import { createParentAndPlayer } from '../users/parent-player.js';

export async function registerParentRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, 'registerParent', { access: 'public', rateLimit: limits(deps.config).publicWrite }, async (req) => {
    const academy = await findAcademyByHandle(deps.data, req.body.handle);
    if (!academy) throw notFound('academy.not_found');
    const b = req.body;
    const { parent, player, subscription } = await deps.data.tenant(academy.id, (tx) =>
      createParentAndPlayer(
        tx,
        {
          parentInfo: b.parentInfo,
          playerInfo: b.playerInfo,
          packageId: b.selectedPackage,
          subscriptionStartDate: b.subscriptionStartDate,
          public: true,
        },
        deps.clock.now(),
      ),
    );
    return {
      parent: { id: parent.id },
      player: { id: player.id },
      subscription: subscription ? { id: subscription.id, status: subscription.status, endDate: subscription.endDate } : null,
    };
  });
}
