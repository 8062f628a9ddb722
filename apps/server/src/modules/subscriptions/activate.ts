import { addDaysIso, addMonthsIso, DEFAULT_GRACE_DAYS, type InstalmentGrant, riyadhToday } from '@kora/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { packages, payments, subscriptionReminders, subscriptions } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { recordAudit } from '../../http/audit.js';
import { conflict, notFound } from '../../http/errors.js';
import { type Price, priceOf } from '../collections/prices.js';
import { type InvoicePeriod, issueInvoice } from '../invoices/issue.js';

type Subscription = typeof subscriptions.$inferSelect;
type Package = typeof packages.$inferSelect;

export interface Activation {
  method: 'Cash' | 'Card';
  /** The provider and its transaction reference (card payments): one payment per reference, ever. */
  provider?: string;
  providerRef?: string;
  /** The first day of the period (cash activation chooses it); default: today, or a later planned start. */
  startDate?: string;
  withInvoice: boolean;
  now: Date;
  /** The invoice's issue time is read from it under the invoice counter's lock; without one, `now`. */
  clock?: () => Date;
  /** What is paid (a card payment: what its page showed); without one, the price now (collections/prices.ts). */
  price?: Price;
  /**
   * An instalment (docs/domain.md, "Instalments"): its invoice names it "instalment `number` of `count`";
   * the first of an `as_paid` plan grants one month, of a `whole` one the package's months.
   */
  instalment?: { number: number; count: number; grant: InstalmentGrant };
}

/**
 * The subscription (locked: concurrent callbacks queue) with its package, and the payment a provider reference
 * already recorded for it, if any: the work was done and is not repeated. Every way a payment is applied starts here.
 */
export async function lockForPayment(tx: TenantTx, subscriptionId: string, providerRef: string | null | undefined) {
  const [row] = await tx
    .select({ sub: subscriptions, pkg: packages })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .where(eq(subscriptions.id, subscriptionId))
    .for('update', { of: subscriptions });
  if (!row) throw notFound('subscription.not_found');
  const [done] = providerRef
    ? await tx
        .select()
        .from(payments)
        .where(and(eq(payments.providerRef, providerRef), eq(payments.subscriptionId, row.sub.id)))
    : [];
  return { ...row, done: done ?? null };
}

/**
 * Turns a PENDING subscription into a paid one (docs/domain.md, "Subscription lifecycle"): records
 * the payment, sets the period (ACTIVE: a trial is free and starts at registration, lifecycle.ts)
 * and, if asked, issues the invoice — all or nothing.
 * The subscription row is locked first, so concurrent callbacks queue; a provider reference
 * already recorded means the work was done and is not repeated (`repeated: true`).
 */
export async function activatePaid(tx: TenantTx, subscriptionId: string, a: Activation) {
  const { sub, pkg, done } = await lockForPayment(tx, subscriptionId, a.providerRef);
  if (done) return { subscription: sub, payment: done, invoice: null, repeated: true as const };
  if (sub.status !== 'PENDING') throw conflict('subscription.state_conflict', { status: sub.status });

  const today = riyadhToday(a.now);
  const startDate = a.startDate ?? (sub.startDate && sub.startDate > today ? sub.startDate : today);
  const timeBased = pkg.packageType === 'TIME_BASED';
  const months = a.instalment?.grant === 'as_paid' ? 1 : (pkg.monthsNumber ?? 1);
  // A paid period is never a trial: a trial is free and starts at registration (lifecycle.ts).
  const [subscription] = await tx
    .update(subscriptions)
    .set({
      status: 'ACTIVE',
      startDate,
      endDate: timeBased ? addMonthsIso(startDate, months) : null,
      sessionsLeft: timeBased ? null : (pkg.sessionsCount ?? 0),
      totalSessions: timeBased ? null : (pkg.sessionsCount ?? 0),
      pausedAt: null,
      updatedAt: a.now,
    })
    .where(eq(subscriptions.id, sub.id))
    .returning();

  const period = { start: subscription.startDate, end: subscription.endDate, sessions: subscription.totalSessions };
  const { payment, invoice } = await recordPayment(tx, sub, pkg, a, period);
  return { subscription, payment, invoice, repeated: false as const };
}

/** The payment of a subscription's period, audited when a provider made it, and its invoice when asked. */
export async function recordPayment(tx: TenantTx, sub: Subscription, pkg: Package, a: Activation, period: InvoicePeriod) {
  const price = a.price ?? (await priceOf(tx, sub.playerId, pkg));
  const [payment] = await tx
    .insert(payments)
    .values({
      academyId: tx.academyId,
      subscriptionId: sub.id,
      amountHalalas: price.totalHalalas,
      method: a.method,
      provider: a.provider ?? null,
      providerRef: a.providerRef ?? null,
      status: 'PAID',
      paidAt: a.now,
    })
    .returning();

  // A provider's payment has no member behind it: it is audited here (members' calls by the audit hook).
  if (a.provider)
    await recordAudit(tx, {
      actorId: null,
      actorName: a.provider,
      action: 'paymentReceived',
      targetId: sub.id,
      details: { providerRef: a.providerRef ?? null, amountHalalas: price.totalHalalas },
      address: null,
      at: a.now,
    });

  const invoice = a.withInvoice
    ? await issueInvoice(tx, {
        paymentId: payment.id,
        subscriptionId: sub.id,
        playerId: sub.playerId,
        packageName: pkg.name,
        packageNameArabic: pkg.nameArabic,
        totalHalalas: price.totalHalalas,
        allowance: price.allowanceHalalas > 0 ? { halalas: price.allowanceHalalas, percent: price.sibling?.percent ?? 0 } : undefined,
        paymentMethod: a.method,
        paidAt: a.now,
        clock: a.clock,
        period,
        instalment: a.instalment,
      })
    : null;
  return { payment, invoice };
}

