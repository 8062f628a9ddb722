import type { PaymentLang, PaymentOutcome } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { invoices, packages, paymentAttempts, payments, subscriptions } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http/errors.js';
import { rememberCard } from '../collections/cards.js';
import { fullPrice, instalmentPrice, priceOfAttempt } from '../collections/prices.js';
import { type MessagingConfig, messagingOf } from '../messages/enqueue.js';
import { tellPaymentFailed, tellReceipt } from '../messages/payments.js';
import { activatePaid, extendSubscription } from '../subscriptions/activate.js';
import { instalmentOfKey, payInstalment, startPlan } from '../subscriptions/instalments.js';
import { type AttemptRow, noteAttempt, outcomeOf, sameTerms, termsOf } from './attempts.js';
import { activateCheckout } from './checkout.js';
import { receiptOf, sendReceipts } from './mails.js';
import { isPaid, type PaymentResult } from './providers/provider.js';
import { academyOfSubscription } from './service.js';
import { refundUnapplied } from './unapplied.js';

export type Settlement =
  | { state: 'paid'; subscriptionId: string; invoiceId: string | null }
  | { state: 'not_paid'; reason: string }
  | { state: 'unknown' };

interface SettleOptions {
  /** The result already comes from the provider's query (no second query). */
  confirmed: boolean;
  lang: PaymentLang;
  log: FastifyBaseLogger;
}

/**
 * Applies a provider result: only 'A' pays, and only once the provider's query confirms it for the
 * same cart. Then the subscription is activated with the payment and its invoice (a reference
 * already recorded does nothing again), and the parents get a receipt. Any other status changes
 * nothing: the subscription stays PENDING and can be paid again.
 */
