import { sql } from 'drizzle-orm';
import type { Tx } from './client.js';
import type { DataAccess } from './tenant.js';

/** The brand: set only by `familyTransaction`, after the settings that make the transaction a family's. */
const familyBrand = Symbol('family');

/**
 * A parent's transaction (docs/domain.md, "The family portal"): running as `kora_family` with
 * `app.academy_id` and `app.parent_id` set, so the database itself (migration 0027) shows only this
 * parent's row, their children's rows and what hangs on them, and refuses every change but the few
 * columns a parent may set. Only `familyTransaction` makes one; it is not a `TenantTx`, so no staff
 * service accepts it.
 */
export type FamilyTx = Tx & {
  readonly [familyBrand]: true;
  readonly academyId: string;
  /** The parent who signed in. */
  readonly parentId: string;
  /** The academy's parent rows of the same person (same e-mail or mobile), the signed-in one included. */
  readonly parentIds: readonly string[];
};

export interface FamilyKey {
  academyId: string;
  parentId: string;
  parentIds: readonly string[];
}

export function familyTransaction<T>(data: DataAccess, family: FamilyKey, work: (tx: FamilyTx) => Promise<T>): Promise<T> {
  const { academyId, parentId } = family;
  const parentIds = family.parentIds.includes(parentId) ? [...family.parentIds] : [parentId, ...family.parentIds];
  const asArray = `{${parentIds.join(',')}}`;
  // The tenant door opens the transaction in the academy; the role then narrows to the family's.
  return data.tenant(academyId, async (tenant) => {
    await tenant.execute(
      sql`select set_config('role', 'kora_family', true), set_config('app.parent_id', ${parentId}, true), set_config('app.family_parents', ${asArray}, true)`,
    );
    return work(Object.assign(tenant, { parentId, parentIds, [familyBrand]: true as const }));
  });
}
