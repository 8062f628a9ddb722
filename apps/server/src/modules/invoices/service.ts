import { addDaysIso, type InvoiceListItem, monthRange } from '@kora/contracts';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { academies, invoices, users } from '../../db/schema.js';
import { enterTenant, type TenantTx } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { elsewhere, type HostInfo } from '../../http/host.js';
import { renderInvoicePdf } from '../../invoices/pdf.js';
import { sar } from '../../invoices/zatca.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RIYADH_OFFSET_MS = 3 * 3600_000;

/** The instant a yyyy-MM-dd day starts in Asia/Riyadh (UTC+3 all year). */
const riyadhDayStart = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - RIYADH_OFFSET_MS);
/** yyyy-MM-dd HH:mm of an instant in Asia/Riyadh. */
const riyadhDateTime = (d: Date) => new Date(d.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

/** The invoices paid in a range of Riyadh days (both inclusive), by number: one statement, whatever their count. */
async function invoicesPaidBetween(tx: TenantTx, startDate: string, endDate: string) {
  return tx
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      paidAt: invoices.paidAt,
      packageName: invoices.packageName,
      subtotalHalalas: invoices.subtotalHalalas,
      vatHalalas: invoices.vatHalalas,
      totalHalalas: invoices.totalHalalas,
      paymentMethod: invoices.paymentMethod,
      userName: users.name,
      userNameArabic: users.nameArabic,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(and(gte(invoices.paidAt, riyadhDayStart(startDate)), lt(invoices.paidAt, riyadhDayStart(addDaysIso(endDate, 1)))))
    .orderBy(asc(invoices.invoiceNumber));
}

export async function listInvoices(tx: TenantTx, startDate: string, endDate: string): Promise<InvoiceListItem[]> {
  const rows = await invoicesPaidBetween(tx, startDate, endDate);
  return rows.map((r) => ({
    id: r.id,
    invoiceNumber: r.invoiceNumber,
    user: { name: r.userName, nameArabic: r.userNameArabic },
    subscription: { package: { name: r.packageName } },
    paidAt: r.paidAt.toISOString(),
    totalAmount: r.totalHalalas / 100,
    vatAmount: r.vatHalalas / 100,
    paymentMethod: r.paymentMethod,
  }));
}

// ── CSV ───────────────────────────────────────────────────────────────────────
const CSV_HEADER = ['Number', 'Date', 'Player', 'Package', 'Method', 'Subtotal (SAR)', 'VAT (SAR)', 'Total (SAR)'];

/**
 * One CSV field (RFC 4180). Text is always quoted: a spreadsheet that splits on `;` or tab (its
 * locale's separator) keeps it in one cell, so no part of it starts a cell of its own. Text that
 * would run as a formula (= + - @, tab, carriage return first; names come from a public form) is
 * prefixed with an apostrophe (OWASP, "CSV injection"). Numbers are written as they are.
 */
export function csvField(value: string | number) {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A month of invoices as CSV: UTF-8 with a byte order mark (so Excel reads Arabic names right),
 * CRLF line ends, dates in Asia/Riyadh, amounts in SAR with two decimals.
 */
export async function exportInvoices(tx: TenantTx, month: string) {
  const { startDate, endDate } = monthRange(month);
  const rows = await invoicesPaidBetween(tx, startDate, endDate);
  const lines = [
    CSV_HEADER,
    ...rows.map((r) => [
      r.invoiceNumber,
      riyadhDateTime(r.paidAt),
      r.userName,
      r.packageName,
      r.paymentMethod,
      sar(r.subtotalHalalas),
      sar(r.vatHalalas),
      sar(r.totalHalalas),
    ]),
  ];
  return `\uFEFF${lines.map((fields) => fields.map(csvField).join(',')).join('\r\n')}\r\n`;
}

// ── PDF ───────────────────────────────────────────────────────────────────────

/**
 * The PDF of an invoice, public by its unguessable id (the link in the payer's mail and on the
 * success page). Its academy is found through the one narrow door of migration 0010
 * (`invoice_academy(id)`, which reveals nothing else), then the invoice is read inside that
 * academy's tenant, in the same transaction. Asked on another academy's subdomain it is not found,
 * as payment pages are (404, never a hint that it exists elsewhere).
 */
export async function invoicePdf(deps: AppDeps, id: string, site: HostInfo) {
  if (!UUID.test(id)) throw notFound('invoice.not_found');
  const data = await deps.data.system(async (sys) => {
    const [academy] = await sys.select().from(academies).where(sql`${academies.id} = invoice_academy(${id}::uuid)`);
    if (!academy) return null;
    if (elsewhere(site, academy.handle)) return null;
    const tx = await enterTenant(sys, academy.id);
    const [row] = await tx
      .select({ invoice: invoices, buyer: { name: users.name, nameArabic: users.nameArabic } })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(eq(invoices.id, id));
    return row ? { academy, ...row } : null;
  });
  if (!data) throw notFound('invoice.not_found');
  const { academy, invoice, buyer } = data;
  const pdf = await renderInvoicePdf({
    invoiceNumber: invoice.invoiceNumber,
    paidAt: invoice.paidAt,
    seller: { name: academy.name, nameArabic: academy.nameArabic, street: academy.address, city: academy.city },
    vatNumber: invoice.vatNumber,
    buyer,
    packageName: invoice.packageName,
    subtotalHalalas: invoice.subtotalHalalas,
    vatHalalas: invoice.vatHalalas,
    totalHalalas: invoice.totalHalalas,
    paymentMethod: invoice.paymentMethod,
  });
  return { pdf, invoiceNumber: invoice.invoiceNumber };
}
