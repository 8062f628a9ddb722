import type { AccountType, AccountTypeListItem, ParsedAccountTypeBody } from '@kora/contracts';
import { asc, count, desc, eq } from 'drizzle-orm';
import { accountTypes, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { toAccountType } from '../auth/sessions.js';
import { type ActorFlags, assertMayGrant, assertSettingsManagerLeft, lockAccountTypes } from './guard.js';

/** Account types, the defaults first, with the number of users holding each: one statement. */
export async function listAccountTypes(tx: TenantTx): Promise<AccountTypeListItem[]> {
  const rows = await tx
    .select({ type: accountTypes, usersCount: count(users.id) })
    .from(accountTypes)
    .leftJoin(users, eq(users.accountTypeId, accountTypes.id))
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

/** Default types and types still held cannot be deleted (409; `params.count` is how many users hold it). */
export async function deleteAccountType(tx: TenantTx, id: string) {
  const current = await findType(tx, id);
  if (current.isDefault) throw conflict('account_type.default_locked');
  await lockAccountTypes(tx);
  const [{ n }] = await tx.select({ n: count() }).from(users).where(eq(users.accountTypeId, id));
  if (n > 0) throw conflict('account_type.in_use', { count: n });
  await tx.delete(accountTypes).where(eq(accountTypes.id, id));
}