/** A running subscription's period as it stands (payment_attempts.extends_from): a renewal pays for this one. */
export const periodKey = (s: Pick<Subscription, 'endDate' | 'totalSessions'>) =>
  s.endDate ? `end:${s.endDate}` : `sessions:${s.totalSessions ?? 0}`;

/**
 * Renewing before the end (docs/domain.md, "Subscription lifecycle"): a payment for an ACTIVE or
 * TRIAL subscription extends it — time-based, the package's months from the day after the current
 * end date (its last day: a paid period's as a trial's); session-based, the
 * package's sessions added — and records the payment and its invoice, all or nothing. Only the
 * period the page was opened for (`extendsFrom`) is extended: a charge finding it moved (another
 * payer renewed first) or the subscription no longer running is a 409, so it is refunded, never
 * applied twice. A provider reference already recorded is not repeated.
 */
export async function extendSubscription(tx: TenantTx, subscriptionId: string, a: Activation & { extendsFrom: string }) {
  const { sub, pkg, done } = await lockForPayment(tx, subscriptionId, a.providerRef);
  if (done) return { subscription: sub, payment: done, invoice: null, repeated: true as const };
  if ((sub.status !== 'ACTIVE' && sub.status !== 'TRIAL') || periodKey(sub) !== a.extendsFrom)
    throw conflict('subscription.state_conflict', { status: sub.status });
  const timeBased = pkg.packageType === 'TIME_BASED';
  // The end date is the period's last day (a trial's too): the new period starts the day after it,
  // for a paid period as for a trial, so two invoices never name the same day.
  const from = sub.endDate ? addDaysIso(sub.endDate, 1) : null;
  const sessions = pkg.sessionsCount ?? 0;
  const [subscription] = await tx
    .update(subscriptions)
    .set(
      timeBased && from
        ? { endDate: addMonthsIso(from, pkg.monthsNumber ?? 1), updatedAt: a.now }
        : { sessionsLeft: (sub.sessionsLeft ?? 0) + sessions, totalSessions: (sub.totalSessions ?? 0) + sessions, updatedAt: a.now },
    )
    .where(eq(subscriptions.id, sub.id))
    .returning();
  // A new period: its own "ending soon" and "low on sessions" reminders (each is sent once per subscription).
  await tx
    .delete(subscriptionReminders)
    .where(and(eq(subscriptionReminders.subscriptionId, sub.id), inArray(subscriptionReminders.stage, ['ending_soon', 'low_sessions'])));
  // The invoice states what this payment added: the months from `from`, or the sessions.
  const period = timeBased && from ? { start: from, end: subscription.endDate, sessions: null } : { start: null, end: null, sessions };
  const { payment, invoice } = await recordPayment(tx, sub, pkg, a, period);
  return { subscription, payment, invoice, repeated: false as const };
}

/**
 * Moves subscriptions whose dates have passed (docs/domain.md): TRIAL becomes ACTIVE after its
 * trial days, ACTIVE or TRIAL becomes INACTIVE (renewable) after its end date. One idempotent
 * statement, run before reads that show statuses; safe when several processes run it at once.
 */
export async function refreshSubscriptionStates(tx: TenantTx, now: Date) {
  await tx.execute(refreshStatesSql(now));
}

/** The update of `refreshSubscriptionStates`, for a list that runs it as a CTE of its own statement. */
export function refreshStatesSql(now: Date) {
  const today = riyadhToday(now);
  const grace = sql`coalesce((select cs.grace_days from collection_settings cs where cs.academy_id = s.academy_id), ${DEFAULT_GRACE_DAYS}::int)`;
  // Instalments left to collect (docs/domain.md, "Instalments"): the next one's day, null once all are paid.
  const nextInstalment = sql`(select ip.next_due_on from instalment_plans ip where ip.academy_id = s.academy_id and ip.subscription_id = s.id)`;
  // Renewing itself with a saved card (migration 0043), or collecting its instalments with it: the academy's grace days
  // after the end date, while it is charged and retried. An instalment unpaid past the grace days ends it too (a
  // whole period granted at the first instalment has an end date months away).
  const ended = sql`((s.end_date < ${today}::date and not ((p.auto_renew or ${nextInstalment} is not null) and exists (
      select 1 from auto_renewals ar where ar.academy_id = s.academy_id and ar.subscription_id = s.id)
    and s.end_date + ${grace} >= ${today}::date))
    or coalesce(${nextInstalment} + ${grace} < ${today}::date, false))`;
  return sql`
    update subscriptions s
    set status = case when ${ended} then 'INACTIVE' else 'ACTIVE' end, updated_at = ${now.toISOString()}::timestamptz
    from packages p
    where p.id = s.package_id and s.status in ('ACTIVE', 'TRIAL') and s.end_date is not null
      and (${ended} or (s.status = 'TRIAL' and s.start_date + p.trial_days <= ${today}::date))`;
}
