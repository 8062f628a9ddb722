/**
 * Sibling prices (docs/domain.md, "Sibling prices"): what a subscription's period costs, the
 * package's price less the academy's tier for the child's place in the family. The family is the
 * children sharing a parent with this one; those with a running or waiting subscription are ranked
 * by their package's price (highest first), then by registration: the first pays the full price.
 * One place computes it for the payment page, the charge it opens, an automatic renewal and a
 * payment recorded by staff; the amount a page showed is kept with its attempt (migration 0047).
 */
import { allowanceOf, halalasToSar, type PeriodPrice, siblingPercent } from '@kora/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { collectionSettings } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { OPEN_SUBSCRIPTION_STATUSES } from '../privacy/erasure.js';

export interface Price {
  listHalalas: number;
  allowanceHalalas: number;
  totalHalalas: number;
  /** The tier applied, or null (no tiers, first child, or a price too small to reduce). */
  sibling: { position: number; percent: number } | null;
}

export const fullPrice = (listHalalas: number): Price => ({ listHalalas, allowanceHalalas: 0, totalHalalas: listHalalas, sibling: null });

/** The child's place among the family's children with an open subscription (this one counts at `priceHalalas`). */
async function placeInFamily(tx: Pick<TenantTx, 'execute'>, playerId: string, priceHalalas: number) {
  const open = sql.join(
    OPEN_SUBSCRIPTION_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with family as (
        select ${playerId}::uuid as player_id
        union
        select other.player_id from parent_players mine
          join parent_players other on other.parent_id = mine.parent_id
         where mine.player_id = ${playerId}::uuid
      ), ranked as (
        select u.id, u.created_at,
               case when u.id = ${playerId}::uuid then ${priceHalalas}::int
                    else (select max(p.price_halalas) from subscriptions s join packages p on p.id = s.package_id
                           where s.player_id = u.id and s.status in (${open})) end as price
          from users u join family f on f.player_id = u.id
         where u.role = 'PLAYER' and u.erased_at is null
      )
      select id from ranked where price is not null order by price desc, created_at, id`),
  );
  return rows.findIndex((r) => r.id === playerId) + 1;
}

/** What a period of `pkg` costs `playerId` now. */
export async function priceOf(tx: Pick<TenantTx, 'execute' | 'select'>, playerId: string, pkg: { priceHalalas: number }): Promise<Price> {
  const [settings] = await tx.select({ tiers: collectionSettings.siblingDiscounts }).from(collectionSettings);
  const tiers = settings?.tiers ?? [];
  if (tiers.length === 0 || pkg.priceHalalas <= 0) return fullPrice(pkg.priceHalalas);
  const position = await placeInFamily(tx, playerId, pkg.priceHalalas);
  const percent = siblingPercent(position, tiers);
  const allowanceHalalas = allowanceOf(pkg.priceHalalas, percent);
  if (allowanceHalalas === 0) return fullPrice(pkg.priceHalalas);
  return {
    listHalalas: pkg.priceHalalas,
    allowanceHalalas,
    totalHalalas: pkg.priceHalalas - allowanceHalalas,
    sibling: { position, percent },
  };
}

/** The price a payment attempt recorded (what its page showed). */
export const priceOfAttempt = (a: { amountHalalas: number; allowanceHalalas: number; allowancePercent: number | null }): Price => ({
  listHalalas: a.amountHalalas + a.allowanceHalalas,
  allowanceHalalas: a.allowanceHalalas,
  totalHalalas: a.amountHalalas,
  sibling: a.allowancePercent === null ? null : { position: 0, percent: a.allowancePercent },
});

/** The attempt's columns of a price. */
export const attemptPrice = (p: Price) => ({
  amountHalalas: p.totalHalalas,
  allowanceHalalas: p.allowanceHalalas,
  allowancePercent: p.sibling?.percent ?? null,
});

/** The contract's shape (SAR). */
export const toPeriodPrice = (p: Price): PeriodPrice => ({
  list: halalasToSar(p.listHalalas),
  allowance: halalasToSar(p.allowanceHalalas),
  total: halalasToSar(p.totalHalalas),
  sibling: p.sibling,
});
