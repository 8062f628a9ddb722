import { type Endpoint, endpoints, ROUTE_KEYS, type RouteKey } from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditEvents } from '../db/schema.js';
import type { TenantTx } from '../db/tenant.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the call changed that its request does not show (see `noteAudit`); kept in its audit row. */
    auditNote: { effect: Record<string, unknown>; targetId?: string } | null;
  }
}

/**
 * The member calls whose successful answers leave an audit row (docs/domain.md, "Audit trail"):
 * money, attendance and permissions — declared with each call in the endpoint map (`audited`).
 */
export const AUDITED = new Set<RouteKey>(
  ROUTE_KEYS.filter((key) => {
    const endpoint: Endpoint = endpoints[key];
    return endpoint.audited === true;
  }),
);

const SECRET = /password|token|secret|signature|otp/i;
/** What was asked, without secrets and within 4 KB (multipart bodies are not kept: photos). */
function detailsOf(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Buffer.isBuffer(body)) return null;
  const kept = JSON.stringify(body, (key, value) => (SECRET.test(key) ? undefined : value));
  return kept.length <= 4096 ? JSON.parse(kept) : { truncated: true };
}

/**
 * Adds what a call changed beyond its request to its audit row (`details.effect`): the player a
 * delete removed, the sessions an event's attendance gave back, the subscription a call created;
 * `targetId` names the changed record when the path has no id. A call outside AUDITED that notes
 * an effect is audited too (a new player with a package).
 */
export function noteAudit(req: FastifyRequest, effect: Record<string, unknown>, targetId?: string) {
  req.auditNote = { effect: { ...req.auditNote?.effect, ...effect }, targetId: targetId ?? req.auditNote?.targetId };
}

export interface AuditEntry {
  actorId: string | null;
  actorName: string | null;
  action: string;
  targetId: string | null;
  details: unknown;
  address: string | null;
  at: Date;
}

export async function recordAudit(tx: TenantTx, entry: AuditEntry) {
  const { at, ...rest } = entry;
  await tx.insert(auditEvents).values({ academyId: tx.academyId, ...rest, details: rest.details ?? null, createdAt: at });
}

/**
 * After a successful audited call and before its answer leaves, records who did it, to what, from
 * which address (the change itself is already committed by then; a failed audit write is logged).
 */
export function registerAudit(app: FastifyInstance) {
  app.decorateRequest('auditNote', null);
  app.addHook('onSend', (req, reply, payload, done) => {
    const operation = req.routeOptions.config.operation;
    // Most answers are not audited: they go on at once, without a promise.
    if (!operation || !(AUDITED.has(operation) || req.auditNote) || reply.statusCode >= 300 || !req.auth) return done(null, payload);
    record(req, operation).then(() => done(null, payload), done);
  });
  const record = async (req: FastifyRequest, operation: string) => {
    if (!req.auth) return;
    const { auth } = req;
    const params: Record<string, unknown> = typeof req.params === 'object' && req.params ? { ...req.params } : {};
    const target = params.subscriptionId ?? params.participantId ?? params.userId ?? params.id ?? req.auditNote?.targetId ?? null;
    try {
      await app.deps.data.tenant(auth.academyId, (tx) =>
        recordAudit(tx, {
          actorId: auth.user.id,
          actorName: auth.user.name,
          action: operation,
          targetId: typeof target === 'string' ? target : null,
          details: { params, body: detailsOf(req.body), ...(req.auditNote ? { effect: detailsOf(req.auditNote.effect) } : {}) },
          address: req.ip,
          at: app.deps.clock.now(),
        }),
      );
    } catch (err) {
      req.log.error({ err, operation }, 'audit row not written');
    }
  };
}
