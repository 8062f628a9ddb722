import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditEvents } from '../../db/schema.js';
import { route } from '../../http/route.js';
import { addDays } from '../../lib/dates.js';

/** Riyadh midnight of a yyyy-MM-dd as an instant. */
const riyadhStart = (date: string) => new Date(`${date}T00:00:00+03:00`);

export async function auditRoutes(app: FastifyInstance) {
  route(app, 'listAuditEvents', { access: { anyOf: ['canWriteSettings'] } }, (req) =>
    req.tenant(async (tx) => {
      const rows = await tx
        .select()
        .from(auditEvents)
        .where(
          and(
            gte(auditEvents.createdAt, riyadhStart(req.query.startDate)),
            lt(auditEvents.createdAt, riyadhStart(addDays(req.query.endDate, 1))),
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
