import { addDaysIso, riyadhDayStart } from '@kora/contracts';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditEvents } from '../../db/schema.js';
import { route } from '../../http/route.js';

export async function auditRoutes(app: FastifyInstance) {
  route(app, 'listAuditEvents', { access: { anyOf: ['canWriteSettings'] } }, (req) =>
    req.tenant(async (tx) => {
      const rows = await tx
        .select()
        .from(auditEvents)
        .where(
          and(
            gte(auditEvents.createdAt, riyadhDayStart(req.query.startDate)),
            lt(auditEvents.createdAt, riyadhDayStart(addDaysIso(req.query.endDate, 1))),
            eq(auditEvents.academyId, tx.academyId),
          ),
        )
        .orderBy(desc(auditEvents.createdAt))
        .limit(1000);
      return rows.map((r) => ({
        id: r.id,
        action: r.action,
        targetId: r.targetId,
        details: r.details,
        actor: r.actorId ? { id: r.actorId, name: r.actorName } : null,
        address: r.address,
        createdAt: r.createdAt.toISOString(),
      }));
    }),
  );
}
