/**
 * One checkout per family (docs/domain.md, "One checkout per family"): a parent pays several
 * children's periods in one card payment from the portal. The provider sees one transaction (its
 * cart is the first period's subscription, so every path that finds a payment's academy by its cart
 * works unchanged); the attempt keeps each period with what the portal showed (payment_attempt_items,
 * migration 0048). When the provider says paid, every period is applied in one transaction — each its
 * own payment and invoice, under the one reference — or none is: a period that can no longer take it
 * (cancelled, paid elsewhere, its package changed) rolls the whole back and the charge is refunded.
 */
import { type FamilyCheckoutOffer, halalasToSar } from '@kora/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { packages, paymentAttemptItems, payments, subscriptions, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { conflict, notFound } from '../../http/errors.js';
import type { AcademyRow } from '../academies/lookup.js';
import { attemptPrice, type Price, priceOf, priceOfAttempt, toPeriodPrice } from '../collections/prices.js';
import { activatePaid, extendSubscription } from '../subscriptions/activate.js';
import { type AttemptRow, sameTerms, termsOf } from './attempts.js';
import type { PaymentResult } from './providers/provider.js';
import { subscriptionToPay } from './service.js';

/** The statuses a family may pay in a checkout: waiting for the first payment, or ended and renewable. */
const PAYABLE: ReadonlySet<string> = new Set(['PENDING', 'INACTIVE']);

/** The family's children's latest subscriptions waiting for payment or renewable, with their packages and children. */
async function payable(tx: TenantTx, childIds: readonly string[]) {
  if (childIds.length === 0) return [];
  const rows = await tx
    .select({ s: subscriptions, p: packages, child: users })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .innerJoin(users, eq(users.id, subscriptions.playerId))
    .where(and(inArray(subscriptions.playerId, [...childIds]), eq(users.role, 'PLAYER')))
    .orderBy(desc(subscriptions.createdAt));
  // A child's latest subscription only: an older one is history.
  const latest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!latest.has(r.s.playerId)) latest.set(r.s.playerId, r);
  return [...latest.values()].filter((r) => PAYABLE.has(r.s.status));
}

/** What the family may pay together, each period at its price (a sibling price included). */
export async function checkoutOffer(tx: TenantTx, academy: AcademyRow, childIds: readonly string[]): Promise<FamilyCheckoutOffer> {
  if (!academy.enableOnlinePayments) return { items: [], total: 0 };
  const items: FamilyCheckoutOffer['items'] = [];
  let total = 0;
  for (const r of await payable(tx, childIds)) {
    const price = await priceOf(tx, r.child.id, r.p);
    total += price.totalHalalas;
    items.push({
      subscriptionId: r.s.id,
      status: r.s.status === 'PENDING' ? 'PENDING' : 'INACTIVE',
      child: { id: r.child.id, name: r.child.name, nameArabic: r.child.nameArabic },
      package: { name: r.p.name, nameArabic: r.p.nameArabic },
      price: toPeriodPrice(price),
    });
  }
  items.sort((a, b) => a.child.name.localeCompare(b.child.name));
  return { items, total: halalasToSar(total) };
}

export interface CheckoutPeriod {
  subscriptionId: string;
  price: Price;
  extendsFrom: string | null;
  terms: ReturnType<typeof termsOf>;
  player: { id: string; name: string; nameArabic: string | null };
  pkg: { name: string; nameArabic: string | null };
}

/**
 * The periods a checkout pays, as the offer would show them now: each of `ids` must be one of the
 * family's payable subscriptions (404 otherwise); an ended one becomes its PENDING renewal (the
 * renewal page's own rule, subscriptionToPay).
 */
export async function checkoutPeriods(
  tx: TenantTx,
  academy: AcademyRow,
  childIds: readonly string[],
  ids: readonly string[],
  now: Date,
): Promise<CheckoutPeriod[]> {
  const offered = new Set((await payable(tx, childIds)).map((r) => r.s.id));
  if (ids.some((id) => !offered.has(id))) throw notFound('subscription.not_found');
  const periods: CheckoutPeriod[] = [];
  for (const id of ids) {
    const toPay = await subscriptionToPay(tx, academy, id, now, false);
    periods.push({
      subscriptionId: toPay.subscription.id,
      price: await priceOf(tx, toPay.player.id, toPay.pkg),
      extendsFrom: toPay.extendsFrom,
      terms: termsOf(toPay.subscription, toPay.pkg),
      player: { id: toPay.player.id, name: toPay.player.name, nameArabic: toPay.player.nameArabic },
      pkg: { name: toPay.pkg.name, nameArabic: toPay.pkg.nameArabic },
    });
  }
  return periods;
}

/** Keeps each period of a checkout's attempt (what the portal showed). */
export async function recordCheckoutItems(tx: TenantTx, attemptId: string, periods: readonly CheckoutPeriod[]) {
  await tx.insert(paymentAttemptItems).values(
    periods.map((p) => ({
      academyId: tx.academyId,
      attemptId,
      subscriptionId: p.subscriptionId,
      ...attemptPrice(p.price),
      extendsFrom: p.extendsFrom,
      ...p.terms,
    })),
  );
}

export const itemsOf = (tx: TenantTx, attemptId: string) =>
  tx.select().from(paymentAttemptItems).where(eq(paymentAttemptItems.attemptId, attemptId)).orderBy(paymentAttemptItems.subscriptionId);

/**
 * Applies a paid checkout: every period, in the caller's transaction, in the order of their ids (two
 * checkouts sharing a period lock in the same order). Any period that cannot take its part — its
 * subscription no longer PENDING or its period moved, its package or price changed — throws 409, so
 * the caller's transaction applies none and refunds the charge (settlement.ts).
 */
export async function activateCheckout(
  tx: TenantTx,
  r: PaymentResult,
  attempt: AttemptRow,
  paying: { provider: string; now: Date; clock: () => Date },
) {
  const items = await itemsOf(tx, attempt.id);
  if (items.length === 0) throw conflict('subscription.state_conflict', { reason: 'no periods' });
  const sum = items.reduce((total, i) => total + i.amountHalalas, 0);
  if ((r.amountHalalas !== null && r.amountHalalas !== sum) || (r.currency && r.currency !== 'SAR'))
    throw conflict('subscription.state_conflict', { reason: 'amount' });
  const activations = [];
  for (const item of items) {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, item.subscriptionId)).for('update');
    const [pkg] = sub ? await tx.select().from(packages).where(eq(packages.id, sub.packageId)).for('share') : [];
    if (!sub || !pkg) throw conflict('subscription.state_conflict', { reason: 'gone' });
    const price = priceOfAttempt(item);
    // A period this transaction already paid (a replayed callback) is answered as paid whatever it says now;
    // a new one must be what the portal showed.
    const [paid] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.providerRef, r.tranRef), eq(payments.subscriptionId, sub.id)));
    if (!paid && (price.listHalalas !== pkg.priceHalalas || !sameTerms(item, termsOf(sub, pkg))))
      throw conflict('subscription.state_conflict', { reason: 'terms' });
    const activation = { method: 'Card' as const, providerRef: r.tranRef, withInvoice: true, ...paying, price };
    const done = item.extendsFrom
      ? await extendSubscription(tx, sub.id, { ...activation, extendsFrom: item.extendsFrom })
      : await activatePaid(tx, sub.id, activation);
    if (!done.repeated && r.method) await tx.update(payments).set({ cardMethod: r.method }).where(eq(payments.id, done.payment.id));
    activations.push(done);
  }
  return activations;
}
