import {
  type CardMethod,
  halalasToSar,
  instalmentAmounts,
  instalmentDueOn,
  instalmentsQualify,
  type PaymentDetails,
  riyadhToday,
  type SubscriptionStatus,
} from '@kora/contracts';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { academies, instalmentPlans, packages, parentPlayers, subscriptions, users } from '../../db/schema.js';
import type { DataAccess, TenantTx } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../http/errors.js';
import { elsewhere, type HostInfo } from '../../http/host.js';
import type { AcademyRow } from '../academies/lookup.js';
import { type Price, priceOf, toPeriodPrice } from '../collections/prices.js';
import { toPublicPackage } from '../packages/mapper.js';
import { periodKey, refreshSubscriptionStates } from '../subscriptions/activate.js';
import { pendingSubscriptionValues } from '../subscriptions/lifecycle.js';
import { subscriptionCore } from '../subscriptions/shape.js';

// What the public payment page reads and pays: the subscription behind a payment link and its academy.
// A payment's record is attempts.ts, applying it settlement.ts, its mails mails.ts.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID as text: the only ids the narrow doors below are asked about. */
export const isUuid = (id: string) => UUID.test(id);

/**
 * The academy of a subscription id, through the one narrow door migration 0009 opens
 * (`subscription_academy(id)`, which reveals only that): public pages and the provider's callback
 * know nothing else. Null for an unknown id.
 */
export async function academyOfSubscription(data: DataAccess, subscriptionId: string): Promise<AcademyRow | null> {
  if (!isUuid(subscriptionId)) return null;
  const [row] = await data.system((tx) =>
    tx.select().from(academies).where(sql`${academies.id} = subscription_academy(${subscriptionId}::uuid)`),
  );
  return row ?? null;
}

/**
 * The academy of a public payment request. By design a subscription id is enough (the link parents
 * get), but a request made on another academy's subdomain finds nothing: 404, as for a member.
 */
export async function academyForRequest(deps: AppDeps, subscriptionId: string, site: HostInfo) {
  const academy = await academyOfSubscription(deps.data, subscriptionId);
  if (!academy || elsewhere(site, academy.handle)) throw notFound('subscription.not_found');
  return academy;
}

async function subscriptionWithPackage(tx: TenantTx, id: string, lock: boolean) {
  const query = tx
    .select({ s: subscriptions, p: packages, player: users })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .innerJoin(users, eq(users.id, subscriptions.playerId))
    .where(eq(subscriptions.id, id));
  const [row] = await (lock ? query.for('update', { of: subscriptions }) : query);
  if (!row) throw notFound('subscription.not_found');
  return row;
}

/** The parents of a player, first linked first: the payer of a page, and who gets a receipt. */
export const parentsOf = (tx: TenantTx, playerId: string) =>
  tx
    .select({ name: users.name, nameArabic: users.nameArabic, email: users.email, phone: users.phoneNumber })
    .from(parentPlayers)
    .innerJoin(users, eq(users.id, parentPlayers.parentId))
    .where(eq(parentPlayers.playerId, playerId))
    .orderBy(asc(parentPlayers.createdAt), asc(users.name));

/** What the public payment page shows; statuses whose dates passed are moved first (an ended one reads INACTIVE, renewable). */
export async function paymentDetails(
  tx: TenantTx,
  academy: AcademyRow,
  id: string,
  now: Date,
  methods: readonly CardMethod[],
): Promise<PaymentDetails> {
  await refreshSubscriptionStates(tx, now);
  const { s, p, player } = await subscriptionWithPackage(tx, id, false);
  const parents = await parentsOf(tx, player.id);
  const price = await priceOf(tx, player.id, p);
  const instalments = instalmentOffer(s, p, price, riyadhToday(now));
  return {
    user: { id: player.id, name: player.name, nameArabic: player.nameArabic },
    package: toPublicPackage(p),
    subscription: subscriptionCore(s),
    parents: parents.map((x) => ({ name: x.name, nameArabic: x.nameArabic })),
    academy: {
      name: academy.name,
      nameArabic: academy.nameArabic,
      logo: academy.logo,
      handle: academy.handle,
      enableOnlinePayments: academy.enableOnlinePayments,
      vatNumber: academy.vatNumber,
    },
    methods: [...methods],
    price: toPeriodPrice(price),
    ...(instalments ? { instalments } : {}),
  };
}

