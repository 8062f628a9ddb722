import type { InvoiceKind } from '@kora/contracts';
import { sarToHalalas } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import type { TenantTx } from '../../db/tenant.js';
import { noteAudit } from '../../http/audit.js';
import { serializeAnswer } from '../../http/json-text.js';
import { sendCachedList } from '../../http/list-cache.js';
import { route } from '../../http/route.js';
import { tellRefunded } from '../messages/payments.js';
import { cancelWithRefund } from '../subscriptions/service.js';
import { creditInvoice, subscriptionOf } from './credit-notes.js';
import { exportInvoices, invoicePdf, invoiceXml, listInvoices } from './service.js';

const readSettings = { access: { anyOf: ['canReadSettings' as const] } };
const writeSettings = { access: { anyOf: ['canWriteSettings' as const] } };

/** A document's file name: invoice-12.pdf, credit-note-13.xml. */
const fileName = (d: { kind: InvoiceKind; invoiceNumber: number }, extension: string) =>
  `${d.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${d.invoiceNumber}.${extension}`;

/** The payments history (docs/domain.md, "Invoices"): the invoices of a period, a month as CSV, and each invoice's PDF and signed XML. */
export async function invoiceRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, 'listInvoices', readSettings, (req, reply) => {
    const { startDate, endDate } = req.query;
    return sendCachedList(req, reply, `invoices ${startDate} ${endDate}`, async (tx) =>
      serializeAnswer('listInvoices', await listInvoices(tx, startDate, endDate)),
    );
  });

  route(app, 'exportInvoices', readSettings, async (req, reply) => {
    const csv = await req.tenant((tx) => exportInvoices(tx, req.query.month, req.query.lang));
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="invoices-${req.query.month}.csv"`)
      .header('cache-control', 'private, no-store');
    return csv;
  });

  // Public: the unguessable invoice id is the credential (the payer's link carries no token).
  route(app, 'invoicePdf', { access: 'public', rateLimit: 'publicRead' }, async (req, reply) => {
    const { pdf, ...document } = await invoicePdf(deps, req.params.id, req.site);
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${fileName(document, 'pdf')}"`)
      .header('cache-control', 'private, no-cache');
    // A file answer (`produces`): Fastify sends the Buffer as it is, without the serializer.
    return pdf;
  });

  // Public as the PDF, by the same id: the signed UBL document exactly as stored at issuance.
  route(app, 'invoiceXml', { access: 'public', rateLimit: 'publicRead' }, async (req, reply) => {
    const { xml, ...document } = await invoiceXml(deps, req.params.id, req.site);
    reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', `inline; filename="${fileName(document, 'xml')}"`)
      .header('cache-control', 'private, no-cache');
    return xml;
  });

  // A credit note for all or part of an invoice, and its refund (credit-notes.ts); W:Settings, audited.
  // With `cancelSubscription`, its subscription is cancelled with it, as a cancellation with a refund.
  route(app, 'createCreditNote', { ...writeSettings, audit: true }, async (req) => {
    const { amount, reason, cancelSubscription } = req.body;
    const run = <T>(work: (tx: TenantTx) => Promise<T>) => req.tenant(work);
    const now = () => deps.clock.now();
    const ask = { amountHalalas: amount === undefined ? undefined : sarToHalalas(amount), reason };
    const note = cancelSubscription
      ? (await cancelWithRefund(run, deps.payments, now, await run((tx) => subscriptionOf(tx, req.params.id)), ask, req.log, req.params.id))
          .creditNote
      : await creditInvoice(run, deps.payments, now, req.params.id, ask, req.log);
    // The parents hear of the money given back (once per credit note; a pending card refund is told when it settles).
    await run((tx) => tellRefunded(tx, app.messenger.messaging, note.id));
    noteAudit(req, {
      creditNote: note.invoiceNumber,
      amount: note.amount,
      refund: note.refund,
      ...(cancelSubscription ? { cancelledSubscription: true } : {}),
    });
    return note;
  });
}