export async function settlePayment(deps: AppDeps, result: PaymentResult, opts: SettleOptions): Promise<Settlement> {
  const academy = await academyOfSubscription(deps.data, result.cartId);
  if (!academy) {
    opts.log.warn({ tranRef: result.tranRef, cartId: result.cartId }, 'payment for an unknown subscription');
    return { state: 'unknown' };
  }
  const now = deps.clock.now();
  const note = (r: PaymentResult, outcome: PaymentOutcome) =>
    deps.data.tenant(academy.id, (tx) => noteAttempt(tx, r, { provider: deps.payments.name, outcome, lang: opts.lang, now }));
  // A signed answer that is not "authorised" is believed as it is: nothing was taken.
  if (!isPaid(result)) {
    const outcome = outcomeOf(result.status);
    await note(result, outcome);
    // Declined or failed (not pending, not left by the payer): the parents hear it and may pay again.
    if (outcome === 'declined' || outcome === 'failed')
      await deps.data.tenant(academy.id, (tx) =>
        tellPaymentFailed(tx, messagingOf(deps.config), {
          subscriptionId: result.cartId,
          tranRef: result.tranRef,
          amountHalalas: result.amountHalalas,
        }),
      );
    return { state: 'not_paid', reason: result.status };
  }
  const confirmed = opts.confirmed ? result : await deps.payments.query(result.tranRef);
  if (!isPaid(confirmed) || confirmed.cartId !== result.cartId) {
    opts.log.warn({ tranRef: result.tranRef, status: confirmed.status }, 'the provider did not confirm a payment it notified');
    if (confirmed.cartId === result.cartId) await note(confirmed, outcomeOf(confirmed.status));
    return { state: 'not_paid', reason: confirmed.status };
  }

  let outcome: Awaited<ReturnType<typeof activate>>;
  try {
    outcome = await deps.data.tenant(academy.id, (tx) =>
      activate(tx, confirmed, deps.payments.name, now, opts.lang, () => deps.clock.now(), messagingOf(deps.config)),
    );
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) {
      // Paid, but the subscription was paid by another page, cancelled or renewed meanwhile: charged and not applied.
      opts.log.warn({ tranRef: result.tranRef, subscriptionId: result.cartId }, 'a paid subscription could not take its payment');
      await note(confirmed, 'unapplied');
      await refundUnapplied(deps, academy, confirmed, opts.log);
      return { state: 'not_paid', reason: 'conflict' };
    }
    throw err;
  }
  if (outcome.state !== 'paid') {
    opts.log.warn({ tranRef: result.tranRef, ...outcome }, 'a payment did not match its subscription');
    if (outcome.state === 'amount_mismatch' || outcome.state === 'terms_changed') {
      await note(confirmed, 'unapplied');
      await refundUnapplied(deps, academy, confirmed, opts.log);
    }
    return { state: 'not_paid', reason: outcome.state };
  }
  for (const receipt of outcome.receipts) await sendReceipts(deps, academy, receipt, opts.lang, opts.log);
  // A card the payer chose to save (its consent recorded with the page): kept for automatic renewals, once per transaction.
  await rememberCard(deps, academy.id, result.token ? result : confirmed, opts.log);
  return { state: 'paid', subscriptionId: result.cartId, invoiceId: outcome.invoiceId };
}
async function activate(
  tx: TenantTx,
  r: PaymentResult,
  provider: string,
  now: Date,
  lang: PaymentLang,
  clock: () => Date,
  messaging: MessagingConfig,
) {
  const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.providerRef, r.tranRef));
  // A family checkout pays several subscriptions (checkout.ts); `cartId` is only its first.
  if (attempt?.retryPage === 'family') return activateFamily(tx, r, attempt, provider, now, lang, clock, messaging);
  // The subscription locked (a package switch waits), its package shared (an edit of it waits): what is
  // checked here is what the payment is applied to.
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, r.cartId)).for('update');
  if (!sub) return { state: 'missing' as const };
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, sub.packageId)).for('share');
  if (!pkg) return { state: 'missing' as const };
  // A replay of a reference already recorded is answered below whatever it says; a new one must be for what its page showed.
  const [done] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.providerRef, r.tranRef));
  // What the page showed (a sibling price kept with its attempt), for the package as it is now.
  const period = attempt ? priceOfAttempt(attempt) : fullPrice(pkg.priceHalalas);
  // Instalments (docs/domain.md, "Instalments"): the attempt keeps the period's price, the charge is instalment k's share.
  const plan =
    attempt?.instalmentCount && attempt.instalmentGrant ? { count: attempt.instalmentCount, grant: attempt.instalmentGrant } : null;
  const k = instalmentOfKey(attempt?.extendsFrom ?? null);
  const price = plan ? instalmentPrice(period, plan.count, k ?? 1) : period;
  if (!done) {
    if (
      // A later instalment is owed at the plan's price, whatever the package's price now.
      (k === null && period.listHalalas !== pkg.priceHalalas) ||
      (r.amountHalalas !== null && r.amountHalalas !== price.totalHalalas) ||
      (r.currency && r.currency !== 'SAR')
    )
      return { state: 'amount_mismatch' as const, paid: r.amountHalalas, expected: price.totalHalalas };
    // The page's terms (recorded since migration 0037): another package, or this one edited, is not what was bought.
    const recorded = attempt?.packageId ? { ...attempt, packageId: attempt.packageId } : null;
    if (recorded && !sameTerms(recorded, termsOf(sub, pkg))) return { state: 'terms_changed' as const };
  }
  // The invoice's time is read under the counter's lock (`clock`), so concurrent card and cash payments' times follow their ICV.
  const instalment = plan ? { number: k ?? 1, ...plan } : undefined;
  const paying = { method: 'Card' as const, provider, providerRef: r.tranRef, withInvoice: true, now, clock, price, instalment };
  // A later instalment pays its plan; a renewal before the end extends the period its page was opened for; any other pays
  // the PENDING subscription (the first instalment too, then its plan starts).
  const activation =
    k !== null
      ? await payInstalment(tx, r.cartId, k, paying)
      : attempt?.extendsFrom
        ? await extendSubscription(tx, r.cartId, { ...paying, extendsFrom: attempt.extendsFrom })
        : await activatePaid(tx, r.cartId, paying);
  if (plan && k === null && !activation.repeated) await startPlan(tx, activation.subscription, { ...plan, price: period }, now);
  // The way it was paid, as the provider's answer names it (docs/domain.md, "Payment methods").
  if (!activation.repeated && r.method)
    await tx.update(payments).set({ cardMethod: r.method }).where(eq(payments.id, activation.payment.id));
  // In the same transaction as the payment: the payer's result page never reads "paid" without it, nor it without "paid".
  await noteAttempt(tx, r, { provider, outcome: 'paid', paymentId: activation.payment.id, lang, now });
  if (activation.repeated) {
    const [invoice] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.paymentId, activation.payment.id));
    return { state: 'paid' as const, invoiceId: invoice?.id ?? null, receipts: [] };
  }
  const invoice = activation.invoice;
  const receipt = invoice ? { ...(await receiptOf(tx, activation.subscription, invoice)), method: r.method ?? null } : null;
  // The receipt's messages, in the payment's transaction: the mail sendReceipts queues is recorded, the other chosen channels queued.
  if (invoice)
    await tellReceipt(
      tx,
      messaging,
      {
        invoiceId: invoice.id,
        amountHalalas: invoice.totalHalalas,
        packageName: invoice.packageName,
        packageNameArabic: invoice.packageNameArabic,
        playerId: activation.subscription.playerId,
      },
      now,
    );
  return { state: 'paid' as const, invoiceId: invoice?.id ?? null, receipts: receipt ? [receipt] : [] };
}

/** A family checkout paid: every period applied (checkout.ts) with its invoice and receipt, in this one transaction. */
async function activateFamily(
  tx: TenantTx,
  r: PaymentResult,
  attempt: AttemptRow,
  provider: string,
  now: Date,
  lang: PaymentLang,
  clock: () => Date,
  messaging: MessagingConfig,
) {
  const activations = await activateCheckout(tx, r, attempt, { provider, now, clock });
  await noteAttempt(tx, r, { provider, outcome: 'paid', paymentId: activations[0].payment.id, lang, now });
  const receipts = [];
  for (const { invoice, subscription } of activations) {
    if (!invoice) continue;
    receipts.push({ ...(await receiptOf(tx, subscription, invoice)), method: r.method ?? null });
    await tellReceipt(
      tx,
      messaging,
      {
        invoiceId: invoice.id,
        amountHalalas: invoice.totalHalalas,
        packageName: invoice.packageName,
        packageNameArabic: invoice.packageNameArabic,
        playerId: subscription.playerId,
      },
      now,
    );
  }
  // The first period's invoice (issued now, or by the callback this one repeats).
  const [first] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.paymentId, activations[0].payment.id));
  return { state: 'paid' as const, invoiceId: first?.id ?? null, receipts };
}
