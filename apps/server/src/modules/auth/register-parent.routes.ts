import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors.js';
import { academyUrl } from '../../http/host.js';
import { route } from '../../http/route.js';
import { findAcademyByHandle } from '../academies/lookup.js';
import { joinNotice } from '../family/joins.js';
import { createParentAndPlayer } from '../users/parent-player.js';

export async function registerParentRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, 'registerParent', { access: 'public', rateLimit: 'publicWrite' }, async (req) => {
    const academy = await findAcademyByHandle(deps.data, req.body.handle);
    if (!academy) throw notFound('academy.not_found');
    const b = req.body;
    const { parent, player, subscription, waiting } = await deps.data.tenant(academy.id, (tx) =>
      createParentAndPlayer(
        tx,
        {
          parentInfo: b.parentInfo,
          playerInfo: b.playerInfo,
          packageId: b.selectedPackage,
          subscriptionStartDate: b.subscriptionStartDate,
          public: true,
          consents: b.consents,
        },
        deps.clock.now(),
      ),
    );
    // The owner of an e-mail the registration shared is told, after the answer (which is the same either way).
    const email = waiting?.email;
    if (waiting && email) {
      const link = academyUrl(deps.config, academy.handle, '/family');
      const notice = joinNotice({ ...waiting, email }, academy, player, link);
      app.background.run(() => deps.mailer.send({ academyId: academy.id, ...notice }), req.log);
    }
    return {
      parent: { id: parent.id },
      player: { id: player.id },
      subscription: subscription ? { id: subscription.id, status: subscription.status, endDate: subscription.endDate } : null,
    };
  });
}
