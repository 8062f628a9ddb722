import type { AccountType, SessionUser } from '@kora/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { academies, accountTypes, sessions, users } from '../../db/schema.js';
import type { SystemTx, TenantTx } from '../../db/tenant.js';
import { enterTenant } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import type { HostInfo } from '../../http/host.js';
import { hashToken, newToken } from '../../lib/tokens.js';

export interface AuthContext {
  sessionId: string;
  academyId: string;
  handle: string;
  user: SessionUser & { accountType: AccountType | null };
}

/** Touching last_seen_at on every request would turn reads into writes; once a minute is enough for idle expiry. */
const TOUCH_AFTER_MS = 60_000;

/** Resolves a bearer token to its session, academy and user in one transaction; null when invalid, revoked, idle-expired or for another academy's host. */
export async function authenticate(deps: AppDeps, token: string, host: HostInfo): Promise<AuthContext | null> {
  if (token.length > 200) return null;
  const now = deps.clock.now();
  return deps.data.system(async (tx) => {
    const [s] = await tx
      .select({
        id: sessions.id,
        academyId: sessions.academyId,
        userId: sessions.userId,
        lastSeenAt: sessions.lastSeenAt,
        handle: academies.handle,
        academyName: academies.name,
        academyNameArabic: academies.nameArabic,
        logo: academies.logo,
      })
      .from(sessions)
      .innerJoin(academies, eq(academies.id, sessions.academyId))
      .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
    if (!s) return null;
    if (now.getTime() - s.lastSeenAt.getTime() > deps.config.sessionIdleMs) return null;
    if (host.kind === 'academy' && host.handle !== s.handle) return null;
    if (now.getTime() - s.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, s.id));
    }
    const tenant = await enterTenant(tx, s.academyId);
    const academy = { id: s.academyId, name: s.academyName, nameArabic: s.academyNameArabic, handle: s.handle, logo: s.logo };
    const user = await loadSessionUser(tenant, s.userId, academy);
    return user ? { sessionId: s.id, academyId: s.academyId, handle: s.handle, user } : null;
  });
}

type AcademySummary = { id: string; name: string; nameArabic: string | null; handle: string; logo: string | null };

/** The user of `GET /api/auth/me` (`sessionUserSchema`); must run inside the user's tenant transaction. */
export async function loadSessionUser(tx: TenantTx, userId: string, academy: AcademySummary) {
  const [row] = await tx
    .select({ user: users, accountType: accountTypes })
    .from(users)
    .leftJoin(accountTypes, eq(accountTypes.id, users.accountTypeId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const { user, accountType } = row;
  return {
    id: user.id,
    name: user.name,
    nameArabic: user.nameArabic,
    email: user.email,
    avatar: user.avatar,
    role: user.role,
    accountType: accountType ? toAccountType(accountType) : null,
    academyUsers: [{ academy }],
  };
}

export function toAccountType(row: typeof accountTypes.$inferSelect): AccountType {
  const { academyId: _a, createdAt: _c, ...rest } = row;
  return rest;
}

export async function createSession(tx: SystemTx, academyId: string, userId: string) {
  const token = newToken();
  await tx.insert(sessions).values({ tokenHash: hashToken(token), academyId, userId });
  return token;
}

export async function revokeSession(tx: SystemTx, sessionId: string, now: Date) {
  await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** After a password reset every other session of that user ends. */
export async function revokeUserSessions(tx: SystemTx, academyId: string, userId: string, now: Date) {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.academyId, academyId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
