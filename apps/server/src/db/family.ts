import { sql } from 'drizzle-orm';
import type { Tx } from './client.js';
import type { DataAccess, TenantTx } from './tenant.js';

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
  /** The academy's parent rows of the same person (same e-mail or mobile, none waiting to be confirmed), the signed-in one included. */
  readonly parentIds: readonly string[];
};

export interface FamilyKey {
  academyId: string;
  parentId: string;
  /**
   * The family's parent rows, read in the academy's transaction before it becomes the family's: on
   * every request, so a child confirmed (or a parent row joined) meanwhile shows without signing in
   * again (modules/family/joins.ts).
   */
  members: (tx: TenantTx) => Promise<readonly string[]>;
}

export function familyTransaction<T>(data: DataAccess, family: FamilyKey, work: (tx: FamilyTx) => Promise<T>): Promise<T> {
  const { academyId, parentId } = family;
  // The tenant door opens the transaction in the academy; the role then narrows to the family's.
  return data.tenant(academyId, async (tenant) => {
    const members = await family.members(tenant);
    const parentIds = members.includes(parentId) ? [...members] : [parentId, ...members];
    const asArray = `{${parentIds.join(',')}}`;
    await tenant.execute(
      sql`select set_config('role', 'kora_family', true), set_config('app.parent_id', ${parentId}, true), set_config('app.family_parents', ${asArray}, true)`,
    );
    return work(Object.assign(tenant, { parentId, parentIds, [familyBrand]: true as const }));
  });
}
