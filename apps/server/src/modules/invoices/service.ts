import {
  addDaysIso,
  halalasToSar,
  type InvoiceKind,
  type InvoiceListItem,
  monthRange,
  riyadhDayStart,
  riyadhWallClock,
  sarDecimal,
} from '@kora/contracts';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { academies, invoiceDocuments, invoices, payments, refunds, users, zatcaReports } from '../../db/schema.js';
import { enterTenant, type TenantTx } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { elsewhere, type HostInfo } from '../../http/host.js';
import { arabicOr } from '../../lib/arabic.js';
import { csvDocument } from '../../lib/csv.js';
import { renderInvoicePdf } from './formats/pdf.js';
import { zatcaQrPayload, zatcaTimestamp } from './formats/qr.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** yyyy-MM-dd HH:mm of an instant in Riyadh, as the CSV export writes it. */
const riyadhDateTime = (d: Date) => riyadhWallClock(d).slice(0, 16).replace('T', ' ');

/** The invoice a credit note credits (its number is the note's reference). */
const credited = alias(invoices, 'credited');

/**
 * The invoices and credit notes issued in a range of Riyadh days (both inclusive), by number, with
 * their e-invoice's reporting state: one statement, whatever their count.
 */
async function invoicesPaidBetween(tx: TenantTx, startDate: string, endDate: string) {
  return tx
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      kind: invoices.kind,
      creditedInvoiceNumber: credited.invoiceNumber,
      paidAt: invoices.paidAt,
      packageName: invoices.packageName,
      packageNameArabic: invoices.packageNameArabic,
      subtotalHalalas: invoices.subtotalHalalas,
      vatHalalas: invoices.vatHalalas,
      totalHalalas: invoices.totalHalalas,
      paymentMethod: invoices.paymentMethod,
      cardMethod: payments.cardMethod,
      userName: users.name,
      userNameArabic: users.nameArabic,
      reporting: zatcaReports.state,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .leftJoin(payments, and(eq(payments.academyId, invoices.academyId), eq(payments.id, invoices.paymentId)))
    .leftJoin(credited, and(eq(credited.academyId, invoices.academyId), eq(credited.id, invoices.creditedInvoiceId)))
    .leftJoin(invoiceDocuments, and(eq(invoiceDocuments.academyId, invoices.academyId), eq(invoiceDocuments.invoiceId, invoices.id)))
    .leftJoin(zatcaReports, and(eq(zatcaReports.academyId, invoiceDocuments.academyId), eq(zatcaReports.documentId, invoiceDocuments.id)))
    .where(and(gte(invoices.paidAt, riyadhDayStart(startDate)), lt(invoices.paidAt, riyadhDayStart(addDaysIso(endDate, 1)))))
    .orderBy(asc(invoices.invoiceNumber));
}

