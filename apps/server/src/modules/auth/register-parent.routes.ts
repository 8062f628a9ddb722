import { errorSchema, MSG, registerParentBody, registerParentReply } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { withTenant } from '../../db/tenant.js';
import { notFound } from '../../http/errors.js';
import { limits } from '../../http/rate-limits.js';
import { findAcademyByHandle } from '../academies/lookup.js';
import { createParentAndPlayer } from '../users/parent-player.js';

export async function registerParentRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/auth/register/parent',
    {
      config: { access: 'public', rateLimit: limits(app.deps.config).publicWrite },
      schema: { tags: ['access'], body: registerParentBody, response: { 201: registerParentReply, 404: errorSchema } },
    },
    async (req, reply) => {
      const academy = await findAcademyByHandle(app.deps.db, req.body.handle);
      if (!academy) throw notFound(MSG.academyNotFound);
      const b = req.body;
      const { parent, player, subscription } = await withTenant(app.deps.db, academy.id, (tx) =>
        createParentAndPlayer(
          tx,
          academy.id,
          {
            parentInfo: b.parentInfo,
            playerInfo: b.playerInfo,
            packageId: b.selectedPackage,
            subscriptionStartDate: b.subscriptionStartDate,
          },
          app.deps.clock.now(),
        ),
      );
      return reply.status(201).send({
        parent: { id: parent.id },
        player: { id: player.id },
        subscription: subscription ? { id: subscription.id, status: subscription.status } : null,
      });
    },
  );
}
