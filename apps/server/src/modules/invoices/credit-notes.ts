/**
 * Credit notes and refunds (docs/domain.md, "Credit notes and refunds"). A credit note is a row of
 * `invoices` (kind credit_note) numbered by the same gapless counter as invoices, and with VAT its
 * signed document (381, billing reference and reason) takes the next place in the same ICV/PIH
 * chain (issue.ts, documents.ts). Every credit note records money given back, in `refunds`:
 *
 * - Cash: the credit note and its refund are written in one transaction.
 * - Card: the refund row is written first, `pending`, under the invoice's row lock: it holds its
 *   amount, so concurrent refunds can never together pass the invoice's total. The provider is then
 *   asked outside any transaction. Refunded: the credit note is issued and the row marked refunded
 *   (with the provider's reference) in one transaction. Refused: the row is marked failed and
 *   nothing is issued (502). No verdict (timeout, unreachable): the row stays pending, its amount
 *   held, and the answer says to check the provider's dashboard; Kora never sends it again by itself,
 *   since the money may have gone back.
 */
import type { CreditNote } from '@kora/contracts';
import { halalasToSar, sarDecimal, vatIncluded } from '@kora/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { academies, invoices, payments, refunds } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { type PaymentProvider, PaymentProviderError } from '../payments/providers/provider.js';
import { issueDocument } from './documents.js';
import { riyadhDateTime } from './formats/ubl.js';
import { nextInvoiceNumber, sellerOf } from './issue.js';

type Invoice = typeof invoices.$inferSelect;
type Refund = typeof refunds.$inferSelect;

/** What is asked: an amount in halalas (absent: all that is left) and why. */
export interface CreditAsk {
  amountHalalas?: number;
  reason: string;
}

/** Runs work in a tenant transaction of the caller's academy (a route's `req.tenant`). */
export type TenantRunner = <T>(work: (tx: TenantTx) => Promise<T>) => Promise<T>;

/** A refund under way: the invoice it credits, and its row (pending for a card, refunded for cash). */
export interface StartedRefund {
  invoice: Invoice;
  refund: Refund;
  /** The paid card transaction to refund; null for cash. */
  tranRef: string | null;
  /** Cash: the credit note, issued already. */
  creditNote: CreditNote | null;
}