type SubscriptionRow = typeof subscriptions.$inferSelect;
type PackageRow = typeof packages.$inferSelect;

/**
 * The instalments a payment of `s` may be made in (docs/domain.md, "Instalments"): offered by its
 * package, for a subscription waiting for its first payment (a renewal is paid whole); null otherwise.
 * The schedule runs from the day the payment would start the period (activatePaid).
 */
export function instalmentOffer(s: SubscriptionRow, p: PackageRow, price: Price, today: string) {
  if (s.status !== 'PENDING' || !p.instalmentGrant || !instalmentsQualify(p)) return null;
  const count = p.monthsNumber ?? 0;
  const startsOn = s.startDate && s.startDate > today ? s.startDate : today;
  const schedule = instalmentAmounts(price.totalHalalas, count).map((halalas, i) => ({
    on: instalmentDueOn(startsOn, i + 1),
    amount: halalasToSar(halalas),
  }));
  return { count, grant: p.instalmentGrant, schedule };
}

/** Statuses of a subscription running: a renewal of an ended one pays none of them. */
const RUNNING: SubscriptionStatus[] = ['ACTIVE', 'TRIAL', 'PAUSED'];
/** Statuses a payment extends (renewing before the end); a PAUSED one is resumed first. */
const EXTENDABLE: SubscriptionStatus[] = ['ACTIVE', 'TRIAL'];

/**
 * The subscription a payment started from `id` pays, with what the provider's page needs: `id`
 * itself while PENDING; from the renewal page (`renew`) while ACTIVE or TRIAL, `id` extended
 * (renewing before the end, with the period it extends); for an INACTIVE (ended, renewable) one,
 * the player's running subscription extended (`renew`), or their PENDING one, created now of the same package when there is none. Any other
 * status (PAUSED, CANCELLED) is 409 `payment.not_pending`.
 */
export async function subscriptionToPay(tx: TenantTx, academy: AcademyRow, id: string, now: Date, renew = false) {
  if (!academy.enableOnlinePayments) throw conflict('payment.online_disabled');
  await refreshSubscriptionStates(tx, now);
  const row = await subscriptionWithPackage(tx, id, true);
  let target = row.s;
  if (row.s.status === 'INACTIVE') {
    // The player's row is locked so two renewals at once create one subscription, not two.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, row.s.playerId)).for('update');
    const open = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.playerId, row.s.playerId), inArray(subscriptions.status, ['PENDING', ...RUNNING])))
      .orderBy(desc(subscriptions.createdAt));
    const running = open.find((s) => RUNNING.includes(s.status));
    const pending = open.find((s) => s.status === 'PENDING');
    if (running && !(renew && EXTENDABLE.includes(running.status))) throw conflict('payment.not_pending', { status: running.status });
    if (running) target = running;
    else if (pending) target = pending;
    else {
      [target] = await tx
        .insert(subscriptions)
        .values({
          academyId: tx.academyId,
          playerId: row.s.playerId,
          ...pendingSubscriptionValues(row.p, riyadhToday(now)),
          updatedAt: now,
        })
        .returning();
    }
  } else if (row.s.status !== 'PENDING' && !(renew && EXTENDABLE.includes(row.s.status))) {
    throw conflict('payment.not_pending', { status: row.s.status });
  }
  const extendsFrom = EXTENDABLE.includes(target.status) ? periodKey(target) : null;
  // A period being paid in instalments (docs/domain.md, "Instalments") is renewed once they are all paid, not before.
  if (extendsFrom !== null) {
    const [plan] = await tx
      .select({ next: instalmentPlans.nextDueOn })
      .from(instalmentPlans)
      .where(and(eq(instalmentPlans.subscriptionId, target.id), isNotNull(instalmentPlans.nextDueOn)));
    if (plan) throw conflict('payment.instalments_left');
  }
  const [pkg] = target.packageId === row.p.id ? [row.p] : await tx.select().from(packages).where(eq(packages.id, target.packageId));
  const parents = await parentsOf(tx, row.player.id);
  return {
    subscription: target,
    pkg,
    player: row.player,
    payer: parents.find((x) => x.email) ?? parents[0] ?? null,
    renewal: target.id !== id || extendsFrom !== null,
    extendsFrom,
  };
}
