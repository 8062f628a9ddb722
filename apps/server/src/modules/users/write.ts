import { randomInt } from 'node:crypto';
import type { coachCreateBody, coachUpdateBody, playerUpdateSchema, userAccountBody } from '@kora/contracts';
import { birthdateBounds, isWithin, riyadhToday } from '@kora/contracts';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { academyUsers, accountTypes, teamCoaches, teams, users } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';

export async function updatePlayer(tx: Tx, id: string, body: z.output<typeof playerUpdateSchema>, avatar: string | null, now: Date) {
  if (!isWithin(body.birthdate, birthdateBounds(riyadhToday(now)))) throw badRequest('Please enter a valid birthdate', 'birthdate');
  const updated = await tx
    .update(users)
    .set({ ...body, ...(avatar ? { avatar } : {}), updatedAt: now })
    .where(and(eq(users.id, id), eq(users.role, 'PLAYER')))
    .returning({ id: users.id });
  if (updated.length === 0) throw notFound('Player not found');
}

export async function deletePlayer(tx: Tx, id: string) {
  const deleted = await tx
    .delete(users)
    .where(and(eq(users.id, id), eq(users.role, 'PLAYER')))
    .returning({ id: users.id });
  if (deleted.length === 0) throw notFound('Player not found');
}

async function checkAccountType(tx: Tx, id: string) {
  const [t] = await tx.select({ id: accountTypes.id }).from(accountTypes).where(eq(accountTypes.id, id));
  if (!t) throw badRequest('Unknown account type', 'accountTypeId');
}

/** Staff account edit (W:Settings): name, e-mail and account type, or only the account type. */
export async function updateAccount(tx: Tx, id: string, body: z.output<typeof userAccountBody>, now: Date) {
  await checkAccountType(tx, body.accountTypeId);
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
    if (updated.length === 0) throw notFound('User not found');
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This email is already registered');
    throw err;
  }
}

async function setCoachTeams(tx: Tx, academyId: string, coachId: string, teamIds: string[]) {
  const unique = [...new Set(teamIds)];
  if (unique.length) {
    const found = await tx.select({ id: teams.id }).from(teams).where(inArray(teams.id, unique));
    if (found.length !== unique.length) throw badRequest('Unknown team', 'teamIds');
  }
  await tx.delete(teamCoaches).where(eq(teamCoaches.coachId, coachId));
  if (unique.length) await tx.insert(teamCoaches).values(unique.map((teamId) => ({ academyId, teamId, coachId })));
}

/** A readable one-time password: 14 characters from an alphabet without look-alikes. */
export function generatePassword(length = 14) {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** A coach, with a login (and a password shown once) when an e-mail is given. */
export async function createCoach(tx: Tx, academyId: string, body: z.output<typeof coachCreateBody>) {
  let accountTypeId = body.accountTypeId ?? null;
  if (accountTypeId) await checkAccountType(tx, accountTypeId);
  else {
    const [coachType] = await tx
      .select({ id: accountTypes.id })
      .from(accountTypes)
      .where(and(eq(accountTypes.name, 'Coach'), eq(accountTypes.isDefault, true)));
    accountTypeId = coachType?.id ?? null;
  }
  if (body.email) {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, body.email), isNotNull(users.passwordHash)));
    if (taken) throw conflict('This email is already registered');
  }
  const password = body.email ? generatePassword() : undefined;
  const [coach] = await tx
    .insert(users)
    .values({
      academyId,
      role: 'COACH',
      name: body.name,
      email: body.email,
      passwordHash: password ? await hashPassword(password) : null,
      coachType: body.coachType ?? null,
      accountTypeId,
    })
    .returning();
  if (password) await tx.insert(academyUsers).values({ academyId, userId: coach.id });
  await setCoachTeams(tx, academyId, coach.id, body.teamIds);
  return { coach: { id: coach.id, name: coach.name, email: coach.email }, ...(password ? { password } : {}) };
}

export async function updateCoach(tx: Tx, academyId: string, id: string, body: z.output<typeof coachUpdateBody>) {
  const updated = await tx
    .update(users)
    .set({ name: body.name, coachType: body.coachType, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.role, 'COACH')))
    .returning({ id: users.id });
  if (updated.length === 0) throw notFound('Coach not found');
  await setCoachTeams(tx, academyId, id, body.teamIds);
}
