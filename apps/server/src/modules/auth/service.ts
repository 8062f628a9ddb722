import { ADMIN_FLAGS, type ChangePasswordBody, COACH_FLAGS, type LoginBody, type RegisterAcademyBody } from '@kora/contracts';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { academies, academyUsers, accountTypes, invoiceCounters, passwordResets, users } from '../../db/schema.js';
import { enterTenant } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, HttpError } from '../../http/errors.js';
import { academyUrl, elsewhere, type HostInfo } from '../../http/host.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { academySummary, findAcademyByHandle } from '../academies/lookup.js';
import { type AuthContext, createSession, loadSessionUser, revokeOtherSessions, revokeUserSessions } from './sessions.js';

const RESET_LIFETIME_MS = 30 * 60_000;

/** Creates the academy, its default account types (Admin, Coach) and the owner as an Admin, atomically. */
export async function registerAcademy(deps: Pick<AppDeps, 'data'>, body: RegisterAcademyBody) {
  const passwordHash = await hashPassword(body.password);
  try {
    return await deps.data.system(async (tx) => {
      const [taken] = await tx
        .select({ handle: academies.handle, ownerEmail: academies.ownerEmail })
        .from(academies)
        .where(eq(academies.handle, body.handle));
      if (taken) throw conflict('handle.taken');
      const [emailUsed] = await tx.select({ id: academies.id }).from(academies).where(eq(academies.ownerEmail, body.email));
      if (emailUsed) throw conflict('email.taken');

      const [academy] = await tx
        .insert(academies)
        .values({ name: body.academyName, handle: body.handle, phone: body.phone, email: body.email, ownerEmail: body.email })
        .returning();
      const tenant = await enterTenant(tx, academy.id);
      const [admin] = await tenant
        .insert(accountTypes)
        .values([
          { academyId: academy.id, name: 'Admin', nameArabic: 'مدير', isDefault: true, ...ADMIN_FLAGS },
          { academyId: academy.id, name: 'Coach', nameArabic: 'مدرب', isDefault: true, ...COACH_FLAGS },
        ])
        .returning();
      const [user] = await tenant
        .insert(users)
        .values({
          academyId: academy.id,
          role: 'ADMIN',
          name: body.academyName,
          email: body.email,
          passwordHash,
          phoneNumber: body.phone,
          accountTypeId: admin.id,
        })
        .returning();
      await tenant.insert(academyUsers).values({ academyId: academy.id, userId: user.id });
      await tenant.insert(invoiceCounters).values({ academyId: academy.id });
      return {
        academy: { id: academy.id, name: academy.name, handle: academy.handle },
        user: { id: user.id, name: user.name, email: user.email ?? body.email },
      };
    });
  } catch (err) {
    // Two registrations racing for the same handle or e-mail: the unique index decides.
    if (isUniqueViolation(err)) throw conflict('handle.taken');
    throw err;
  }
}

/** The login user of an academy (staff with a password), or null. */
async function findLogin(deps: AppDeps, academyId: string, email: string) {
  return deps.data.tenant(academyId, async (tx) => {
    const [u] = await tx
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.email, email), isNotNull(users.passwordHash)));
    return u ?? null;
  });
}

/** One message for any wrong handle, e-mail or password, so nothing about accounts leaks. */
export async function login(deps: AppDeps, body: LoginBody) {
  const academy = await findAcademyByHandle(deps.data, body.handle);
  const user = academy ? await findLogin(deps, academy.id, body.email) : null;
  const ok = await verifyPassword(user?.passwordHash, body.password);
  if (!academy || !user || !ok) throw new HttpError(401, 'auth.invalid_credentials');
  return deps.data.system(async (tx) => {
    const token = await createSession(tx, academy.id, user.id);
    const tenant = await enterTenant(tx, academy.id);
    const sessionUser = await loadSessionUser(tenant, user.id, academySummary(academy));
    if (!sessionUser) throw new HttpError(401, 'auth.invalid_credentials');
    return { token, user: sessionUser, academyId: academy.id };
  });
}

