import {
  halalasToSar,
  type InstalmentGrant,
  instalmentAmounts,
  type PaymentLang,
  type PaymentOutcome,
  type PaymentPage,
  type PaymentResultReply,
} from '@kora/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { academies, invoices, packages, paymentAttemptItems, paymentAttempts, payments, subscriptions, users } from '../../db/schema.js';
import type { DataAccess, TenantTx } from '../../db/tenant.js';
import { notFound } from '../../http/errors.js';
import type { AcademyRow } from '../academies/lookup.js';
import { subscriptionCore } from '../subscriptions/shape.js';
import type { PaymentResult } from './providers/provider.js';
import { isUuid } from './service.js';

// A payment's record (payment_attempts, migration 0024): the page opened, what the provider said of it,
// and the result page the payer comes back to.

/**
 * PayTabs' `response_status` as the payer reads it: A paid (once applied to the subscription), H
 * hold and P pending, D declined, X expired, C cancelled and V voided (nothing taken), E error and
 * anything unknown failed.
 */
export function outcomeOf(status: string): PaymentOutcome {
  switch (status) {
    case 'A':
      return 'paid';
    case 'H':
    case 'P':
      return 'pending';
    case 'D':
      return 'declined';
    case 'X':
      return 'expired';
    case 'C':
    case 'V':
      return 'cancelled';
    default:
      return 'failed';
  }
}

/** The pages a payment starts from: `retry` is where its payer tries again. */
export interface AttemptStart {
  subscriptionId: string;
  retrySubscriptionId: string;
  retryPage: PaymentPage;
  provider: string;
  providerRef: string;
  amountHalalas: number;
  /** The sibling price the page showed (collections/prices.ts, attemptPrice). */
  allowanceHalalas?: number;
  allowancePercent?: number | null;
  lang: PaymentLang;
  /** A renewal of a running subscription: its period as the page opened (`periodKey`). */
  extendsFrom?: string | null;
  /** What the page showed besides the price (`termsOf`): a charge is applied only to these. */
  terms?: Terms;
  /** Paid in instalments (docs/domain.md, "Instalments"): the amount stays the period's; the charge is one instalment. */
  instalmentCount?: number | null;
  instalmentGrant?: InstalmentGrant | null;
}

/**
 * What a payment page sells, besides its price (the attempt's amount): the package, its months or
 * sessions, and for a PENDING subscription the period it shows (a renewal's is `extendsFrom`).
 */
export interface Terms {
  packageId: string;
  packageMonths: number | null;
  packageSessions: number | null;
  periodStart: string | null;
  periodEnd: string | null;
}

type SubscriptionRow = typeof subscriptions.$inferSelect;
type PackageRow = typeof packages.$inferSelect;

/** The terms of a subscription on its package as they stand (what a page opened now shows). */
export function termsOf(s: Pick<SubscriptionRow, 'status' | 'startDate' | 'endDate'>, p: PackageRow): Terms {
  const timeBased = p.packageType === 'TIME_BASED';
  const pending = s.status === 'PENDING';
  return {
    packageId: p.id,
    packageMonths: timeBased ? (p.monthsNumber ?? 1) : null,
    packageSessions: timeBased ? null : (p.sessionsCount ?? 0),
    periodStart: pending ? s.startDate : null,
    periodEnd: pending ? s.endDate : null,
  };
}

export const sameTerms = (a: Terms, b: Terms) =>
  a.packageId === b.packageId &&
  a.packageMonths === b.packageMonths &&
  a.packageSessions === b.packageSessions &&
  a.periodStart === b.periodStart &&
  a.periodEnd === b.periodEnd;

/**
 * Records a payment page the provider opened (migration 0024): pending until the provider says more.
 * One open page per subscription: the previous pending ones are marked superseded (PayTabs cannot
 * cancel an unpaid page, so a charge may still come through on one: it is applied while the
 * subscription can take it, otherwise refunded, `settlePayment`).
 */
