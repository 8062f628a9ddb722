import { VAT_RATE_PERCENT } from '@kora/contracts';
import { eq, sql } from 'drizzle-orm';
import { academies, invoiceCounters, invoices } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';

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

/** Saudi consumer prices include VAT: the VAT share of a VAT-inclusive total, in halalas. */
export const vatIncluded = (totalHalalas: number) => Math.round((totalHalalas * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));

export interface InvoiceInput {
  paymentId: string;
  subscriptionId: string;
  playerId: string;
  packageName: string;
  totalHalalas: number;
  paymentMethod: 'Cash' | 'Card';
  paidAt: Date;
}

/**
 * Issues the simplified VAT invoice of one payment, numbered and frozen from stored data (the
 * academy's VAT number at the time of payment: VAT is shown only when it has one). One invoice
 * per payment (unique index), so a repeated call can never issue a second one.
 */
export async function issueInvoice(tx: TenantTx, input: InvoiceInput) {
  const [academy] = await tx.select({ vatNumber: academies.vatNumber }).from(academies).where(eq(academies.id, tx.academyId));
  const vatNumber = academy?.vatNumber ?? null;
  const vatHalalas = vatNumber ? vatIncluded(input.totalHalalas) : 0;
  const invoiceNumber = await nextInvoiceNumber(tx);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      academyId: tx.academyId,
      invoiceNumber,
      paymentId: input.paymentId,
      subscriptionId: input.subscriptionId,
      userId: input.playerId,
      packageName: input.packageName,
      subtotalHalalas: input.totalHalalas - vatHalalas,
      vatHalalas,
      totalHalalas: input.totalHalalas,
      vatNumber,
      paymentMethod: input.paymentMethod,
      paidAt: input.paidAt,
    })
    .returning();
  return invoice;
}
