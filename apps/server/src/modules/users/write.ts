import { randomInt } from 'node:crypto';
import type { coachCreateBody, coachUpdateBody, playerUpdateSchema, staffCreateBody, userAccountBody } from '@kora/contracts';
import { birthdateBounds, isWithin, riyadhToday } from '@kora/contracts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { academyUsers, accountTypes, parentPlayers, payments, subscriptions, teamCoaches, teams, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors.js';
import { type ActorFlags, assertMayGrant, assertSettingsManagerLeft, lockAccountTypes } from '../account-types/guard.js';
import { checkMedicalConsent } from '../consents/service.js';
import type { SensitiveView } from '../players/sensitive.js';

/** A player's first parent (the guardian a paper form names), or null. */
const firstParentSql = sql<
  string | null
>`(select pp.parent_id from ${parentPlayers} pp where pp.player_id = ${users.id} order by pp.created_at, pp.parent_id limit 1)`;

/**
 * Saves a player's edit. A member who is not shown the national id or the condition (players/sensitive.ts)
 * edits with those fields empty: they keep what is stored rather than clear it. A new or changed condition
 * needs the child's medical consent, or the guardian's on paper recorded with the member (consents/service.ts).
 */
export async function updatePlayer(
  tx: TenantTx,
  id: string,
  body: z.output<typeof playerUpdateSchema>,
  avatar: string | null,
  now: Date,
  view: SensitiveView & { memberId: string },
) {
  if (!isWithin(body.birthdate, birthdateBounds(riyadhToday(now)))) throw badRequest('player.birthdate_invalid', 'birthdate');
  const { nationalId, condition, medicalConsent, ...rest } = body;
  if (view.medical === 'all' && condition) {
    const [player] = await tx
      .select({ condition: users.condition, guardian: firstParentSql })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'PLAYER')));
    if (!player) throw notFound('player.not_found');
    const edit = { condition, before: player.condition, given: medicalConsent };
    await checkMedicalConsent(tx, id, edit, { parentId: player.guardian, recordedById: view.memberId }, 'condition', now);
  }
  const updated = await tx
    .update(users)
    .set({
      ...rest,
      ...(view.identity ? { nationalId } : {}),
      ...(view.medical === 'all' ? { condition } : {}),
      ...(avatar ? { avatar } : {}),
      updatedAt: now,
    })
    .where(and(eq(users.id, id), eq(users.role, 'PLAYER')))
    .returning({ id: users.id, photoWithheld: users.photoWithheld });
  if (updated.length === 0) throw notFound('player.not_found');
  return updated[0];
}

/**
 * Deletes a player with their subscriptions, attendance and growth records; 409 when they have a
 * payment or an invoice, which are kept (the foreign keys of migration 0018 refuse it too). Their
 * subscriptions are locked first, so a payment being recorded meanwhile is either seen here or
 * waits and finds the subscription gone.
 */
export async function deletePlayer(tx: TenantTx, id: string) {
  const [player] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'PLAYER')));
  if (!player) throw notFound('player.not_found');
  const subs = await tx
    .select({
      id: subscriptions.id,
      paid: sql<boolean>`exists (select 1 from ${payments} where ${payments.subscriptionId} = ${subscriptions.id})`,
    })
    .from(subscriptions)
    .where(eq(subscriptions.playerId, id))
    .for('update');
  if (subs.some((s) => s.paid)) throw conflict('player.has_payments');
  try {
    await tx.delete(users).where(eq(users.id, id));
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict('player.has_payments');
    throw err;
  }
  return { ...player, subscriptionsDeleted: subs.length };
}

/** An account type of this academy given in a body (400 when unknown). */
async function accountTypeOf(tx: TenantTx, id: string) {
  const [t] = await tx.select().from(accountTypes).where(eq(accountTypes.id, id));
  if (!t) throw badRequest('account_type.unknown', 'accountTypeId');
  return t;
}

/** 409 when a login (of any role) already uses the e-mail. */
async function checkLoginFree(tx: TenantTx, email: string) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.passwordHash)));
  if (taken) throw conflict('email.taken');
}

/**
 * Staff account edit (W:Settings): name, e-mail and account type, or only the account type; staff
 * (ADMIN, COACH) only. The actor must hold every flag of the new type and of the user's current one
 * (no escalation, and no taking over a stronger account by its e-mail); the last settings manager
 * cannot lose W:Settings (409).
 */