export async function recordAttempt(tx: TenantTx, start: AttemptStart, now: Date) {
  await tx
    .update(paymentAttempts)
    .set({ supersededAt: now, updatedAt: now })
    .where(
      and(
        eq(paymentAttempts.subscriptionId, start.subscriptionId),
        eq(paymentAttempts.outcome, 'pending'),
        isNull(paymentAttempts.supersededAt),
      ),
    );
  const [row] = await tx
    .insert(paymentAttempts)
    .values({ academyId: tx.academyId, ...start, ...start.terms, createdAt: now, updatedAt: now })
    .returning({ id: paymentAttempts.id });
  return row.id;
}

/**
 * Writes what the provider said of a transaction on its attempt. Only a pending attempt changes (a
 * replayed or late answer never rewrites an outcome); one Kora never recorded (opened before the
 * record existed) is recorded now, so every answer has a record.
 */
export async function noteAttempt(
  tx: TenantTx,
  r: PaymentResult,
  note: { provider: string; outcome: PaymentOutcome; paymentId?: string | null; lang: PaymentLang; now: Date },
) {
  await tx
    .insert(paymentAttempts)
    .values({
      academyId: tx.academyId,
      subscriptionId: r.cartId,
      retrySubscriptionId: r.cartId,
      retryPage: 'initial',
      provider: note.provider,
      providerRef: r.tranRef,
      amountHalalas: r.amountHalalas ?? 0,
      lang: note.lang,
      outcome: note.outcome,
      providerStatus: r.status.slice(0, 8),
      paymentId: note.paymentId ?? null,
      createdAt: note.now,
      updatedAt: note.now,
    })
    .onConflictDoUpdate({
      target: [paymentAttempts.academyId, paymentAttempts.providerRef],
      set: { outcome: note.outcome, providerStatus: r.status.slice(0, 8), paymentId: note.paymentId ?? null, updatedAt: note.now },
      setWhere: eq(paymentAttempts.outcome, 'pending'),
    });
}

export type AttemptRow = typeof paymentAttempts.$inferSelect;

/** The attempt of a provider reference, if Kora recorded one. */
export async function attemptByRef(tx: TenantTx, tranRef: string): Promise<AttemptRow | null> {
  const [row] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.providerRef, tranRef));
  return row ?? null;
}

/**
 * The academy of a payment's public reference (the attempt's id), through the narrow door of
 * migration 0024 (`payment_attempt_academy(id)`); null for anything else.
 */
export async function academyOfAttempt(data: DataAccess, ref: string): Promise<AcademyRow | null> {
  if (!isUuid(ref)) return null;
  const [row] = await data.system((tx) => tx.select().from(academies).where(sql`${academies.id} = payment_attempt_academy(${ref}::uuid)`));
  return row ?? null;
}

/** Where the payer's browser goes once the provider answered: the result page, or the page they paid from with its result. */
export function resultPath(attempt: Pick<AttemptRow, 'id' | 'outcome' | 'retryPage' | 'retrySubscriptionId'>) {
  if (attempt.outcome === 'paid' || attempt.outcome === 'pending' || attempt.outcome === 'unapplied')
    return `/payment/success?${new URLSearchParams({ ref: attempt.id })}`;
  // A family checkout is tried again from the portal's payments page.
  if (attempt.retryPage === 'family') return `/family/money?${new URLSearchParams({ payment: attempt.id })}`;
  return `/${attempt.retryPage}-subscription/${attempt.retrySubscriptionId}?${new URLSearchParams({ payment: attempt.id })}`;
}

