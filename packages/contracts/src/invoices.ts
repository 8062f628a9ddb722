import { z } from 'zod';
import { checkDateRange, dateSchema, monthSchema } from './common.js';
import { reportingStateSchema } from './e-invoicing.js';
import { paymentMethodSchema } from './enums.js';
import { addDaysIso } from './event-rules.js';

/** The first and last day of a yyyy-MM month. */
export function monthRange(month: string) {
  const [y, m] = month.split('-').map(Number);
  const startDate = `${month}-01`;
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { startDate, endDate: addDaysIso(next, -1) };
}

/** GET /api/invoices/all: the invoices paid between two days (both inclusive, Asia/Riyadh), at most a year. */
export const invoiceListQuery = z.object({ startDate: dateSchema, endDate: dateSchema }).superRefine(checkDateRange);

/** GET /api/invoices/export: one calendar month (Asia/Riyadh, yyyy-MM) as CSV. */
export const invoiceExportQuery = z.object({ month: monthSchema });

/** One invoice of the payments history (API.md), with the player's Arabic name for the Arabic screen. */
export const invoiceListItemSchema = z.object({
  id: z.uuid(),
  invoiceNumber: z.number().int(),
  user: z.object({ name: z.string(), nameArabic: z.string().nullable() }),
  subscription: z.object({ package: z.object({ name: z.string() }) }),
  /** ISO 8601 instant. */
  paidAt: z.string(),
  /** SAR, VAT included. */
  totalAmount: z.number(),
  /** SAR; 0 when the academy had no VAT number at the time. */
  vatAmount: z.number(),
  paymentMethod: paymentMethodSchema,
  /** Its e-invoice's reporting to ZATCA; null when it has none (issued without VAT, or before e-invoicing). */
  reporting: reportingStateSchema.nullable(),
});

export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuery>;
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;