export async function updateAccount(tx: TenantTx, id: string, body: z.output<typeof userAccountBody>, now: Date, actor: ActorFlags) {
  const [target] = await tx
    .select({ role: users.role, accountType: accountTypes })
    .from(users)
    .leftJoin(accountTypes, eq(accountTypes.id, users.accountTypeId))
    .where(eq(users.id, id));
  if (!target || (target.role !== 'ADMIN' && target.role !== 'COACH')) throw notFound('user.not_found');
  await lockAccountTypes(tx);
  const type = await accountTypeOf(tx, body.accountTypeId);
  assertMayGrant(actor, type, target.accountType ?? {});
  try {
    const updated = await tx
      .update(users)
      .set({
        accountTypeId: body.accountTypeId,
        ...(body.name ? { name: body.name } : {}),
        ...(body.email ? { email: body.email } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    if (updated.length === 0) throw notFound('user.not_found');
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('email.taken');
    throw err;
  }
  if (target.accountType?.canWriteSettings && !type.canWriteSettings) await assertSettingsManagerLeft(tx);
}

/** A staff login (role ADMIN) of an account type the actor may give, with a password shown once. */
export async function createStaffUser(tx: TenantTx, body: z.output<typeof staffCreateBody>, actor: ActorFlags) {
  const { academyId } = tx;
  assertMayGrant(actor);
  await lockAccountTypes(tx);
  const type = await accountTypeOf(tx, body.accountTypeId);
  assertMayGrant(actor, type);
  await checkLoginFree(tx, body.email);
  const password = generatePassword();
  const [user] = await tx
    .insert(users)
    .values({
      academyId,
      role: 'ADMIN',
      name: body.name,
      email: body.email,
      passwordHash: await hashPassword(password),
      accountTypeId: type.id,
    })
    .returning();
  await tx.insert(academyUsers).values({ academyId, userId: user.id });
  return { user, password };
}

/** The login of a staff user, for a reset mail: 404 for an unknown user or a player or parent, 409 without a login. */
export async function loginOf(tx: TenantTx, id: string) {
  const [user] = await tx
    .select({ id: users.id, role: users.role, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, id));
  if (!user || (user.role !== 'ADMIN' && user.role !== 'COACH')) throw notFound('user.not_found');
  if (!user.email || !user.passwordHash) throw conflict('user.no_login');
  return { id: user.id, email: user.email };
}

async function setCoachTeams(tx: TenantTx, coachId: string, teamIds: string[]) {
  const { academyId } = tx;
  const unique = [...new Set(teamIds)];
  if (unique.length) {
    const found = await tx.select({ id: teams.id }).from(teams).where(inArray(teams.id, unique));
    if (found.length !== unique.length) throw badRequest('team.unknown', 'teamIds');
  }
  await tx.delete(teamCoaches).where(eq(teamCoaches.coachId, coachId));
  if (unique.length) await tx.insert(teamCoaches).values(unique.map((teamId) => ({ academyId, teamId, coachId })));
}

/** A readable one-time password: 14 characters from an alphabet without look-alikes. */
export function generatePassword(length = 14) {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/**
 * A coach, with a login (and a password shown once) when an e-mail is given. A login or a chosen
 * account type is access: it needs W:Settings and a type within the actor's own flags (the
 * default Coach type when none is chosen); a coach without either needs only W:Coaches.
 */
export async function createCoach(tx: TenantTx, body: z.output<typeof coachCreateBody>, actor: ActorFlags) {
  const { academyId } = tx;
  const givesAccess = body.email !== null || !!body.accountTypeId;
  if (givesAccess && !actor?.canWriteSettings) throw forbidden();
  if (givesAccess) await lockAccountTypes(tx);
  const [type] = body.accountTypeId
    ? [await accountTypeOf(tx, body.accountTypeId)]
    : await tx
        .select()
        .from(accountTypes)
        .where(and(eq(accountTypes.name, 'Coach'), eq(accountTypes.isDefault, true)));
  if (givesAccess) assertMayGrant(actor, type ?? {});
  const accountTypeId = type?.id ?? null;
  if (body.email) await checkLoginFree(tx, body.email);
  const password = body.email ? generatePassword() : undefined;
  const [coach] = await tx
    .insert(users)
    .values({
      academyId,
      role: 'COACH',
      name: body.name,
      nameArabic: body.nameArabic,
      email: body.email,
      passwordHash: password ? await hashPassword(password) : null,
      coachType: body.coachType ?? null,
      accountTypeId,
    })
    .returning();
  if (password) await tx.insert(academyUsers).values({ academyId, userId: coach.id });
  await setCoachTeams(tx, coach.id, body.teamIds);
  return { coach: { id: coach.id, name: coach.name, email: coach.email }, ...(password ? { password } : {}) };
}

export async function updateCoach(tx: TenantTx, id: string, body: z.output<typeof coachUpdateBody>, now: Date) {
  const updated = await tx
    .update(users)
    .set({ name: body.name, nameArabic: body.nameArabic, coachType: body.coachType, updatedAt: now })
    .where(and(eq(users.id, id), eq(users.role, 'COACH')))
    .returning({ id: users.id });
  if (updated.length === 0) throw notFound('coach.not_found');
  await setCoachTeams(tx, id, body.teamIds);
}
