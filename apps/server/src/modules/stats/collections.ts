import { halalasToSar, type MonthCollections, riyadhToday, type SiblingDiscount } from '@kora/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { riyadhDay } from '../../db/riyadh.js';
import type { TenantTx } from '../../db/tenant.js';
import { familyPlaceSql, priceAt } from '../collections/prices.js';
import { riyadhMonth } from './service.js';

/** The most rows of the list; the figures count them all. */
export const COLLECTION_ITEMS_LIMIT = 500;

interface ItemRow {
  subscriptionId: string;
  status: MonthCollections['items'][number]['subscriptionStatus'];
  state: MonthCollections['items'][number]['state'];
  dueDate: string;
  amount: number;
  /** The child's place in the family (collections/prices.ts): the sibling price applies to `amount`. */
  place: number;
  /** An instalment of a plan (docs/domain.md, "Instalments"): `amount` is the plan's, its sibling share included. */
  instalment: boolean;
  familyKey: string;
  playerId: string;
  playerName: string;
  playerNameArabic: string | null;
  familyName: string;
  familyNameArabic: string | null;
  packageName: string;
  packageNameArabic: string | null;
  autoRenews: boolean;
  nextChargeOn: string | null;
}

/**
 * "Collected this month" (docs/domain.md, "Collected this month"), for the Riyadh month of `now`:
 *
 * - **due**: the payments still to collect. A PENDING subscription (its first period) falls due on
 *   its start date (this month or earlier: unpaid, it stays due); an ACTIVE, TRIAL or INACTIVE one
 *   falls due the day after its period's last day (time-based) or the day it ran out of sessions
 *   (session-based, INACTIVE), when that day lies in the month — unless the player has a later
 *   subscription (it renewed into, or was cancelled for, that one). Paying it makes it ACTIVE or
 *   moves its end date, so it leaves the list. Its amount is the package's price.
 * - **failing**: of those, the ones whose latest payment attempt this month was declined, expired
 *   or failed, or whose automatic renewal's charge was refused this month (retrying or given up);
 *   **overdue**: the others whose due day has passed (before today in Riyadh). The rest
 *   are plainly due. The three states do not overlap; "due" counts all of them.
 * - **collected**: the card and cash payments paid in the month (refunds not subtracted).
 *
 * A family is a player's first linked parent (a player without one is their own family); each
 * figure counts families once.
 */
