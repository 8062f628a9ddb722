import type { AccountType, AccountTypeListItem, ParsedAccountTypeBody } from '@kora/contracts';
import { and, asc, count, desc, eq, isNotNull, type SQLWrapper } from 'drizzle-orm';
import { accountTypes, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { toAccountType } from '../auth/sessions.js';
import { type ActorFlags, assertMayGrant, assertSettingsManagerLeft, lockAccountTypes } from './guard.js';

/**
 * The users of an account type: the staff who sign in with it (a login), as Settings → Privileges
 * lists them. A coach without a login holds the default Coach type only on paper: they use no right.
 */
export const usersOfType = (typeId: SQLWrapper | string) => and(eq(users.accountTypeId, typeId), isNotNull(users.passwordHash));

/** Account types, the defaults first, with the number of their users (`usersOfType`): one statement. */
export async function listAccountTypes(tx: TenantTx): Promise<AccountTypeListItem[]> {
  const rows = await tx
    .select({ type: accountTypes, usersCount: count(users.id) })
    .from(accountTypes)
    .leftJoin(users, usersOfType(accountTypes.id))
    // The primary key (academy_id, id): every other column of the type follows from it.
    .groupBy(accountTypes.academyId, accountTypes.id)
    .orderBy(desc(accountTypes.isDefault), asc(accountTypes.createdAt), asc(accountTypes.name));
  return rows.map(({ type, usersCount }) => ({ ...toAccountType(type), usersCount }));
}

async function findType(tx: TenantTx, id: string) {
  const [row] = await tx.select().from(accountTypes).where(eq(accountTypes.id, id));
  if (!row) throw notFound('account_type.not_found');
  return row;
}

/** A name is unique in the academy (409). */
async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('account_type.name_taken');
    throw err;
  }
}

export async function createAccountType(tx: TenantTx, body: ParsedAccountTypeBody, actor: ActorFlags): Promise<AccountType> {
  assertMayGrant(actor, body);
  const [row] = await saving(() =>
    tx
      .insert(accountTypes)
      .values({ ...body, academyId: tx.academyId, isDefault: false })
      .returning(),
  );
  return toAccountType(row);
}

/**
 * Default types cannot change (409). The actor must hold every flag of the type both as it was and
 * as it becomes; dropping W:Settings must leave a settings manager (409).
 */
export async function updateAccountType(tx: TenantTx, id: string, body: ParsedAccountTypeBody, actor: ActorFlags): Promise<AccountType> {
  const current = await findType(tx, id);
  if (current.isDefault) throw conflict('account_type.default_locked');
  assertMayGrant(actor, current, body);
  await lockAccountTypes(tx);
  const [row] = await saving(() => tx.update(accountTypes).set(body).where(eq(accountTypes.id, id)).returning());
  if (current.canWriteSettings && !row.canWriteSettings) await assertSettingsManagerLeft(tx);
  return toAccountType(row);
}

/**
 * Default types and types still used cannot be deleted (409; `params.count` is how many users sign in
 * with it, the number its card shows). Coaches without a login who hold it are left without a type.
 */
export async function deleteAccountType(tx: TenantTx, id: string) {
  const current = await findType(tx, id);
  if (current.isDefault) throw conflict('account_type.default_locked');
  await lockAccountTypes(tx);
  const [{ n }] = await tx.select({ n: count() }).from(users).where(usersOfType(id));
  if (n > 0) throw conflict('account_type.in_use', { count: n });
  await tx.delete(accountTypes).where(eq(accountTypes.id, id));
}
