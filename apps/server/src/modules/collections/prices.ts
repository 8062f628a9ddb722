/**
 * Sibling prices (docs/domain.md, "Sibling prices"): what a subscription's period costs, the
 * package's price less the academy's tier for the child's place in the family. The family is the
 * portal's (parent rows of one address); its children with a running or waiting subscription are
 * ranked by their package's price (highest first), then by registration: the first pays in full.
 * One place computes it for the payment page, the charge it opens, an automatic renewal and a
 * payment recorded by staff; the amount a page showed is kept with its attempt (migration 0047).
 */
import { allowanceOf, halalasToSar, instalmentAmounts, type PeriodPrice, type SiblingDiscount, siblingPercent } from '@kora/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { collectionSettings } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { heldApartSql } from '../family/joins.js';
import { mobileNine } from '../family/sign-in.js';
import { OPEN_SUBSCRIPTION_STATUSES } from '../privacy/erasure.js';

export interface Price {
  listHalalas: number;
  allowanceHalalas: number;
  totalHalalas: number;
  /** The tier applied, or null (no tiers, first child, or a price too small to reduce). */
  sibling: { position: number; percent: number } | null;
}

export const fullPrice = (listHalalas: number): Price => ({ listHalalas, allowanceHalalas: 0, totalHalalas: listHalalas, sibling: null });

/**
 * SQL: a child's place (1 = the first, who pays in full) among the family's children with an open
 * subscription, the child counting at `price`: 1 + the siblings ranked before it (a dearer package,
 * or as dear and registered earlier). The family is the portal's (docs/domain.md, "The family
 * portal"; family/joins.ts familyMembers): the child's parent rows and the academy's other parent
 * rows of the same e-mail or mobile, less rows waiting to be confirmed or kept separate. One
 * expression for a price and for the dashboard's list.
 */
export function familyPlaceSql(player: SQL, price: SQL) {
  const open = sql.join(
    OPEN_SUBSCRIPTION_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  // The address rules of sign-in and of family joins (family/sign-in.ts parentsOf, family/joins.ts familyMembers).
  const nine = mobileNine;
  const apart = heldApartSql;
  return sql`(1 + (select count(*) from (
      select distinct q.id, q.created_at, qp.price
        from parent_players mine
        join users m on m.id = mine.parent_id
        join users fp on fp.role = 'PARENT' and (fp.id = m.id or (not ${apart(sql`m.id`)} and not ${apart(sql`fp.id`)} and (
               (m.email is not null and lower(fp.email) = lower(m.email))
               or (length(${nine(sql`m.phone_number`)}) = 9 and ${nine(sql`fp.phone_number`)} = ${nine(sql`m.phone_number`)}))))
        join parent_players other on other.parent_id = fp.id
        join users q on q.id = other.player_id
        cross join lateral (select max(p2.price_halalas) as price from subscriptions s2 join packages p2 on p2.id = s2.package_id
                             where s2.player_id = q.id and s2.status in (${open})) qp
       where mine.player_id = ${player} and q.id <> ${player} and q.role = 'PLAYER' and q.erased_at is null and qp.price is not null
    ) sibling join users me on me.id = ${player}
    where sibling.price > ${price} or (sibling.price = ${price} and (sibling.created_at, sibling.id) < (me.created_at, me.id))))::int`;
}

/** A price at a place in the family under the academy's tiers. */
export function priceAt(listHalalas: number, position: number, tiers: readonly SiblingDiscount[]): Price {
  const percent = siblingPercent(position, tiers);
  const allowanceHalalas = allowanceOf(listHalalas, percent);
  if (allowanceHalalas === 0) return fullPrice(listHalalas);
  return { listHalalas, allowanceHalalas, totalHalalas: listHalalas - allowanceHalalas, sibling: { position, percent } };
}

/** What a period of `pkg` costs `playerId` now. */
export async function priceOf(tx: Pick<TenantTx, 'execute' | 'select'>, playerId: string, pkg: { priceHalalas: number }): Promise<Price> {
  const [settings] = await tx.select({ tiers: collectionSettings.siblingDiscounts }).from(collectionSettings);
  const tiers = settings?.tiers ?? [];
  if (tiers.length === 0 || pkg.priceHalalas <= 0) return fullPrice(pkg.priceHalalas);
  const [{ place }] = rowsOf<{ place: number }>(
    await tx.execute(sql`select ${familyPlaceSql(sql`${playerId}::uuid`, sql`${pkg.priceHalalas}::int`)} as place`),
  );
  return priceAt(pkg.priceHalalas, Number(place), tiers);
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

/**
 * Instalment `k` of `count` of a period's price (docs/domain.md, "Instalments"): its share of what is
 * paid and of the sibling allowance (each split by `instalmentAmounts`), so the instalments' invoices
 * add up to the period's, each with its share of the allowance.
 */
export function instalmentPrice(p: Price, count: number, k: number): Price {
  const totalHalalas = instalmentAmounts(p.totalHalalas, count)[k - 1];
  const allowanceHalalas = instalmentAmounts(p.allowanceHalalas, count)[k - 1];
  return { listHalalas: totalHalalas + allowanceHalalas, allowanceHalalas, totalHalalas, sibling: allowanceHalalas > 0 ? p.sibling : null };
}
