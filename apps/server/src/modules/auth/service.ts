import { ADMIN_FLAGS, COACH_FLAGS, type LoginBody, MSG, type RegisterAcademyBody } from '@kora/contracts';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { academies, academyUsers, accountTypes, invoiceCounters, passwordResets, users } from '../../db/schema.js';
import { enterTenant, withSystem, withTenant } from '../../db/tenant.js';
import type { Deps } from '../../deps.js';
import { badRequest, conflict, HttpError } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { academySummary, findAcademyByHandle } from '../academies/lookup.js';
import { createSession, loadSessionUser, revokeUserSessions } from './sessions.js';

const RESET_LIFETIME_MS = 30 * 60_000;

/** Creates the academy, its default account types (Admin, Coach) and the owner as an Admin, atomically. */
export async function registerAcademy(deps: Deps, body: RegisterAcademyBody) {
  const passwordHash = await hashPassword(body.password);
  try {
    return await deps.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ handle: academies.handle, ownerEmail: academies.ownerEmail })
        .from(academies)
        .where(eq(academies.handle, body.handle));
      if (taken) throw conflict(MSG.handleTaken);
      const [emailUsed] = await tx.select({ id: academies.id }).from(academies).where(eq(academies.ownerEmail, body.email));
      if (emailUsed) throw conflict(MSG.emailTaken);

      const [academy] = await tx
        .insert(academies)
        .values({ name: body.academyName, handle: body.handle, phone: body.phone, email: body.email, ownerEmail: body.email })
        .returning();
      await enterTenant(tx, academy.id);
      const [admin] = await tx
        .insert(accountTypes)
        .values([
          { academyId: academy.id, name: 'Admin', isDefault: true, ...ADMIN_FLAGS },
          { academyId: academy.id, name: 'Coach', isDefault: true, ...COACH_FLAGS },
        ])
        .returning();
      const [user] = await tx
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
      await tx.insert(academyUsers).values({ academyId: academy.id, userId: user.id });
      await tx.insert(invoiceCounters).values({ academyId: academy.id });
      return {
        academy: { id: academy.id, name: academy.name, handle: academy.handle },
        user: { id: user.id, name: user.name, email: user.email ?? body.email },
      };
    });
  } catch (err) {
    // Two registrations racing for the same handle or e-mail: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(MSG.handleTaken);
    throw err;
  }
}

/** The login user of an academy (staff with a password), or null. */
async function findLogin(deps: Deps, academyId: string, email: string) {
  return withTenant(deps.db, academyId, async (tx) => {
    const [u] = await tx
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.email, email), isNotNull(users.passwordHash)));
    return u ?? null;
  });
}

/** One message for any wrong handle, e-mail or password, so nothing about accounts leaks. */
export async function login(deps: Deps, body: LoginBody) {
  const academy = await findAcademyByHandle(deps.db, body.handle);
  const user = academy ? await findLogin(deps, academy.id, body.email) : null;
  const ok = await verifyPassword(user?.passwordHash, body.password);
  if (!academy || !user || !ok) throw new HttpError(401, MSG.invalidCredentials);
  return deps.db.transaction(async (tx) => {
    const token = await createSession(tx, academy.id, user.id);
    await enterTenant(tx, academy.id);
    const sessionUser = await loadSessionUser(tx, user.id, academySummary(academy));
    if (!sessionUser) throw new HttpError(401, MSG.invalidCredentials);
    return { token, user: sessionUser, academyId: academy.id };
  });
}

/** Always succeeds for the caller; mails a single-use link when the login exists. */
export async function forgotPassword(deps: Deps, handle: string, email: string) {
  const academy = await findAcademyByHandle(deps.db, handle);
  const user = academy ? await findLogin(deps, academy.id, email) : null;
  if (!academy || !user) return;
  const token = newToken();
  await withSystem(deps.db, (tx) =>
    tx.insert(passwordResets).values({
      tokenHash: hashToken(token),
      academyId: academy.id,
      userId: user.id,
      expiresAt: new Date(deps.clock.now().getTime() + RESET_LIFETIME_MS),
    }),
  );
  const link = `${deps.config.publicProtocol}://${academy.handle}.${deps.config.baseDomain}/auth/reset-password/${token}`;
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

export async function resetPassword(deps: Deps, token: string, newPassword: string) {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning();
    if (!reset) throw badRequest(MSG.resetTokenInvalid, 'token');
    await revokeUserSessions(tx, reset.academyId, reset.userId, now);
    await enterTenant(tx, reset.academyId);
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, reset.userId));
  });
}
