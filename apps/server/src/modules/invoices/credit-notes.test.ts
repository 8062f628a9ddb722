import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Academy,
  academyHost,
  asMember,
  BASE,
  createTestApp,
  expectInvalid,
  registerAndLogin,
  type TestContext,
} from '../../../test/harness.js';
import { qrTexts } from '../../../test/pdf-qr.js';
import { checkDocuments, checkerErrors } from '../../../test/zatca-checker.js';
import {
  academies,
  auditEvents,
  invoiceCounters,
  invoiceDocuments,
  invoices,
  packages,
  refunds,
  subscriptions,
  users,
  zatcaReports,
} from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';
import { PaymentProviderError } from '../payments/providers/provider.js';
import type { SandboxProvider } from '../payments/providers/sandbox.js';
import { activatePaid } from '../subscriptions/activate.js';

let t: TestContext;
let sandbox: SandboxProvider;
let c: Academy;

const NATIONAL_ADDRESS = { crNumber: '1010987654', buildingNumber: '7421', district: 'Al Olaya', postalCode: '12214' };

/** A player with a PENDING subscription of a 450 SAR package (VAT included). */
async function pendingSubscription(academy: Academy, name: string, priceHalalas = 45_000) {
  return withTenant(t.deps.db, academy.id, async (tx) => {
    const [pkg] = await tx
      .insert(packages)
      .values({ academyId: academy.id, name: 'Monthly', priceHalalas, packageType: 'TIME_BASED', monthsNumber: 1 })
      .returning();
    const [player] = await tx.insert(users).values({ academyId: academy.id, role: 'PLAYER', name }).returning({ id: users.id });
    const [sub] = await tx
      .insert(subscriptions)
      .values({ academyId: academy.id, playerId: player.id, packageId: pkg.id, status: 'PENDING' })
      .returning({ id: subscriptions.id });
    return sub.id;
  });
}

/** A cash activation with its invoice. */
async function payCash(academy: Academy, name: string, at = '2026-11-20T07:00:00Z') {
  const subscriptionId = await pendingSubscription(academy, name);
  const paid = await withTenant(t.deps.db, academy.id, (tx) =>
    activatePaid(tx, subscriptionId, { method: 'Cash', withInvoice: true, now: new Date(at) }),
  );
  return { subscriptionId, invoice: paid.invoice ?? fail('no invoice') };
}

/** A card payment made on the sandbox's page (so the sandbox knows the transaction it may refund), then its callback's activation. */
async function payCard(academy: Academy, name: string, at = '2026-11-20T08:15:00Z') {
  const subscriptionId = await pendingSubscription(academy, name);
  const page = await sandbox.createPage({
    cartId: subscriptionId,
    amountHalalas: 45_000,
    description: 'Monthly',
    lang: 'en',
    customer: { name, email: 'parent@example.sa', phone: '+966501112233', city: 'Riyadh', ip: '127.0.0.1' },
    callbackUrl: `http://${BASE}/api/payments/callback`,
    returnUrl: `http://${BASE}/api/payments/return`,
  });
  sandbox.settle(page.tranRef, '4111111111111111');
  const paid = await withTenant(t.deps.db, academy.id, (tx) =>
    activatePaid(tx, subscriptionId, {
      method: 'Card',
      provider: 'sandbox',
      providerRef: page.tranRef,
      withInvoice: true,
      now: new Date(at),
    }),
  );
  return { subscriptionId, tranRef: page.tranRef, invoice: paid.invoice ?? fail('no invoice') };
}

function fail(message: string): never {
  throw new Error(message);
}

const credit = (academy: Academy, invoiceId: string, body: unknown) =>
  asMember(t.app, academy)({ method: 'POST', url: `/api/invoices/${invoiceId}/credit-note`, payload: body as object });
const cancel = (academy: Academy, subscriptionId: string, body?: unknown) =>
  asMember(
    t.app,
    academy,
  )({
    method: 'PATCH',
    url: `/api/subscriptions/${subscriptionId}/cancel`,
    ...(body === undefined ? {} : { payload: body as object }),
  });
const refundable = (academy: Academy, subscriptionId: string) =>
  asMember(t.app, academy)({ method: 'GET', url: `/api/subscriptions/${subscriptionId}/refundable` });

const documentsOf = (academy: Academy) =>
  withTenant(t.deps.db, academy.id, (tx) => tx.select().from(invoiceDocuments).orderBy(invoiceDocuments.icv));
