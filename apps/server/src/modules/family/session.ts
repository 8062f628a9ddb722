import type { FamilyAddress } from '@kora/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FamilyKey } from '../../db/family.js';
import { academies, familySessions } from '../../db/schema.js';
import type { SystemTx } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http/errors.js';
import type { HostInfo } from '../../http/host.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { familyMembers } from './joins.js';

/** A parent's session: its own kind, in its own table; staff routes never accept it, family routes accept nothing else. */
export interface FamilyAuth {
  sessionId: string;
  academyId: string;
  handle: string;
  parentId: string;
  /** The address signed in with (its family is read again by it on every request); null for sessions opened before migration 0034. */
  address: FamilyAddress | null;
  /** The parent rows the session was opened with (the family of a session without an address). */
  parentIds: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The parent of a `parent` route's request (set by the access guard, http/access.ts). */
    family: FamilyAuth | null;
  }
}

const TOUCH_AFTER_MS = 60_000;

export async function createFamilySession(
  tx: SystemTx,
  academyId: string,
  family: { parentId: string; parentIds: string[]; address: FamilyAddress },
) {
  const token = newToken();
  const { parentId, parentIds, address } = family;
  const [channel, key] = address.kind === 'email' ? (['email', address.email] as const) : (['sms', address.phone] as const);
  await tx.insert(familySessions).values({ tokenHash: hashToken(token), academyId, parentId, parentIds, channel, address: key });
  return token;
}

/**
 * What a parent's transaction needs (db/family.ts): the family is read on every request by the
 * session's address, less the rows waiting to be confirmed (joins.ts), so a child confirmed while
 * the parent is signed in shows on their next request.
 */
export function familyKey(family: Pick<FamilyAuth, 'academyId' | 'parentId' | 'address' | 'parentIds'>): FamilyKey {
  return {
    academyId: family.academyId,
    parentId: family.parentId,
    members: (tx) => familyMembers(tx, family.parentId, family.address, family.parentIds),
  };
}

/**
 * The parent session of a bearer token on its academy's own host; null when unknown, revoked,
 * idle longer than SESSION_IDLE_DAYS, or presented on any other host (the root or another academy).
 */
export async function authenticateFamily(deps: AppDeps, token: string, site: HostInfo): Promise<FamilyAuth | null> {
  if (!token || token.length > 200 || site.kind !== 'academy') return null;
  const now = deps.clock.now();
  return deps.data.system(async (tx) => {
    const [row] = await tx
      .select({
        id: familySessions.id,
        academyId: familySessions.academyId,
        parentId: familySessions.parentId,
        parentIds: familySessions.parentIds,
        channel: familySessions.channel,
        address: familySessions.address,
        lastSeenAt: familySessions.lastSeenAt,
        handle: academies.handle,
      })
      .from(familySessions)
      .innerJoin(academies, eq(academies.id, familySessions.academyId))
      .where(and(eq(familySessions.tokenHash, hashToken(token)), isNull(familySessions.revokedAt)));
    if (!row || row.handle !== site.handle) return null;
    const idle = now.getTime() - row.lastSeenAt.getTime();
    if (idle > deps.config.sessionIdleMs) return null;
    if (idle > TOUCH_AFTER_MS) await tx.update(familySessions).set({ lastSeenAt: now }).where(eq(familySessions.id, row.id));
    const address: FamilyAddress | null =
      row.address === null ? null : row.channel === 'sms' ? { kind: 'phone', phone: row.address } : { kind: 'email', email: row.address };
    return { sessionId: row.id, academyId: row.academyId, handle: row.handle, parentId: row.parentId, address, parentIds: row.parentIds };
  });
}

export async function revokeFamilySession(tx: SystemTx, sessionId: string, at: Date) {
  await tx.update(familySessions).set({ revokedAt: at }).where(eq(familySessions.id, sessionId));
}

export const familyOf = (req: FastifyRequest): FamilyAuth => {
  if (!req.family) throw new HttpError(401, 'auth.unauthorized');
  return req.family;
};
