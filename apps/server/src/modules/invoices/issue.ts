import { vatIncluded } from '@kora/contracts';
import { eq, sql } from 'drizzle-orm';
import { academies, type InvoiceSeller, invoiceCounters, invoices, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { issueDocument } from './documents.js';

/**
 * The academy's next invoice number. The counter row is bumped in the caller's transaction: its
 * row lock queues concurrent payments, and a rolled-back payment gives its number back, so the
 * numbers of one academy run 1, 2, 3… with no gap and no repeat.
 */
export async function nextInvoiceNumber(tx: TenantTx): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ academyId: tx.academyId, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.academyId, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ number: invoiceCounters.lastNumber });
  return row.number;
}

export interface InvoicePeriod {
  start: string | null;
  end: string | null;
  sessions: number | null;
}

export interface InvoiceInput {
  paymentId: string;
  subscriptionId: string;
  playerId: string;
  packageName: string;
  /** Kept with the invoice: its Arabic documents name the package so. */
  packageNameArabic?: string | null;
  /** What was paid, VAT included (the package's price less `allowance`). */
  totalHalalas: number;
  /** A sibling price: halalas off the package's price (VAT included) and its percent. */
  allowance?: { halalas: number; percent: number };
  paymentMethod: 'Cash' | 'Card';
  paidAt: Date;
  /** The clock the issue time is read from, under the counter's lock; without one, `paidAt`. */
  clock?: () => Date;
  /** The period it pays (its line): first and last day, or the sessions added. */
  period?: InvoicePeriod;
  /** An instalment (docs/domain.md, "Instalments"): its line names "instalment `number` of `count`". */
  instalment?: { number: number; count: number };
}

/** The line's name: the package, and an instalment's number (the e-invoice and the PDF say the same). */
export const lineName = (packageName: string, instalment: { number: number | null; count: number | null } | undefined) =>
  instalment?.number && instalment.count ? `${packageName} — instalment ${instalment.number} of ${instalment.count}` : packageName;

/** The seller an invoice names, taken from the academy row when it is issued. */
export const sellerOf = (a: typeof academies.$inferSelect): InvoiceSeller => ({
  name: a.name,
  nameArabic: a.nameArabic,
  crNumber: a.crNumber,
  street: a.address,
  buildingNumber: a.buildingNumber,
  district: a.district,
  city: a.city,
  postalCode: a.postalCode,
});

/**
 * Issues the invoice of one payment, numbered and frozen from stored data: the academy (seller)
 * and the player (buyer) as they are now, and the academy's VAT number — with one, it is a ZATCA
 * simplified tax invoice, signed and stored with its document in this same transaction
 * (documents.ts); without one, a plain invoice without VAT. One invoice per payment (unique
 * index), so a repeated call can never issue a second one.
 */
export async function issueInvoice(tx: TenantTx, input: InvoiceInput) {
  const [parties] = await tx
    .select({ academy: academies, buyer: { name: users.name, nameArabic: users.nameArabic } })
    .from(academies)
    .innerJoin(users, eq(users.id, input.playerId))
    .where(eq(academies.id, tx.academyId));
  if (!parties) throw new Error(`Invoice for a player not in academy ${tx.academyId}`);
  const { academy, buyer } = parties;
  const vatNumber = academy.vatNumber;
  const vatHalalas = vatNumber ? vatIncluded(input.totalHalalas) : 0;
  const seller = sellerOf(academy);
  const invoiceNumber = await nextInvoiceNumber(tx);
  // The issue time is read now, under the counter's row lock: whoever got the lock first
  // has the lower number and the earlier time, so issue times follow the numbers and the ICV.
  const issuedAt = input.clock?.() ?? input.paidAt;
  const [invoice] = await tx
    .insert(invoices)
    .values({
      academyId: tx.academyId,
      invoiceNumber,
      paymentId: input.paymentId,
      subscriptionId: input.subscriptionId,
      userId: input.playerId,
      packageName: input.packageName,
      packageNameArabic: input.packageNameArabic?.trim() || null,
      periodStart: input.period?.start ?? null,
      periodEnd: input.period?.end ?? null,
      periodSessions: input.period?.sessions ?? null,
      subtotalHalalas: input.totalHalalas - vatHalalas,
      vatHalalas,
      totalHalalas: input.totalHalalas,
      allowanceHalalas: input.allowance?.halalas ?? 0,
      allowancePercent: input.allowance ? input.allowance.percent : null,
      instalmentNumber: input.instalment?.number ?? null,
      instalmentCount: input.instalment?.count ?? null,
      vatNumber,
      paymentMethod: input.paymentMethod,
      paidAt: issuedAt,
      seller,
      buyer,
    })
    .returning();
  if (vatNumber)
    await issueDocument(tx, {
      invoiceId: invoice.id,
      typeCode: '388',
      number: invoiceNumber,
      issuedAt,
      seller,
      vatNumber,
      buyerName: buyer.name,
      // The line at the package's price; a sibling price is the document's allowance, VAT computed after it.
      line: input.allowance
        ? {
            name: lineName(input.packageName, input.instalment),
            totalHalalas: input.totalHalalas + input.allowance.halalas,
            vatHalalas: vatIncluded(input.totalHalalas + input.allowance.halalas),
          }
        : { name: lineName(input.packageName, input.instalment), totalHalalas: input.totalHalalas, vatHalalas },
      allowance: input.allowance ? { halalas: input.allowance.halalas, reason: `Sibling discount ${input.allowance.percent}%` } : undefined,
      paymentMethod: input.paymentMethod,
    });
  return invoice;
}
