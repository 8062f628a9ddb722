import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditEvents, users } from '../db/schema.js';
import type { TenantTx } from '../db/tenant.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the call changed that its request does not show (see `noteAudit`); kept in its audit row. */
    auditNote: { effect?: Record<string, unknown>; before?: unknown; targetId?: string; read?: SensitiveRead } | null;
  }
}

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
 * `targetId` names the changed record when the path has no id. A call not declared `audit` that
 * notes an effect is audited too (a new player with a package).
 */
export function noteAudit(req: FastifyRequest, effect: Record<string, unknown>, targetId?: string) {
  req.auditNote = { ...req.auditNote, effect: { ...req.auditNote?.effect, ...effect }, targetId: targetId ?? req.auditNote?.targetId };
}

/** What the changed record was before the call (`details.before`): a parent's phones, a child's medical condition. */
export function noteBefore(req: FastifyRequest, before: unknown, targetId?: string) {
  req.auditNote = { ...req.auditNote, before, targetId: targetId ?? req.auditNote?.targetId };
}

/** Whose medical condition or national id an answer carried (`details.read`): every id, however many. */
export interface SensitiveRead {
  fields: ('condition' | 'nationalId')[];
  playerIds: string[];
}

/**
 * Notes that this answer carries players' medical conditions or national ids (docs/domain.md, "Data
 * map"): its request gets one audit row listing them, a read as much as a change. Nothing is noted
 * when the answer carries none.
 */
export function noteSensitiveRead(req: FastifyRequest, read: SensitiveRead) {
  if (read.playerIds.length === 0) return;
  req.auditNote = { ...req.auditNote, read };
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
 * After a successful call declared `audit` (or one that noted an effect) and before its answer
 * leaves, records who did it (the member, or the parent: "Name (parent)"), to what, from which
 * address. The change itself is already committed by then; a failed audit write is logged.
 */
export function registerAudit(app: FastifyInstance) {
  app.decorateRequest('auditNote', null);
  app.addHook('onSend', (req, reply, payload, done) => {
    const { operation, audit } = req.routeOptions.config;
    // Most answers are not audited: they go on at once, without a promise.
    if (!operation || !(audit || req.auditNote) || reply.statusCode >= 300 || !(req.auth || req.family)) return done(null, payload);
    record(req, operation).then(() => done(null, payload), done);
  });
  /** The actor of a request: the member, or the parent by their own row's name. */
  const actorOf = async (req: FastifyRequest, tx: TenantTx) => {
    if (req.auth) return { id: req.auth.user.id, name: req.auth.user.name };
    const parentId = req.family?.parentId ?? null;
    const [parent] = parentId ? await tx.select({ name: users.name }).from(users).where(eq(users.id, parentId)) : [];
    return { id: parentId, name: parent ? `${parent.name} (parent)` : null };
  };
  const record = async (req: FastifyRequest, operation: string) => {
    const academyId = req.auth?.academyId ?? req.family?.academyId;
    if (!academyId) return;
    const params: Record<string, unknown> = typeof req.params === 'object' && req.params ? { ...req.params } : {};
    const note = req.auditNote;
    const target = params.subscriptionId ?? params.participantId ?? params.userId ?? params.childId ?? params.id ?? note?.targetId ?? null;
    try {
      await app.deps.data.tenant(academyId, async (tx) => {
        const actor = await actorOf(req, tx);
        await recordAudit(tx, {
          actorId: actor.id,
          actorName: actor.name,
          action: operation,
          targetId: typeof target === 'string' ? target : null,
          details: {
            params,
            body: detailsOf(req.body),
            ...(note?.before !== undefined ? { before: detailsOf(note.before) } : {}),
            ...(note?.effect ? { effect: detailsOf(note.effect) } : {}),
            // Kept whole: the ids are the point of the row, past detailsOf's 4 KB.
            ...(note?.read ? { read: note.read } : {}),
          },
          address: req.ip,
          at: app.deps.clock.now(),
        });
      });
    } catch (err) {
      req.log.error({ err, operation }, 'audit row not written');
    }
  };
}