export async function monthCollections(tx: TenantTx, now: Date): Promise<MonthCollections> {
  const today = riyadhToday(now);
  const month = riyadhMonth(`${today.slice(0, 7)}-01`);
  const from = month.from.toISOString();
  // The charge that collects an item: its instalment's, or its period's renewal.
  const chargeKey = sql`case when o.instalment then o.instalment_key else 'end:' || to_char(o.end_date, 'YYYY-MM-DD') end`;
  const family = sql`(select pp.parent_id from parent_players pp where pp.player_id = s.player_id order by pp.created_at, pp.parent_id limit 1)`;

  const items = rowsOf<ItemRow>(
    await tx.execute(sql`
      with open as (
        select s.id, s.status, s.player_id, s.created_at, s.end_date,
          -- A running period paid in instalments owes its next one, on its day (docs/domain.md, "Instalments").
          ip.next_due_on is not null as instalment, 'inst:' || (ip.paid_count + 1) as instalment_key,
          coalesce(ip.instalment_halalas, pk.price_halalas) as amount,
          (pk.auto_renew or ip.next_due_on is not null) and pk.package_type = 'TIME_BASED' as renewable,
          pk.name as package_name, pk.name_arabic as package_name_arabic,
          ${family} as parent_id,
          case when s.status = 'PENDING' then coalesce(s.start_date, ${riyadhDay(sql`s.created_at`)})
               when ip.next_due_on is not null then ip.next_due_on
               when s.end_date is not null then s.end_date + 1
               else ${riyadhDay(sql`s.updated_at`)} end as due_date
        from subscriptions s
        join packages pk on pk.id = s.package_id
        left join instalment_plans ip on ip.subscription_id = s.id and ip.next_due_on is not null and s.status in ('ACTIVE', 'TRIAL')
        where (s.status = 'PENDING' or (s.status in ('ACTIVE', 'TRIAL') and s.end_date is not null) or s.status = 'INACTIVE')
          and not exists (
            select 1 from subscriptions later
            where later.player_id = s.player_id and later.id <> s.id and later.created_at > s.created_at)
      ),
      due as (
        select o.*,
          (select a.outcome from payment_attempts a
            where (a.subscription_id = o.id or a.retry_subscription_id = o.id) and a.created_at >= ${from}::timestamptz
            order by a.created_at desc limit 1) in ('declined', 'expired', 'failed')
          or exists (select 1 from renewal_charges rc
            where rc.subscription_id = o.id and rc.updated_at >= ${from}::timestamptz and rc.last_status is not null
              and rc.state in ('due', 'charging', 'failed')) as failed,
          o.renewable and exists (select 1 from auto_renewals ar join saved_cards c on c.id = ar.saved_card_id
            where ar.subscription_id = o.id and c.unusable_reason is null) as auto_renews,
          -- The open charge's next try; before the charge is opened, the renewal date (the period's last day) or the instalment's.
          coalesce((select rc.next_try_on from renewal_charges rc
              where rc.subscription_id = o.id and rc.period_key = ${chargeKey}),
            case when not exists (select 1 from renewal_charges rc
              where rc.subscription_id = o.id and rc.period_key = ${chargeKey})
              then case when o.instalment then o.due_date else o.end_date end end) as next_charge_on
        from open o
        where o.due_date <= ${month.end}::date and (o.status = 'PENDING' or o.due_date >= ${month.start}::date)
      )
      select d.id as "subscriptionId", d.status, d.due_date::text as "dueDate", d.amount, d.instalment,
        -- The child's place in the family, only where the academy has sibling prices (it reads the family's parents).
        case when exists (select 1 from collection_settings cs where jsonb_array_length(cs.sibling_discounts) > 0)
          then ${familyPlaceSql(sql`d.player_id`, sql`d.amount`)} else 1 end as place,
        case when d.failed then 'failing' when d.due_date < ${today}::date then 'overdue' else 'due' end as state,
        coalesce(d.parent_id, d.player_id)::text as "familyKey",
        pl.id as "playerId", pl.name as "playerName", pl.name_arabic as "playerNameArabic",
        coalesce(pa.name, pl.name) as "familyName", case when pa.id is null then pl.name_arabic else pa.name_arabic end as "familyNameArabic",
        d.package_name as "packageName", d.package_name_arabic as "packageNameArabic",
        d.auto_renews as "autoRenews", d.next_charge_on::text as "nextChargeOn"
      from due d
      join users pl on pl.id = d.player_id
      left join users pa on pa.id = d.parent_id
      order by case when d.failed then 1 when d.due_date < ${today}::date then 0 else 2 end, d.due_date, pl.name, d.id`),
  );

  const [collected] = rowsOf<{ amount: number | string; families: number; tiers: SiblingDiscount[] | null }>(
    await tx.execute(sql`
      select coalesce(sum(p.amount_halalas), 0)::bigint as amount,
        count(distinct coalesce(${family}, s.player_id))::int as families,
        (select cs.sibling_discounts from collection_settings cs) as tiers
      from payments p
      join subscriptions s on s.id = p.subscription_id
      where p.status = 'PAID' and p.paid_at >= ${from}::timestamptz and p.paid_at < ${month.to.toISOString()}::timestamptz`),
  );

  // What each payment will ask: the package's price less the sibling price of the child's place (an instalment: the plan's).
  for (const r of items) if (!r.instalment) r.amount = priceAt(Number(r.amount), Number(r.place), collected.tiers ?? []).totalHalalas;

  const figure = (rows: ItemRow[]) => ({
    amount: halalasToSar(rows.reduce((sum, r) => sum + Number(r.amount), 0)),
    families: new Set(rows.map((r) => r.familyKey)).size,
  });
  return {
    month: month.start,
    due: figure(items),
    collected: { amount: halalasToSar(Number(collected.amount)), families: collected.families },
    failing: figure(items.filter((r) => r.state === 'failing')),
    overdue: figure(items.filter((r) => r.state === 'overdue')),
    items: items.slice(0, COLLECTION_ITEMS_LIMIT).map((r) => ({
      subscriptionId: r.subscriptionId,
      subscriptionStatus: r.status,
      state: r.state,
      dueDate: r.dueDate,
      amount: halalasToSar(Number(r.amount)),
      player: { id: r.playerId, name: r.playerName, nameArabic: r.playerNameArabic },
      family: { name: r.familyName, nameArabic: r.familyNameArabic },
      package: { name: r.packageName, nameArabic: r.packageNameArabic },
      autoRenewal: r.autoRenews && r.status !== 'PENDING' ? { nextChargeOn: r.nextChargeOn } : null,
    })),
  };
}