/** Halalas of an invoice credited so far (its credit notes) and held by refunds still pending. */
async function creditedAndHeld(tx: TenantTx, invoiceId: string) {
  const [credited] = await tx
    .select({
      total: sql<number>`coalesce(sum(${invoices.totalHalalas}), 0)::int`,
      vat: sql<number>`coalesce(sum(${invoices.vatHalalas}), 0)::int`,
    })
    .from(invoices)
    .where(eq(invoices.creditedInvoiceId, invoiceId));
  const [held] = await tx
    .select({ total: sql<number>`coalesce(sum(${refunds.amountHalalas}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.invoiceId, invoiceId), eq(refunds.state, 'pending')));
  return { credited: Number(credited.total), creditedVat: Number(credited.vat), held: Number(held.total) };
}

/** The subscription an invoice was issued for; 404 for an invoice this academy does not have. */
export async function subscriptionOf(tx: TenantTx, invoiceId: string) {
  const [invoice] = await tx.select({ subscriptionId: invoices.subscriptionId }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) throw notFound('credit_note.invoice_not_found');
  return invoice.subscriptionId;
}

/** Halalas of an invoice that a refund may still give back. */
export async function refundableOf(tx: TenantTx, invoice: Pick<Invoice, 'id' | 'totalHalalas'>) {
  const { credited, held } = await creditedAndHeld(tx, invoice.id);
  return invoice.totalHalalas - credited - held;
}

/**
 * Step 1, in the caller's transaction: the invoice locked, the amount checked against what is left
 * (credit notes and pending refunds counted), and the refund row written. Cash is finished here:
 * its credit note is issued in this same transaction.
 */
export async function startRefund(
  tx: TenantTx,
  provider: string,
  invoiceId: string,
  ask: CreditAsk,
  now: () => Date,
): Promise<StartedRefund> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!invoice) throw notFound('credit_note.invoice_not_found');
  if (invoice.kind !== 'invoice') throw conflict('credit_note.of_credit_note');
  const left = await refundableOf(tx, invoice);
  const amountHalalas = ask.amountHalalas ?? left;
  if (amountHalalas <= 0 || amountHalalas > left)
    throw conflict('credit_note.exceeds_remaining', { remaining: sarDecimal(Math.max(left, 0)) });

  const [payment] = invoice.paymentId ? await tx.select().from(payments).where(eq(payments.id, invoice.paymentId)) : [];
  const card = invoice.paymentMethod === 'Card';
  // A card is refunded on the transaction it paid, by the provider that made it.
  if (card && (!payment?.providerRef || payment.provider !== provider)) throw conflict('refund.provider_unavailable');

  const [refund] = await tx
    .insert(refunds)
    .values({
      academyId: tx.academyId,
      invoiceId,
      amountHalalas,
      method: invoice.paymentMethod,
      provider: card ? provider : null,
      reason: ask.reason,
      state: 'pending',
    })
    .returning();
  if (card) return { invoice, refund, tranRef: payment?.providerRef ?? null, creditNote: null };
  const creditNote = await completeRefund(tx, invoice, refund, null, now);
  return { invoice, refund, tranRef: null, creditNote };
}

/**
 * Issues the credit note of a refund that happened and marks the refund refunded, in one
 * transaction. The note's VAT is the VAT within its amount, except that the note completing the
 * credit of an invoice takes the VAT left, so an invoice's credit notes add up to it exactly.
 */
async function completeRefund(
  tx: TenantTx,
  invoice: Invoice,
  refund: Refund,
  providerRef: string | null,
  clock: () => Date,
): Promise<CreditNote> {
  const amount = refund.amountHalalas;
  // Notes of one invoice are issued one at a time, so the last of them sees all the others.
  await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoice.id)).for('update');
  const [{ academy }] = await tx.select({ academy: academies }).from(academies).where(eq(academies.id, tx.academyId));
  const { credited, creditedVat, held } = await creditedAndHeld(tx, invoice.id);
  const vatHalalas = !invoice.vatNumber
    ? 0
    : credited + amount === invoice.totalHalalas
      ? invoice.vatHalalas - creditedVat
      : vatIncluded(amount);
  const seller = sellerOf(academy);
  const invoiceNumber = await nextInvoiceNumber(tx);
  // Its issue time read under the counter's row lock: times follow the numbers and the ICV.
  const at = clock();
  const [note] = await tx
    .insert(invoices)
    .values({
      academyId: tx.academyId,
      invoiceNumber,
      kind: 'credit_note',
      paymentId: null,
      creditedInvoiceId: invoice.id,
      reason: refund.reason,
      subscriptionId: invoice.subscriptionId,
      userId: invoice.userId,
      packageName: invoice.packageName,
      packageNameArabic: invoice.packageNameArabic,
      subtotalHalalas: amount - vatHalalas,
      vatHalalas,
      totalHalalas: amount,
      vatNumber: invoice.vatNumber,
      paymentMethod: invoice.paymentMethod,
      paidAt: at,
      seller,
      buyer: invoice.buyer,
    })
    .returning();
  if (invoice.vatNumber)
    await issueDocument(tx, {
      invoiceId: note.id,
      typeCode: '381',
      number: invoiceNumber,
      issuedAt: at,
      seller,
      vatNumber: invoice.vatNumber,
      buyerName: invoice.buyer.name,
      line: { name: invoice.packageName, totalHalalas: amount, vatHalalas },
      paymentMethod: invoice.paymentMethod,
      // As ZATCA's sample credit note words it: the invoice's number and issue date.
      billingReference: {
        id: `Invoice Number: ${invoice.invoiceNumber}; Invoice Issue Date: ${riyadhDateTime(invoice.paidAt)[0]}`,
        reason: refund.reason,
      },
    });
  await tx.update(refunds).set({ state: 'refunded', creditNoteId: note.id, providerRef, settledAt: at }).where(eq(refunds.id, refund.id));
  // `held` counts this refund (pending until the update above), now credited by this note.
  const remaining = invoice.totalHalalas - credited - held;
  return {
    id: note.id,
    invoiceNumber,
    kind: 'credit_note',
    creditedInvoice: { id: invoice.id, invoiceNumber: invoice.invoiceNumber },
    issuedAt: at.toISOString(),
    amount: halalasToSar(amount),
    vatAmount: halalasToSar(vatHalalas),
    reason: refund.reason,
    refund: { method: refund.method, providerRef },
    remainingAmount: halalasToSar(remaining),
  };
}

/**
 * Steps 2 and 3 of a card refund: the provider is asked (no transaction open), then the credit
 * note is issued (with `alsoThen`, work of the caller in the same transaction: the cancellation),
 * or the refund marked failed. Without a verdict the refund stays pending (see the file's head).
 */
export async function settleCardRefund(
  run: TenantRunner,
  provider: PaymentProvider,
  now: () => Date,
  started: StartedRefund,
  log: { warn(obj: object, msg: string): void },
  alsoThen?: (tx: TenantTx) => Promise<void>,
): Promise<CreditNote> {
  const { invoice, refund } = started;
  let result: Awaited<ReturnType<PaymentProvider['refund']>>;
  try {
    result = await provider.refund({
      tranRef: started.tranRef ?? '',
      cartId: refund.id,
      amountHalalas: refund.amountHalalas,
      description: `Refund of invoice ${invoice.invoiceNumber}: ${refund.reason}`,
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    log.warn({ refundId: refund.id, err: err.message }, 'the provider gave no verdict on a refund: left pending');
    throw new HttpError(502, 'refund.unconfirmed');
  }
  if (result.status !== 'A') {
    await run((tx) =>
      tx
        .update(refunds)
        .set({ state: 'failed', failure: result.message.slice(0, 500), providerRef: result.tranRef || null, settledAt: now() })
        .where(eq(refunds.id, refund.id)),
    );
    throw new HttpError(502, 'refund.declined', undefined, { reason: result.message || result.status });
  }
  try {
    return await run(async (tx) => {
      // The caller's work first: its row locks come before the invoice's and the counter's, as in a payment.
      await alsoThen?.(tx);
      // Settled meanwhile (a scheduled query, a member): never a second credit note (modules/payments/refunds.ts).
      const [still] = await tx.select({ state: refunds.state }).from(refunds).where(eq(refunds.id, refund.id)).for('update');
      if (still?.state !== 'pending') throw conflict('refund.not_pending');
      return completeRefund(tx, invoice, refund, result.tranRef, now);
    });
  } catch (err) {
    // The money went back but the credit note could not be written: the refund stays pending with
    // what is needed to finish it by hand.
    log.warn(
      { refundId: refund.id, providerRef: result.tranRef },
      'a refund succeeded at the provider but its credit note was not written',
    );
    throw err;
  }
}

/**
 * Issues the credit note of a card refund settled after its request (a retry, the provider's answer to
 * a later query, a member after checking the provider: modules/payments/refunds.ts), as for any refund.
 */
export function completePendingRefund(tx: TenantTx, invoice: Invoice, refund: Refund, providerRef: string | null, now: () => Date) {
  return completeRefund(tx, invoice, refund, providerRef, now);
}

/** POST /api/invoices/{id}/credit-note: credits all (default) or part of an invoice and gives the money back. */
export async function creditInvoice(
  run: TenantRunner,
  provider: PaymentProvider,
  now: () => Date,
  invoiceId: string,
  ask: CreditAsk,
  log: { warn(obj: object, msg: string): void },
): Promise<CreditNote> {
  const started = await run((tx) => startRefund(tx, provider.name, invoiceId, ask, now));
  return started.creditNote ?? settleCardRefund(run, provider, now, started, log);
}