/** Card refunds asked in a range of Riyadh days and still pending, oldest first, with the invoice they give back. */
async function refundsPendingBetween(tx: TenantTx, startDate: string, endDate: string) {
  return tx
    .select({
      refund: refunds,
      invoiceNumber: invoices.invoiceNumber,
      packageName: invoices.packageName,
      packageNameArabic: invoices.packageNameArabic,
      playerName: users.name,
      playerNameArabic: users.nameArabic,
    })
    .from(refunds)
    .innerJoin(invoices, eq(invoices.id, refunds.invoiceId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(
      and(
        eq(refunds.state, 'pending'),
        gte(refunds.createdAt, riyadhDayStart(startDate)),
        lt(refunds.createdAt, riyadhDayStart(addDaysIso(endDate, 1))),
      ),
    )
    .orderBy(asc(refunds.createdAt));
}

/** A credit note's amounts count against the period: money given back. */
const signOf = (kind: InvoiceKind) => (kind === 'credit_note' ? -1 : 1);

export async function listInvoices(tx: TenantTx, startDate: string, endDate: string): Promise<InvoiceListItem[]> {
  const rows = await invoicesPaidBetween(tx, startDate, endDate);
  return rows.map((r) => ({
    id: r.id,
    invoiceNumber: r.invoiceNumber,
    kind: r.kind,
    creditedInvoiceNumber: r.creditedInvoiceNumber,
    user: { name: r.userName, nameArabic: r.userNameArabic },
    subscription: { package: { name: r.packageName, nameArabic: r.packageNameArabic } },
    paidAt: r.paidAt.toISOString(),
    totalAmount: halalasToSar(signOf(r.kind) * r.totalHalalas),
    vatAmount: halalasToSar(signOf(r.kind) * r.vatHalalas),
    paymentMethod: r.paymentMethod,
    cardMethod: r.cardMethod,
    reporting: r.reporting,
  }));
}

// ── CSV ───────────────────────────────────────────────────────────────────────
/** The CSV's words in each language; an Arabic export names players and packages in Arabic where they have it. */
const CSV_WORDS = {
  en: {
    header: ['Number', 'Date', 'Player', 'Package', 'Method', 'Subtotal (SAR)', 'VAT (SAR)', 'Total (SAR)', 'Document', 'Credited invoice'],
    documents: { invoice: 'Invoice', credit_note: 'Credit note' } satisfies Record<InvoiceKind, string>,
    pendingRefund: 'Refund pending (no credit note yet)',
    methods: { Cash: 'Cash', Card: 'Card' },
  },
  ar: {
    header: [
      'الرقم',
      'التاريخ',
      'اللاعب',
      'الباقة',
      'طريقة الدفع',
      'المبلغ دون الضريبة (ريال)',
      'الضريبة (ريال)',
      'الإجمالي (ريال)',
      'المستند',
      'الفاتورة المُشار إليها',
    ],
    documents: { invoice: 'فاتورة', credit_note: 'إشعار دائن' } satisfies Record<InvoiceKind, string>,
    pendingRefund: 'استرداد معلّق (دون إشعار دائن بعد)',
    methods: { Cash: 'نقدًا', Card: 'بطاقة' },
  },
};

/**
 * A month of invoices and credit notes as CSV: UTF-8 with a byte order mark (so Excel reads Arabic
 * names right), CRLF line ends, dates in Asia/Riyadh, amounts in SAR with two decimals, a credit
 * note's negative with the number of the invoice it credits.
 */
export async function exportInvoices(tx: TenantTx, month: string, lang: 'en' | 'ar' = 'en') {
  const { startDate, endDate } = monthRange(month);
  const rows = await invoicesPaidBetween(tx, startDate, endDate);
  const words = CSV_WORDS[lang];
  const named = (name: string, arabic: string | null) => (lang === 'ar' ? arabicOr(arabic, name) : name);
  const lines = [
    words.header,
    ...rows.map((r) => [
      r.invoiceNumber,
      riyadhDateTime(r.paidAt),
      named(r.userName, r.userNameArabic),
      named(r.packageName, r.packageNameArabic),
      words.methods[r.paymentMethod],
      sarDecimal(signOf(r.kind) * r.subtotalHalalas),
      sarDecimal(signOf(r.kind) * r.vatHalalas),
      sarDecimal(signOf(r.kind) * r.totalHalalas),
      words.documents[r.kind],
      r.creditedInvoiceNumber ?? '',
    ]),
    // Card refunds asked this month that the provider has not confirmed: no document yet, their amount on its way back.
    ...(await refundsPendingBetween(tx, startDate, endDate)).map((r) => [
      '',
      riyadhDateTime(r.refund.createdAt),
      named(r.playerName, r.playerNameArabic),
      named(r.packageName, r.packageNameArabic),
      words.methods[r.refund.method],
      '',
      '',
      sarDecimal(-r.refund.amountHalalas),
      words.pendingRefund,
      r.invoiceNumber,
    ]),
  ];
  return csvDocument(lines);
}

// ── PDF and XML ───────────────────────────────────────────────────────────────

/**
 * An invoice and its signed document (if any), public by the invoice's unguessable id (the link in
 * the payer's mail and on the success page). Its academy is found through the one narrow door of
 * migration 0010 (`invoice_academy(id)`, which reveals nothing else), then the invoice is read
 * inside that academy's tenant, in the same transaction. Asked on another academy's subdomain it
 * is not found, as payment pages are (404, never a hint that it exists elsewhere).
 */
async function publicInvoice(deps: AppDeps, id: string, site: HostInfo) {
  if (!UUID.test(id)) throw notFound('invoice.not_found');
  const row = await deps.data.system(async (sys) => {
    const [academy] = await sys
      .select({ id: academies.id, handle: academies.handle })
      .from(academies)
      .where(sql`${academies.id} = invoice_academy(${id}::uuid)`);
    if (!academy || elsewhere(site, academy.handle)) return null;
    const tx = await enterTenant(sys, academy.id);
    const [found] = await tx
      .select({
        invoice: invoices,
        document: invoiceDocuments,
        credited: { invoiceNumber: credited.invoiceNumber, paidAt: credited.paidAt },
        cardMethod: payments.cardMethod,
      })
      .from(invoices)
      .leftJoin(payments, and(eq(payments.academyId, invoices.academyId), eq(payments.id, invoices.paymentId)))
      .leftJoin(invoiceDocuments, and(eq(invoiceDocuments.academyId, invoices.academyId), eq(invoiceDocuments.invoiceId, invoices.id)))
      .leftJoin(credited, and(eq(credited.academyId, invoices.academyId), eq(credited.id, invoices.creditedInvoiceId)))
      .where(eq(invoices.id, id));
    return found ?? null;
  });
  if (!row) throw notFound('invoice.not_found');
  return row;
}

/**
 * The PDF of an invoice, printed from what was frozen at issuance: the seller and buyer named
 * then, and the QR of its signed document (the same as in the XML) with the document's UUID. An
 * invoice issued before e-invoicing (migration 0019) keeps its phase-1 QR; one without VAT has none.
 */
export async function invoicePdf(deps: AppDeps, id: string, site: HostInfo) {
  const { invoice, document, credited: creditedInvoice, cardMethod } = await publicInvoice(deps, id, site);
  const phase1 = () =>
    invoice.vatNumber
      ? zatcaQrPayload({
          sellerName: invoice.seller.name,
          vatNumber: invoice.vatNumber,
          timestamp: zatcaTimestamp(invoice.paidAt),
          total: sarDecimal(invoice.totalHalalas),
          vat: sarDecimal(invoice.vatHalalas),
        })
      : null;
  const pdf = await renderInvoicePdf({
    invoiceNumber: invoice.invoiceNumber,
    paidAt: invoice.paidAt,
    seller: invoice.seller,
    vatNumber: invoice.vatNumber,
    buyer: invoice.buyer,
    packageName: invoice.packageName,
    packageNameArabic: invoice.packageNameArabic,
    period: { start: invoice.periodStart, end: invoice.periodEnd, sessions: invoice.periodSessions },
    instalment:
      invoice.instalmentNumber !== null && invoice.instalmentCount !== null
        ? { number: invoice.instalmentNumber, count: invoice.instalmentCount }
        : null,
    subtotalHalalas: invoice.subtotalHalalas,
    vatHalalas: invoice.vatHalalas,
    totalHalalas: invoice.totalHalalas,
    allowance: invoice.allowancePercent === null ? null : { halalas: invoice.allowanceHalalas, percent: invoice.allowancePercent },
    paymentMethod: invoice.paymentMethod,
    cardMethod,
    qr: document ? document.qr : phase1(),
    uuid: document?.uuid ?? null,
    creditNote:
      invoice.kind === 'credit_note' && creditedInvoice
        ? { invoiceNumber: creditedInvoice.invoiceNumber, issuedAt: creditedInvoice.paidAt, reason: invoice.reason ?? '' }
        : null,
  });
  return { pdf, invoiceNumber: invoice.invoiceNumber, kind: invoice.kind };
}

/** The signed UBL XML of an invoice, exactly as stored at issuance; an invoice without VAT has none (404). */
export async function invoiceXml(deps: AppDeps, id: string, site: HostInfo) {
  const { invoice, document } = await publicInvoice(deps, id, site);
  if (!document) throw notFound('invoice.xml_not_found');
  return { xml: document.xml, invoiceNumber: invoice.invoiceNumber, kind: invoice.kind };
}