const refundsOf = (academy: Academy) => withTenant(t.deps.db, academy.id, (tx) => tx.select().from(refunds).orderBy(refunds.createdAt));
const invoiceRows = (academy: Academy) =>
  withTenant(t.deps.db, academy.id, (tx) => tx.select().from(invoices).orderBy(invoices.invoiceNumber));
const counterOf = async (academy: Academy) =>
  (await withTenant(t.deps.db, academy.id, (tx) => tx.select().from(invoiceCounters)))[0]?.lastNumber ?? 0;

/** A VAT-registered academy with its national address: every invoice and credit note is a signed e-invoice. */
async function vatAcademy() {
  const academy = await registerAndLogin(t.app);
  await withTenant(t.deps.db, academy.id, (tx) =>
    tx
      .update(academies)
      .set({ vatNumber: '300000000000003', address: 'Prince Sultan Street', city: 'Jeddah', ...NATIONAL_ADDRESS })
      .where(eq(academies.id, academy.id)),
  );
  return academy;
}

beforeAll(async () => {
  t = await createTestApp();
  sandbox = t.deps.payments as SandboxProvider;
  c = await vatAcademy();
});
afterAll(() => t.close());

describe('POST /api/invoices/{id}/credit-note', () => {
  it('credits a cash invoice in full: a 381 in the same numbering and chain, which the checker passes', async () => {
    const academy = await vatAcademy();
    const { invoice } = await payCash(academy, 'Faisal Al-Otaibi');
    const res = await credit(academy, invoice.id, { reason: 'Moved to another city' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      invoiceNumber: 2,
      kind: 'credit_note',
      creditedInvoice: { id: invoice.id, invoiceNumber: 1 },
      issuedAt: '2026-11-22T09:00:00.000Z',
      amount: 450,
      vatAmount: 58.7,
      reason: 'Moved to another city',
      refund: { method: 'Cash', providerRef: null },
      remainingAmount: 0,
    });
    const [first, second] = await documentsOf(academy);
    expect(first).toMatchObject({ typeCode: '388', icv: 1, invoiceId: invoice.id });
    expect(second).toMatchObject({ typeCode: '381', icv: 2, pih: first.hash, invoiceId: res.json().id });
    expect(second.xml).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>');
    expect(second.xml).toContain('<cbc:ID>Invoice Number: 1; Invoice Issue Date: 2026-11-20</cbc:ID>');
    expect(second.xml).toContain('<cbc:InstructionNote>Moved to another city</cbc:InstructionNote>');
    expect(second.xml).toContain('<cbc:PaymentMeansCode>10</cbc:PaymentMeansCode>');
    expect(second.xml).toContain('<cbc:PayableAmount currencyID="SAR">450.00</cbc:PayableAmount>');

    const full = await checkDocuments([first.xml, second.xml]);
    expect(checkerErrors(full.report)).toEqual([]);
    expect(full.exitCode).toBe(0);
    const chain = await checkDocuments([first.xml, second.xml], { chainOnly: true });
    expect(chain.report.results.map((r) => r.icv)).toEqual([1, 2]);
    expect(chain.report.results[1].pih).toBe(chain.report.results[0].hash);
    expect(chain.exitCode).toBe(0);

    // Queued for reporting to ZATCA like the invoice (modules/e-invoicing/reporting.ts).
    const queued = await withTenant(t.deps.db, academy.id, (tx) => tx.select().from(zatcaReports));
    expect(queued.map((q) => q.documentId).sort()).toEqual([first.id, second.id].sort());
    // The cash refund is recorded with the note; the counter moved once for it (no second counter).
    expect(await refundsOf(academy)).toEqual([
      expect.objectContaining({
        invoiceId: invoice.id,
        creditNoteId: res.json().id,
        amountHalalas: 45_000,
        method: 'Cash',
        state: 'refunded',
      }),
    ]);
    expect(await counterOf(academy)).toBe(2);
    // Money: audited with who did it and what it issued.
    const [audited] = await withTenant(t.deps.db, academy.id, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.action, 'createCreditNote')),
    );
    expect(audited).toMatchObject({
      targetId: invoice.id,
      details: { effect: { creditNote: 2, amount: 450, refund: { method: 'Cash' } } },
    });
    // Nothing is left to credit.
    const again = await credit(academy, invoice.id, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'credit_note.exceeds_remaining', params: { remaining: '0.00' } });
  });

  it('refunds a card invoice through the provider in two parts, the second with the VAT left, all passing the checker', async () => {
    const academy = await vatAcademy();
    const { invoice, tranRef } = await payCard(academy, 'Salem');
    const before = sandbox.refunds.length;
    const part = await credit(academy, invoice.id, { amount: 100, reason: 'Two weeks missed' });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({ invoiceNumber: 2, amount: 100, vatAmount: 13.04, remainingAmount: 350 });
    const rest = await credit(academy, invoice.id, { reason: 'Left the academy' });
    expect(rest.statusCode).toBe(201);
    // 58.70 VAT in all: 13.04 + 45.66 (the VAT within 350.00 alone would be 45.65).
    expect(rest.json()).toMatchObject({ invoiceNumber: 3, amount: 350, vatAmount: 45.66, remainingAmount: 0 });

    // The sandbox refunded both on the paid transaction, with Kora's refund ids as cart ids.
    const asked = sandbox.refunds.slice(before);
    expect(asked.map((r) => [r.request.tranRef, r.request.amountHalalas, r.result.status])).toEqual([
      [tranRef, 10_000, 'A'],
      [tranRef, 35_000, 'A'],
    ]);
    const recorded = await refundsOf(academy);
    expect(recorded.map((r) => [r.id, r.state, r.method, r.provider, r.providerRef, r.amountHalalas])).toEqual(
      asked.map((r) => [r.request.cartId, 'refunded', 'Card', 'sandbox', r.result.tranRef, r.request.amountHalalas]),
    );
    expect(part.json().refund).toEqual({ method: 'Card', providerRef: asked[0].result.tranRef });

    const documents = await documentsOf(academy);
    expect(documents.map((d) => [d.typeCode, d.icv])).toEqual([
      ['388', 1],
      ['381', 2],
      ['381', 3],
    ]);
    expect(documents[1].xml).toContain('<cbc:PaymentMeansCode>48</cbc:PaymentMeansCode>');
    const full = await checkDocuments(documents.map((d) => d.xml));
    expect(checkerErrors(full.report)).toEqual([]);
    expect(full.exitCode).toBe(0);
    const chain = await checkDocuments(
      documents.map((d) => d.xml),
      { chainOnly: true },
    );
    expect(chain.report.results.map((r) => r.icv)).toEqual([1, 2, 3]);
    expect(chain.report.results.map((r) => r.pih).slice(1)).toEqual(chain.report.results.map((r) => r.hash).slice(0, 2));
    expect(chain.exitCode).toBe(0);
  });

  it('refuses more than is left (409) and issues nothing: no number, no document, no refund', async () => {
    const academy = await vatAcademy();
    const { invoice } = await payCard(academy, 'Nasser');
    expect((await credit(academy, invoice.id, { amount: 400, reason: 'Part' })).statusCode).toBe(201);
    const [invoicesBefore, documentsBefore, refundsBefore, asked] = [
      await invoiceRows(academy),
      await documentsOf(academy),
      await refundsOf(academy),
      sandbox.refunds.length,
    ];
    const over = await credit(academy, invoice.id, { amount: 50.01, reason: 'Too much' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      code: 'credit_note.exceeds_remaining',
      message: 'The amount is more than what is left to refund on this invoice (50.00 SAR)',
      params: { remaining: '50.00' },
    });
    expect(await invoiceRows(academy)).toEqual(invoicesBefore);
    expect(await documentsOf(academy)).toEqual(documentsBefore);
    expect(await refundsOf(academy)).toEqual(refundsBefore);
    expect(sandbox.refunds.length).toBe(asked);
    expect(await counterOf(academy)).toBe(2);
    // Exactly what is left is fine, and the next number is the next one.
    expect((await credit(academy, invoice.id, { amount: 50, reason: 'The rest' })).json()).toMatchObject({ invoiceNumber: 3 });
  });

  it('issues one credit note of two simultaneous full refunds; the other is refused', async () => {
    const { invoice } = await payCash(c, 'Hamad');
    const answers = await Promise.all([credit(c, invoice.id, { reason: 'One' }), credit(c, invoice.id, { reason: 'Two' })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const notes = (await invoiceRows(c)).filter((r) => r.creditedInvoiceId === invoice.id);
    expect(notes).toHaveLength(1);
  });

  it('leaves nothing issued when the provider refuses the refund, and records the failure', async () => {
    const academy = await vatAcademy();
    const { invoice } = await payCard(academy, 'Turki');
    const refund = sandbox.refund;
    sandbox.refund = async () => ({ status: 'E', tranRef: '', message: 'Refund period expired' });
    try {
      const res = await credit(academy, invoice.id, { reason: 'Injury' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        code: 'refund.declined',
        message: 'The payment provider refused the refund: Refund period expired',
        params: { reason: 'Refund period expired' },
      });
    } finally {
      sandbox.refund = refund;
    }
    expect((await invoiceRows(academy)).map((r) => r.kind)).toEqual(['invoice']);
    expect((await documentsOf(academy)).map((d) => d.typeCode)).toEqual(['388']);
    expect(await counterOf(academy)).toBe(1);
    expect(await refundsOf(academy)).toEqual([
      expect.objectContaining({ state: 'failed', failure: 'Refund period expired', creditNoteId: null, amountHalalas: 45_000 }),
    ]);
    // A failed refund holds nothing: the full amount may be refunded again.
    expect((await credit(academy, invoice.id, { reason: 'Injury' })).json()).toMatchObject({ invoiceNumber: 2, amount: 450 });
  });

  it('keeps a refund the provider did not answer pending, its amount held, and tells to check the provider', async () => {
    const academy = await vatAcademy();
    const { invoice } = await payCard(academy, 'Majed');
    const refund = sandbox.refund;
    sandbox.refund = async () => {
      throw new PaymentProviderError('PayTabs unreachable: timeout');
    };
    try {
      const res = await credit(academy, invoice.id, { amount: 200, reason: 'Injury' });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('refund.unconfirmed');
    } finally {
      sandbox.refund = refund;
    }
    expect(await refundsOf(academy)).toEqual([expect.objectContaining({ state: 'pending', amountHalalas: 20_000, creditNoteId: null })]);
    expect(await counterOf(academy)).toBe(1);
    // The 200 SAR may have gone back: only 250 are left to refund.
    const full = await credit(academy, invoice.id, { reason: 'The rest' });
    expect(full.json()).toMatchObject({ amount: 250, remainingAmount: 0 });
  });

  it('refuses a credit note of a credit note, an unknown or foreign invoice, and bad input', async () => {
    const { invoice } = await payCash(c, 'Khalid');
    const note = await credit(c, invoice.id, { amount: 10, reason: 'Part' });
    expect((await credit(c, note.json().id, { reason: 'Again' })).json().code).toBe('credit_note.of_credit_note');
    const unknown = await credit(c, '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f', { reason: 'X' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('credit_note.invoice_not_found');
    // Another academy's member does not find it (row-level security), and nothing changes.
    const other = await registerAndLogin(t.app);
    const foreign = await credit(other, invoice.id, { reason: 'X' });
    expect(foreign.statusCode).toBe(404);
    expect((await invoiceRows(c)).filter((r) => r.creditedInvoiceId === invoice.id)).toHaveLength(1);
    for (const [body, code, path] of [
      [{}, 'credit_note.reason_required', 'reason'],
      [{ reason: '   ' }, 'credit_note.reason_required', 'reason'],
      [{ reason: 'X', amount: 0 }, 'credit_note.amount_invalid', 'amount'],
      [{ reason: 'X', amount: -5 }, 'validation.too_small', 'amount'],
      [{ reason: 'X', amount: 1.234 }, 'money.two_decimals', 'amount'],
      [{ reason: 'a\u202eb' }, 'text.control_characters', 'reason'],
      // The real limit, not "Enter the reason".
      [{ reason: 'x'.repeat(201) }, 'credit_note.reason_too_long', 'reason'],
    ] as const) {
      expectInvalid(await credit(c, invoice.id, body), code, path);
    }
    expect((await credit(c, invoice.id, { reason: 'x'.repeat(201) })).json().issues[0].message).toBe(
      'The reason can be at most 200 characters',
    );
  });

  it("has a PDF titled credit note with its signed document's QR, and XML, public by its id", async () => {
    const { invoice } = await payCash(c, 'Omar');
    const note = (await credit(c, invoice.id, { amount: 45.5, reason: 'Schedule changed' })).json();
    const pdf = await t.app.inject({ method: 'GET', url: `/api/invoices/${note.id}`, headers: { host: BASE } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="credit-note-${note.invoiceNumber}.pdf"`);
    // pdfkit writes the document's title as a literal string.
    expect(pdf.rawPayload.toString('latin1')).toContain(`(Credit note ${note.invoiceNumber})`);
    const [document] = (await documentsOf(c)).filter((d) => d.invoiceId === note.id);
    expect(qrTexts(pdf.rawPayload)).toEqual([document.qr]);
    const xml = await t.app.inject({ method: 'GET', url: `/api/invoices/${note.id}/xml`, headers: { host: academyHost(c.handle) } });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-disposition']).toBe(`inline; filename="credit-note-${note.invoiceNumber}.xml"`);
    expect(xml.body).toBe(document.xml);
  });

  it('cancels the subscription with a full credit note when asked (cancelSubscription), else leaves it running', async () => {
    const statusOf = async (subscriptionId: string) =>
      (await withTenant(t.deps.db, c.id, (tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId))))[0]?.status;
    // Not asked: the subscription stays ACTIVE, as before.
    const kept = await payCash(c, 'Kept');
    expect((await credit(c, kept.invoice.id, { reason: 'Goodwill', cancelSubscription: false })).statusCode).toBe(201);
    expect(await statusOf(kept.subscriptionId)).toBe('ACTIVE');
    // Asked, cash: credited, refunded and cancelled in one request.
    const cash = await payCash(c, 'Cancelled in cash');
    const note = await credit(c, cash.invoice.id, { reason: 'Left the academy', cancelSubscription: true });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({ kind: 'credit_note', creditedInvoice: { id: cash.invoice.id }, amount: 450, remainingAmount: 0 });
    expect(await statusOf(cash.subscriptionId)).toBe('CANCELLED');
    // Asked, card: cancelled once the provider refunded it.
    const card = await payCard(c, 'Cancelled by card');
    expect((await credit(c, card.invoice.id, { reason: 'Moved away', cancelSubscription: true })).statusCode).toBe(201);
    expect(await statusOf(card.subscriptionId)).toBe('CANCELLED');
    // A cancelled subscription is not cancelled again: nothing is issued.
    const again = await payCash(c, 'Twice');
    await cancel(c, again.subscriptionId);
    const refused = await credit(c, again.invoice.id, { reason: 'Again', cancelSubscription: true });
    expect(refused.statusCode).toBe(409);
    expect((await invoiceRows(c)).filter((r) => r.creditedInvoiceId === again.invoice.id)).toEqual([]);
  });

  it('credits an invoice issued without VAT with a plain credit note (no e-invoice)', async () => {
    const plain = await registerAndLogin(t.app);
    const { invoice } = await payCash(plain, 'Fahad');
    const res = await credit(plain, invoice.id, { reason: 'Cancelled' });
    expect(res.json()).toMatchObject({ invoiceNumber: 2, amount: 450, vatAmount: 0 });
    expect(await documentsOf(plain)).toEqual([]);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/invoices/${res.json().id}`, headers: { host: BASE } });
    expect(pdf.statusCode).toBe(200);
    expect(qrTexts(pdf.rawPayload)).toEqual([]);
  });
});

describe('reporting a credit note to ZATCA (the built-in simulator)', () => {
  it("reports an onboarded academy's invoice and its credit note in chain order, both accepted", async () => {
    const academy = await vatAcademy();
    const onboarded = await asMember(
      t.app,
      academy,
    )({ method: 'POST', url: '/api/academies/e-invoicing/onboard', payload: { otp: '123456' } });
    expect(onboarded.statusCode, onboarded.body).toBe(200);
    const { invoice } = await payCash(academy, 'Reported Player');
    expect((await credit(academy, invoice.id, { amount: 50, reason: 'Part of the month' })).statusCode).toBe(201);
    await t.app.reporter.reportDue();
    const reports = await withTenant(t.deps.db, academy.id, (tx) =>
      tx
        .select({ typeCode: invoiceDocuments.typeCode, state: zatcaReports.state, attempts: zatcaReports.attempts })
        .from(zatcaReports)
        .innerJoin(invoiceDocuments, eq(invoiceDocuments.id, zatcaReports.documentId))
        .orderBy(invoiceDocuments.icv),
    );
    expect(reports).toEqual([
      { typeCode: '388', state: 'reported', attempts: 1 },
      { typeCode: '381', state: 'reported', attempts: 1 },
    ]);
  });
});

describe('the payments history with credit notes', () => {
  it('lists credit notes as negative rows with the invoice they credit, in the list and the CSV', async () => {
    const academy = await vatAcademy();
    const { invoice } = await payCash(academy, 'Yousef');
    await credit(academy, invoice.id, { amount: 150, reason: 'Part' });
    const list = await asMember(t.app, academy)({ method: 'GET', url: '/api/invoices/all?startDate=2026-11-01&endDate=2026-11-30' });
    const rows = list.json();
    expect(
      rows.map(
        (r: { invoiceNumber: number; kind: string; creditedInvoiceNumber: number | null; totalAmount: number; vatAmount: number }) => [
          r.invoiceNumber,
          r.kind,
          r.creditedInvoiceNumber,
          r.totalAmount,
          r.vatAmount,
        ],
      ),
    ).toEqual([
      [1, 'invoice', null, 450, 58.7],
      [2, 'credit_note', 1, -150, -19.57],
    ]);
    // The history's total is what the academy kept.
    expect(rows.reduce((sum: number, r: { totalAmount: number }) => sum + r.totalAmount * 100, 0) / 100).toBe(300);
    const csv = await asMember(t.app, academy)({ method: 'GET', url: '/api/invoices/export?month=2026-11' });
    const lines = csv.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines.slice(1)).toEqual([
      '1,"2026-11-20 10:00","Yousef","Monthly","Cash","391.30","58.70","450.00","Invoice",""',
      '2,"2026-11-22 12:00","Yousef","Monthly","Cash","-130.43","-19.57","-150.00","Credit note",1',
    ]);
  });
});

describe('cancelling a paid subscription with a refund', () => {
  it('tells what may be refunded, then cancels with a full cash refund in one request', async () => {
    const { subscriptionId, invoice } = await payCash(c, 'Saad');
    expect((await refundable(c, subscriptionId)).json()).toEqual({
      invoice: { id: invoice.id, invoiceNumber: invoice.invoiceNumber, totalAmount: 450, paymentMethod: 'Cash' },
      refundableAmount: 450,
      pendingRefundAmount: 0,
      pendingRefundSince: null,
    });
    const res = await cancel(c, subscriptionId, { refund: { reason: 'Family moved' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: subscriptionId,
      status: 'CANCELLED',
      creditNote: { kind: 'credit_note', amount: 450, creditedInvoice: { id: invoice.id }, refund: { method: 'Cash' } },
    });
    expect((await refundable(c, subscriptionId)).json().refundableAmount).toBe(0);
  });

  it('refunds part of a card payment through the provider, and cancels', async () => {
    const { subscriptionId, tranRef } = await payCard(c, 'Rayan');
    const res = await cancel(c, subscriptionId, { refund: { amount: 225, reason: 'Half the month left' } });
    expect(res.json()).toMatchObject({
      status: 'CANCELLED',
      creditNote: { amount: 225, remainingAmount: 225, refund: { method: 'Card' } },
    });
    expect(sandbox.refunds.at(-1)).toMatchObject({ request: { tranRef, amountHalalas: 22_500 }, result: { status: 'A' } });
  });

  it('changes nothing when the provider refuses: the subscription stays as it was', async () => {
    const { subscriptionId } = await payCard(c, 'Bader');
    const refund = sandbox.refund;
    sandbox.refund = async () => ({ status: 'D', tranRef: '', message: 'Declined' });
    try {
      expect((await cancel(c, subscriptionId, { refund: { reason: 'Moving' } })).statusCode).toBe(502);
    } finally {
      sandbox.refund = refund;
    }
    const [s] = await withTenant(t.deps.db, c.id, (tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)));
    expect(s.status).toBe('ACTIVE');
  });

  it('refuses a refund of an unpaid subscription (nothing cancelled); without a refund, cancels as before', async () => {
    const subscriptionId = await pendingSubscription(c, 'Ziad');
    expect((await refundable(c, subscriptionId)).json()).toEqual({
      invoice: null,
      refundableAmount: 0,
      pendingRefundAmount: 0,
      pendingRefundSince: null,
    });
    const refused = await cancel(c, subscriptionId, { refund: { reason: 'X' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('credit_note.nothing_to_refund');
    const plain = await cancel(c, subscriptionId);
    expect(plain.json()).toMatchObject({ status: 'CANCELLED', creditNote: null });
    expect((await refundable(c, '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f')).statusCode).toBe(404);
  });
});