/** An attempt by its public reference, with everything its result page shows (404 when there is none). */
export async function attemptResult(tx: TenantTx, academy: AcademyRow, ref: string) {
  const [row] = await tx
    .select({ a: paymentAttempts, s: subscriptions, p: packages, player: users })
    .from(paymentAttempts)
    .innerJoin(subscriptions, eq(subscriptions.id, paymentAttempts.subscriptionId))
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .innerJoin(users, eq(users.id, subscriptions.playerId))
    .where(eq(paymentAttempts.id, ref));
  if (!row) throw notFound('payment.not_found');
  const { a, s, p, player } = row;
  const [paid] = a.paymentId
    ? await tx
        .select({
          amountHalalas: payments.amountHalalas,
          invoiceId: invoices.id,
          invoiceNumber: invoices.invoiceNumber,
          periodStart: invoices.periodStart,
          periodEnd: invoices.periodEnd,
          periodSessions: invoices.periodSessions,
        })
        .from(payments)
        .leftJoin(invoices, eq(invoices.paymentId, payments.id))
        .where(eq(payments.id, a.paymentId))
    : [];
  const reply: PaymentResultReply = {
    ref: a.id,
    outcome: a.outcome,
    // Before it is paid: what the charge asks (in instalments, the first; the attempt keeps the period's price).
    amount: halalasToSar(
      paid?.amountHalalas ?? (a.instalmentCount ? instalmentAmounts(a.amountHalalas, a.instalmentCount)[0] : a.amountHalalas),
    ),
    academy: {
      name: academy.name,
      nameArabic: academy.nameArabic,
      logo: academy.logo,
      handle: academy.handle,
      vatNumber: academy.vatNumber,
    },
    player: { name: player.name, nameArabic: player.nameArabic },
    package: { name: p.name, nameArabic: p.nameArabic, packageType: p.packageType },
    subscription: subscriptionCore(s),
    invoice: paid?.invoiceId && paid.invoiceNumber !== null ? { id: paid.invoiceId, invoiceNumber: paid.invoiceNumber } : null,
    // The period the invoice names: a trial paid during it shows the months paid for, not the trial.
    paidPeriod: paid?.invoiceId
      ? { startDate: paid.periodStart ?? null, endDate: paid.periodEnd ?? null, sessions: paid.periodSessions ?? null }
      : null,
    retry: { page: a.retryPage, subscriptionId: a.retrySubscriptionId },
    ...(a.retryPage === 'family' ? { items: await checkoutResultItems(tx, a.id) } : {}),
  };
  // A checkout's amount is the whole charge, not its first period's.
  if (a.retryPage === 'family') reply.amount = halalasToSar(a.amountHalalas);
  return { attempt: a, reply };
}

/** A checkout's periods for its result page: each child, package, amount and (once paid) invoice. */
async function checkoutResultItems(tx: TenantTx, attemptId: string) {
  const rows = await tx
    .select({
      player: { name: users.name, nameArabic: users.nameArabic },
      package: { name: packages.name, nameArabic: packages.nameArabic },
      amountHalalas: paymentAttemptItems.amountHalalas,
      subscriptionId: paymentAttemptItems.subscriptionId,
      providerRef: paymentAttempts.providerRef,
    })
    .from(paymentAttemptItems)
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, paymentAttemptItems.attemptId))
    .innerJoin(subscriptions, eq(subscriptions.id, paymentAttemptItems.subscriptionId))
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .innerJoin(users, eq(users.id, subscriptions.playerId))
    .where(eq(paymentAttemptItems.attemptId, attemptId))
    .orderBy(users.name);
  const paid = rows.length
    ? await tx
        .select({ subscriptionId: payments.subscriptionId, id: invoices.id, invoiceNumber: invoices.invoiceNumber })
        .from(payments)
        .innerJoin(invoices, eq(invoices.paymentId, payments.id))
        .where(eq(payments.providerRef, rows[0].providerRef))
    : [];
  return rows.map((r) => {
    const invoice = paid.find((p) => p.subscriptionId === r.subscriptionId);
    return {
      player: r.player,
      package: r.package,
      amount: halalasToSar(r.amountHalalas),
      invoice: invoice ? { id: invoice.id, invoiceNumber: invoice.invoiceNumber } : null,
    };
  });
}
