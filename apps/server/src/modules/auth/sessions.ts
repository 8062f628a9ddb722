import { type AccountType, accountTypeSchema, type SessionUser } from '@kora/contracts';
import { and, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { accountTypes, sessions, users } from '../../db/schema.js';
import type { SystemTx, TenantTx } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import type { HostInfo } from '../../http/host.js';
import { hashToken, newToken } from '../../lib/tokens.js';

export interface AuthContext {
  sessionId: string;
  academyId: string;
  handle: string;
  user: SessionUser & { accountType: AccountType | null };
  /** The academy's data version when the session was read (migration 0016): lists cached for it are current. */
  dataVersion: string;
}

/** Touching last_seen_at on every request would turn reads into writes; once a minute is enough for idle expiry. */
export const TOUCH_AFTER_MS = 60_000;

/** Column name → field of account types, to read the row `session_member` answers as JSON. */
const accountTypeField = new Map(Object.entries(getTableColumns(accountTypes)).map(([field, column]) => [column.name, field]));

interface SessionMemberRow {
  session_id: string;
  academy_id: string;
  handle: string;
  academy_name: string;
  academy_name_arabic: string | null;
  logo: string | null;
  member: Omit<SessionUser, 'academyUsers' | 'accountType'>;
  account_type: Record<string, unknown> | null;
  data_version: string | number | bigint;
}

/**
 * Resolves a bearer token to its session, academy and user in one statement (`session_member`,
 * migration 0017), which also switches the transaction to the member's tenant; null when invalid,
 * revoked, idle-expired or presented on another academy's host.
 */
async function lookUpSession(deps: AppDeps, tx: Tx, token: string, host: HostInfo): Promise<AuthContext | null> {
  const hostHandle = host.kind === 'academy' ? host.handle : null;
  const at = deps.clock.now().toISOString();
  const [row] = rowsOf<SessionMemberRow>(
    await tx.execute(sql`select m.*, set_config('role', 'kora_app', true) as tenant_role
      from session_member(${hashToken(token)}, ${hostHandle}, ${at}::timestamptz,
        ${`${deps.config.sessionIdleMs} milliseconds`}::interval, ${`${TOUCH_AFTER_MS} milliseconds`}::interval) m`),
  );
  if (!row) return null;
  const academy = { id: row.academy_id, name: row.academy_name, nameArabic: row.academy_name_arabic, handle: row.handle, logo: row.logo };
  // The function already leaves out academy_id and created_at, as toAccountType does.
  const accountType = row.account_type
    ? accountTypeSchema.parse(
        Object.fromEntries(Object.entries(row.account_type).map(([name, value]) => [accountTypeField.get(name), value])),
      )
    : null;
  const user = { ...row.member, accountType, academyUsers: [{ academy }] };
  return { sessionId: row.session_id, academyId: row.academy_id, handle: row.handle, user, dataVersion: String(row.data_version) };
}

/** Authenticates a bearer token in a transaction of its own. */
export async function authenticate(deps: AppDeps, token: string, host: HostInfo): Promise<AuthContext | null> {
  if (token.length > 200) return null;
  return deps.data.system((tx) => lookUpSession(deps, tx, token, host));
}

/**
 * Authenticates in a transaction left open in the member's academy: the request's first tenant
 * work runs in it (db/held.ts). Null, with the transaction ended, when the token is not valid.
 */
export async function authenticateHolding(deps: AppDeps, token: string, host: HostInfo) {
  if (token.length > 200) return null;
  const held = await deps.data.hold();
  let auth: AuthContext | null;
  try {
    auth = await lookUpSession(deps, held.tx, token, host);
  } catch (err) {
    await held.finish(false).catch(() => {});
    throw err;
  }
  if (!auth) {
    await held.finish(true);
    return null;
  }
  return { auth, held };
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

/** After a password change the member's other sessions end; this one stays. Answers how many ended. */
export async function revokeOtherSessions(tx: SystemTx, auth: { academyId: string; sessionId: string; user: { id: string } }, now: Date) {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.academyId, auth.academyId),
        eq(sessions.userId, auth.user.id),
        isNull(sessions.revokedAt),
        ne(sessions.id, auth.sessionId),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/** After a password reset every other session of that user ends. */
export async function revokeUserSessions(tx: SystemTx, academyId: string, userId: string, now: Date) {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.academyId, academyId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
