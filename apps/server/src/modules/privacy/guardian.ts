/**
 * The guardian checked (docs/domain.md, "Privacy requests"): a parent who registered in the public
 * wizard is confirmed when they enter the 6-digit code the portal's sign-in sends to their phone or
 * e-mail (modules/family/sign-in.ts); until then no announcement reaches them (family/announcements.ts),
 * and staff see the child's guardian as not confirmed.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { parentPlayers, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';

/** Marks the parent rows of a verified sign-in as checked (those not yet). */
export async function confirmGuardians(tx: TenantTx, parentIds: readonly string[], now: Date) {
  if (parentIds.length === 0) return 0;
  const done = await tx
    .update(users)
    .set({ guardianConfirmedAt: now })
    .where(and(inArray(users.id, [...parentIds]), eq(users.role, 'PARENT'), isNull(users.guardianConfirmedAt)))
    .returning({ id: users.id });
  return done.length;
}

/** The players whose every parent is still unconfirmed (staff's badge). */
export async function unconfirmedGuardians(tx: TenantTx) {
  const rows = await tx
    .select({ playerId: parentPlayers.playerId })
    .from(parentPlayers)
    .innerJoin(users, eq(users.id, parentPlayers.parentId))
    .groupBy(parentPlayers.playerId)
    .having(sql`bool_and(${users.guardianConfirmedAt} is null)`);
  return { playerIds: rows.map((r) => r.playerId) };
}
