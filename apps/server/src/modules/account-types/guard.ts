import { flagsBeyond, type PermissionFlags } from '@kora/contracts';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { accountTypes, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { conflict, forbidden } from '../../http/errors.js';

/** The flags of the member acting (their account type as loaded for this request), or null without a type. */
export type ActorFlags = Partial<PermissionFlags> | null | undefined;

/**
 * No escalation (docs/domain.md, "Roles and permissions"): giving, creating or editing an account
 * type needs W:Settings, and every flag of each given set (the type given, and for an edit also the
 * type or the user's type as it was) must be one the actor holds; 403 otherwise.
 */
export function assertMayGrant(actor: ActorFlags, ...flagSets: Partial<PermissionFlags>[]) {
  if (!actor?.canWriteSettings) throw forbidden();
  for (const flags of flagSets) if (flagsBeyond(flags, actor).length > 0) throw forbidden('account_type.beyond_own_rights');
}

/**
 * Locks the academy's account types until the transaction ends, so two changes that each remove a
 * settings manager run one after the other and the second sees the first (see below).
 */
export async function lockAccountTypes(tx: TenantTx) {
  await tx.select({ id: accountTypes.id }).from(accountTypes).for('update');
}

/** 409 (rolling the change back) when no user with a login holds W:Settings any more. */
export async function assertSettingsManagerLeft(tx: TenantTx) {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(users)
    .innerJoin(accountTypes, eq(accountTypes.id, users.accountTypeId))
    .where(and(eq(accountTypes.canWriteSettings, true), isNotNull(users.passwordHash)));
  if (n === 0) throw conflict('account_type.last_settings_manager');
}