/** Always succeeds for the caller; mails a single-use link when the login exists. */
export async function forgotPassword(deps: AppDeps, handle: string, email: string) {
  const academy = await findAcademyByHandle(deps.data, handle);
  const user = academy ? await findLogin(deps, academy.id, email) : null;
  if (!academy || !user) return;
  await mailResetLink(deps, academy, { id: user.id, email });
}

/**
 * Records a single-use reset token (30 minutes) and mails its link to the login's address; used by
 * the forgot-password call and by staff with W:Settings (`POST /api/users/{id}/send-reset`).
 */
export async function mailResetLink(
  deps: AppDeps,
  academy: { id: string; handle: string; name: string },
  user: { id: string; email: string },
) {
  const { email } = user;
  const token = newToken();
  await deps.data.system((tx) =>
    tx.insert(passwordResets).values({
      tokenHash: hashToken(token),
      academyId: academy.id,
      userId: user.id,
      expiresAt: new Date(deps.clock.now().getTime() + RESET_LIFETIME_MS),
    }),
  );
  const link = academyUrl(deps.config, academy.handle, `/auth/reset-password/${token}`);
  await deps.mailer.send({
    academyId: academy.id,
    to: email,
    subject: `${academy.name}: reset your password / إعادة تعيين كلمة المرور`,
    text: [
      `Someone asked to reset the password of your ${academy.name} account on Kora.`,
      `Open this link within 30 minutes to choose a new password:`,
      link,
      '',
      'If it was not you, ignore this mail; your password stays as it is.',
      '',
      `لإعادة تعيين كلمة المرور لحسابك في ${academy.name}، افتح الرابط خلال 30 دقيقة:`,
      link,
    ].join('\n'),
  });
}

/** A link works only on its academy's host (or the root): on another academy's subdomain it is invalid and stays unused. */
export async function resetPassword(deps: AppDeps, token: string, newPassword: string, site: HostInfo) {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(newPassword);
  return deps.data.system(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning();
    if (!reset) throw badRequest('auth.reset_token_invalid', 'token');
    // Every other outstanding link of this user dies with the one used.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.academyId, reset.academyId), eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    const [academy] = await tx.select({ handle: academies.handle }).from(academies).where(eq(academies.id, reset.academyId));
    if (elsewhere(site, academy.handle)) throw badRequest('auth.reset_token_invalid', 'token');
    await revokeUserSessions(tx, reset.academyId, reset.userId, now);
    const tenant = await enterTenant(tx, reset.academyId);
    const [user] = await tenant
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, reset.userId))
      .returning({ email: users.email });
    // The user was deleted since the link was mailed: the link is dead too (and nothing is kept).
    if (!user) throw badRequest('auth.reset_token_invalid', 'token');
    return { handle: academy.handle, email: user.email ?? '' };
  });
}

/**
 * A signed-in member's new password: the current one must be right (400 `auth.current_password_wrong`
 * on its field), then every other session of the member ends (a device left signed in elsewhere);
 * this one stays. Answers how many sessions ended, for the audit row.
 */
export async function changePassword(deps: AppDeps, auth: AuthContext, body: ChangePasswordBody) {
  const [login] = await deps.data.tenant(auth.academyId, (tx) =>
    tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, auth.user.id)),
  );
  if (!(await verifyPassword(login?.passwordHash, body.currentPassword)))
    throw badRequest('auth.current_password_wrong', 'currentPassword');
  const passwordHash = await hashPassword(body.newPassword);
  const now = deps.clock.now();
  return deps.data.system(async (tx) => {
    const sessionsEnded = await revokeOtherSessions(tx, auth, now);
    const tenant = await enterTenant(tx, auth.academyId);
    await tenant.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, auth.user.id));
    return { sessionsEnded };
  });
}
