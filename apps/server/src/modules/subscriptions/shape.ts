import { halalasToSar, type ManagedSubscription, type Subscription } from '@kora/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { sar } from '../../db/json.js';
import { packages, subscriptions } from '../../db/schema.js';

/**
 * The one builder of the Subscription answer (contracts, `subscriptionSchema`): in SQL for the
 * lists the database writes as JSON (`subscriptionRowsSql`), in TypeScript for records read or
 * written one at a time (`toSubscription`). Both give the same keys in the same order.
 */

/** The columns the shape reads, for a select of only them (lists read hundreds of these). */
export const subscriptionColumns = {
  s: {
    id: subscriptions.id,
    status: subscriptions.status,
    startDate: subscriptions.startDate,
    endDate: subscriptions.endDate,
    sessionsLeft: subscriptions.sessionsLeft,
    totalSessions: subscriptions.totalSessions,
    playerId: subscriptions.playerId,
  },
  p: {
    id: packages.id,
    name: packages.name,
    nameArabic: packages.nameArabic,
    packageType: packages.packageType,
    priceHalalas: packages.priceHalalas,
  },
};

type SubscriptionFields = Pick<typeof subscriptions.$inferSelect, keyof typeof subscriptionColumns.s>;
type PackageFields = Pick<typeof packages.$inferSelect, keyof typeof subscriptionColumns.p>;
/** A row of a select of `subscriptionColumns`. */
export type SubscriptionJoin = { s: SubscriptionFields; p: PackageFields };

/** Subscriptions with their package, only the columns of the shape: a select to narrow and order, rows for `toSubscription`. */
export const selectSubscriptions = (tx: Tx) =>
  tx.select(subscriptionColumns).from(subscriptions).innerJoin(packages, eq(packages.id, subscriptions.packageId));

/** The subscription's own fields, without its player and package (the public payment pages). */
export const subscriptionCore = (s: Omit<SubscriptionFields, 'playerId'>) => ({
  id: s.id,
  status: s.status,
  startDate: s.startDate,
  endDate: s.endDate,
  sessionsLeft: s.sessionsLeft,
  totalSessions: s.totalSessions,
});

export const toSubscription = (s: SubscriptionFields, p: PackageFields): Subscription => ({
  ...subscriptionCore(s),
  userId: s.playerId,
  package: { id: p.id, name: p.name, nameArabic: p.nameArabic, packageType: p.packageType, price: halalasToSar(p.priceHalalas) },
});

/** As Settings → subscriptions manages it: its package says whether it may pause. */
export function toManagedSubscription(s: SubscriptionFields, p: PackageFields & { allowPause: boolean }): ManagedSubscription {
  const subscription = toSubscription(s, p);
  return { ...subscription, package: { ...subscription.package, allowPause: p.allowPause } };
}

/**
 * The FROM of a list of Subscription answers: `subscriptions s` with its package `pk`, its status as
 * the answer gives it `st.status`, and `sr` the answer's row for `row_to_json` (SQL twin of
 * `toSubscription`; `allowPause` that of `toManagedSubscription`). `refreshed`: a CTE of
 * `(id, status)` the statement moved (activate.ts, `refreshStatesSql`): the statement reads rows
 * as they were, so a moved row's status is taken from it.
 */
export function subscriptionRowsSql(opts: { refreshed?: SQL; allowPause?: boolean } = {}) {
  const status = opts.refreshed ? sql`coalesce(rf.status, s.status)` : sql`s.status`;
  return sql`subscriptions s
    join packages pk on pk.id = s.package_id
    ${opts.refreshed ? sql`left join ${opts.refreshed} rf on rf.id = s.id` : sql``}
    cross join lateral (select ${status} as status) st
    cross join lateral (
      select s.id, st.status, s.start_date as "startDate", s.end_date as "endDate", s.sessions_left as "sessionsLeft",
        s.total_sessions as "totalSessions", s.player_id as "userId", row_to_json(kr) as package
      from (
        select pk.id, pk.name, pk.name_arabic as "nameArabic", pk.package_type as "packageType",
          ${sar(sql`pk.price_halalas`)} as price${opts.allowPause ? sql`, pk.allow_pause as "allowPause"` : sql``}
      ) kr
    ) sr`;
}
