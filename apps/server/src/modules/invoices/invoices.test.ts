import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachLogin, multipart } from '../../../test/fixtures.js';
import {
  type Academy,
  academyHost,
  asMember,
  BASE,
  countStatements,
  createTestApp,
  expectInvalid,
  LIST_STATEMENTS,
  registerAndLogin,
  type TestContext,
} from '../../../test/harness.js';
import { qrTexts } from '../../../test/pdf-qr.js';
import { checkDocuments, checkerErrors } from '../../../test/zatca-checker.js';
import { academies, invoiceDocuments, invoices, packages, subscriptions, users } from '../../db/schema.js';
import { withSystem, withTenant } from '../../db/tenant.js';
import { seedDemo } from '../../seed/demo.js';
import { activatePaid } from '../subscriptions/activate.js';
import { PIH_SEED } from './formats/signing.js';

let t: TestContext;
let a: Academy;
let b: Academy;
const VAT = '310122393500003';

/** Players with a PENDING subscription of one package, inserted straight into the academy's tenant. */
async function pendingSubscriptions(academy: Academy, names: { name: string; nameArabic?: string }[], priceHalalas = 45_000) {
  return withTenant(t.deps.db, academy.id, async (tx) => {
    const [pkg] = await tx
      .insert(packages)
      .values({ academyId: academy.id, name: 'Monthly', priceHalalas, packageType: 'TIME_BASED', monthsNumber: 1 })
      .returning();
    const players = await tx
      .insert(users)
      .values(names.map((n) => ({ academyId: academy.id, role: 'PLAYER' as const, name: n.name, nameArabic: n.nameArabic ?? null })))
      .returning({ id: users.id });
    const subs = await tx
      .insert(subscriptions)
      .values(players.map((p) => ({ academyId: academy.id, playerId: p.id, packageId: pkg.id, status: 'PENDING' as const })))
      .returning({ id: subscriptions.id });
    return subs.map((s) => s.id);
  });
}

/** A cash activation with its invoice, at a given instant. */
const pay = (academy: Academy, subscriptionId: string, at: string) =>
  withTenant(t.deps.db, academy.id, (tx) => activatePaid(tx, subscriptionId, { method: 'Cash', withInvoice: true, now: new Date(at) }));

/** A card payment's activation, as the provider's callback makes it. */
const payByCard = (academy: Academy, subscriptionId: string, at: string) =>
  withTenant(t.deps.db, academy.id, (tx) =>
    activatePaid(tx, subscriptionId, {
      method: 'Card',
      provider: 'sandbox',
      providerRef: `ref-${subscriptionId}`,
      withInvoice: true,
      now: new Date(at),
    }),
  );

/** The signed documents of an academy, in chain (ICV) order. */
const documentsOf = (academy: Academy) =>
  withTenant(t.deps.db, academy.id, (tx) => tx.select().from(invoiceDocuments).orderBy(invoiceDocuments.icv));

/** The seller details a ZATCA invoice needs, beside the VAT number. */
const NATIONAL_ADDRESS = { crNumber: '1010987654', buildingNumber: '7421', district: 'Al Olaya', postalCode: '12214' };

const setAcademy = (academy: Academy, values: Partial<typeof academies.$inferInsert>) =>
  withTenant(t.deps.db, academy.id, (tx) => tx.update(academies).set(values).where(eq(academies.id, academy.id)));

const list = (academy: Academy, query: string) => asMember(t.app, academy)({ method: 'GET', url: `/api/invoices/all?${query}` });
const NOVEMBER = 'startDate=2026-11-01&endDate=2026-11-30';

/** The expected ZATCA payload, written out by hand: tag, UTF-8 length, value; base64. */
const tlvBase64 = (...values: string[]) =>
  Buffer.concat(values.map((v, i) => Buffer.concat([Buffer.from([i + 1, Buffer.byteLength(v)]), Buffer.from(v)]))).toString('base64');

// ─────────────────────────────────────────────────────────────────────────────

let invoiceOfA: { id: string; invoiceNumber: number };
let invoicesOfA: string[];

beforeAll(async () => {
  t = await createTestApp();
  a = await registerAndLogin(t.app);
  b = await registerAndLogin(t.app);
  await setAcademy(a, {
    nameArabic: 'أكاديمية صقور الرياض',
    vatNumber: VAT,
    address: 'King Fahd Road',
    city: 'Riyadh',
    ...NATIONAL_ADDRESS,
  });
  const subs = await pendingSubscriptions(a, [
    { name: 'Faisal Al-Otaibi', nameArabic: 'فيصل العتيبي' },
    { name: 'عمر الشهري' },
    { name: 'Salem' },
    { name: '=HYPERLINK("http://x.example")' },
  ]);
  // Riyadh is UTC+3: 21:30 UTC on 31 October is already 1 November there; 22:30 UTC on 30 November is 1 December.
  const first = await pay(a, subs[0], '2026-10-31T21:30:00Z');
  await pay(a, subs[1], '2026-11-15T09:05:33Z');
  await pay(a, subs[2], '2026-11-30T22:30:00Z');
  await pay(a, subs[3], '2026-11-20T10:00:00Z');
  invoiceOfA = { id: first.invoice?.id ?? '', invoiceNumber: first.invoice?.invoiceNumber ?? 0 };
  invoicesOfA = [first.invoice?.id ?? ''];
  const [ofB] = await pendingSubscriptions(b, [{ name: 'Player of B' }], 30_000);
  await pay(b, ofB, '2026-11-10T12:00:00Z');
});
afterAll(() => t.close());

describe('GET /api/invoices/all', () => {
  it("lists a range's invoices by number, with the day bounds of Asia/Riyadh", async () => {
    const res = await list(a, NOVEMBER);
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.map((r: { invoiceNumber: number }) => r.invoiceNumber)).toEqual([1, 2, 4]);
    expect(rows[0]).toEqual({
      id: invoiceOfA.id,
      invoiceNumber: 1,
      kind: 'invoice',
      creditedInvoiceNumber: null,
      user: { name: 'Faisal Al-Otaibi', nameArabic: 'فيصل العتيبي' },
      subscription: { package: { name: 'Monthly', nameArabic: null } },
      paidAt: '2026-10-31T21:30:00.000Z',
      totalAmount: 450,
      vatAmount: 58.7,
      paymentMethod: 'Cash',
      // Cash names no card method.
      cardMethod: null,
      // Its e-invoice waits for the academy's onboarding to be reported (modules/e-invoicing).
      reporting: 'waiting',
    });
    expect(rows[1].user).toEqual({ name: 'عمر الشهري', nameArabic: null });
    const december = await list(a, 'startDate=2026-12-01&endDate=2026-12-31');
    expect(december.json().map((r: { invoiceNumber: number }) => r.invoiceNumber)).toEqual([3]);
    const oneDay = await list(a, 'startDate=2026-11-15&endDate=2026-11-15');
    expect(oneDay.json().map((r: { invoiceNumber: number }) => r.invoiceNumber)).toEqual([2]);
    expect((await list(a, 'startDate=2026-10-01&endDate=2026-10-31')).json()).toEqual([]);
  });

  it('answers in a fixed number of statements, whatever the number of invoices', async () => {
    // A range asked for the first time: built, not answered from the list cache.
    const many = await countStatements(() => list(a, 'startDate=2026-10-31&endDate=2026-11-30'));
    const none = await countStatements(() => list(a, 'startDate=2025-01-01&endDate=2025-01-31'));
    expect(many.result.json()).toHaveLength(3);
    expect(many.statements).toBe(none.statements);
    expect(many.statements).toBeLessThanOrEqual(LIST_STATEMENTS);
  });

  it('refuses missing, malformed and reversed ranges', async () => {
    expectInvalid(await list(a, ''), 'validation.invalid_type', 'querystring.startDate');
    expect((await list(a, 'startDate=2026-11-01&endDate=2026-02-30')).statusCode).toBe(400);
    const reversed = await list(a, 'startDate=2026-11-30&endDate=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().issues[0]).toMatchObject({ path: 'querystring.endDate', code: 'event.range_invalid' });
    const tooLong = await list(a, 'startDate=2025-01-01&endDate=2026-11-30');
    expect(tooLong.json().issues[0].code).toBe('event.range_too_long');
  });

  it('needs a member who reads Settings', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/invoices/all?${NOVEMBER}`, headers: { host: academyHost(a.handle) } });
    expect(anonymous.statusCode).toBe(401);
    const coach = await coachLogin(t.app, a);
    const res = await asMember(t.app, coach)({ method: 'GET', url: `/api/invoices/all?${NOVEMBER}` });
    expect(res.statusCode).toBe(403);
  });

  it("never shows another academy's invoices", async () => {
    const rows = (await list(b, NOVEMBER)).json();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ invoiceNumber: 1, user: { name: 'Player of B' }, totalAmount: 300, vatAmount: 0 });
    expect(rows.map((r: { id: string }) => r.id)).not.toContain(invoiceOfA.id);
    // Not even a query without a WHERE on the academy sees them (row-level security).
    const seen = await withTenant(t.deps.db, b.id, (tx) => tx.select({ id: invoices.id }).from(invoices));
    expect(seen.map((r) => r.id)).not.toContain(invoiceOfA.id);
  });
});

describe('GET /api/invoices/:id', () => {
  const pdf = (id: string, host = BASE) => t.app.inject({ method: 'GET', url: `/api/invoices/${id}`, headers: { host } });

  it('answers the PDF inline, to anyone holding its id', async () => {
    const res = await pdf(invoiceOfA.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="invoice-1.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
    // The viewer page fetches it and frames it from a blob: URL, which the policy allows (and nothing else new).
    expect(String(res.headers['content-security-policy'])).toContain("frame-src 'self' blob:;");
    // On the academy's own subdomain too (the viewer page of the app).
    expect((await pdf(invoiceOfA.id, academyHost(a.handle))).statusCode).toBe(200);
  });

  it("carries its signed document's QR code: seller, VAT number, issue time in Riyadh, total and VAT, then tags 6-9", async () => {
    const res = await pdf(invoiceOfA.id);
    const [document] = (await documentsOf(a)).filter((d) => d.invoiceId === invoiceOfA.id);
    expect(qrTexts(res.rawPayload)).toEqual([document.qr]);
    const phase1 = tlvBase64(`Academy ${a.handle}`, VAT, '2026-11-01T00:30:00', '450.00', '58.70');
    const tags = Buffer.from(document.qr, 'base64');
    expect(tags.subarray(0, Buffer.from(phase1, 'base64').length).toString('base64')).toBe(phase1);
    expect(document.xml).toContain(`<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${document.qr}<`);
    // The PDF states the document's UUID (pdfkit writes text as hex glyph ids, so look in the XML for it instead).
    expect(document.xml).toContain(`<cbc:UUID>${document.uuid}</cbc:UUID>`);
  });

  it('has no tax QR code when the academy had no VAT number', async () => {
    const [ofB] = (await list(b, NOVEMBER)).json();
    const res = await pdf(ofB.id);
    expect(res.statusCode).toBe(200);
    expect(qrTexts(res.rawPayload)).toEqual([]);
  });

  it("answers 404 for an unknown id, and on another academy's subdomain", async () => {
    const unknown = await pdf('3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('invoice.not_found');
    const elsewhere = await pdf(invoiceOfA.id, academyHost(b.handle));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('invoice.not_found');
    expectInvalid(await pdf('not-a-uuid'), 'validation.invalid_format', 'params.id');
  });

  it("is reachable by its id alone: another academy's member gets it on the main domain, yet never in their list", async () => {
    const res = await asMember(t.app, b)({ method: 'GET', url: `/api/invoices/${invoicesOfA[0]}`, headers: { host: BASE } });
    expect(res.statusCode).toBe(200);
    const ids = (await list(b, 'startDate=2026-01-01&endDate=2026-12-31')).json().map((r: { id: string }) => r.id);
    expect(ids).not.toContain(invoicesOfA[0]);
  });
});

describe('GET /api/invoices/export', () => {
  const csv = (academy: Academy, month: string) => asMember(t.app, academy)({ method: 'GET', url: `/api/invoices/export?month=${month}` });

  it('answers a month as UTF-8 CSV with a byte order mark, Arabic names intact', async () => {
    const res = await csv(a, '2026-11');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoices-2026-11.csv"');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines).toEqual([
      '"Number","Date","Player","Package","Method","Subtotal (SAR)","VAT (SAR)","Total (SAR)","Document","Credited invoice"',
      '1,"2026-11-01 00:30","Faisal Al-Otaibi","Monthly","Cash","391.30","58.70","450.00","Invoice",""',
      '2,"2026-11-15 12:05","عمر الشهري","Monthly","Cash","391.30","58.70","450.00","Invoice",""',
      // A name a spreadsheet would run as a formula is defused.
      `4,"2026-11-20 13:00","'=HYPERLINK(""http://x.example"")","Monthly","Cash","391.30","58.70","450.00","Invoice",""`,
      '',
    ]);
  });

  it('names players and packages in Arabic in the list and in an Arabic export, as the package was named at issue', async () => {
    const c = await registerAndLogin(t.app);
    const [sub] = await pendingSubscriptions(c, [{ name: 'Saad Al-Harbi', nameArabic: 'سعد الحربي' }]);
    await withTenant(t.deps.db, c.id, (tx) => tx.update(packages).set({ nameArabic: 'باقة شهرية' }));
    await pay(c, sub, '2026-11-21T09:00:00Z');
    // Renamed after issue: the invoice keeps the names it was issued with.
    await withTenant(t.deps.db, c.id, (tx) => tx.update(packages).set({ name: 'Renamed', nameArabic: 'اسم جديد' }));
    const [row] = (await list(c, NOVEMBER)).json();
    expect(row.subscription).toEqual({ package: { name: 'Monthly', nameArabic: 'باقة شهرية' } });
    const arabic = await asMember(t.app, c)({ method: 'GET', url: '/api/invoices/export?month=2026-11&lang=ar' });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.rawPayload.subarray(3).toString('utf8').split('\r\n')).toEqual([
      '"الرقم","التاريخ","اللاعب","الباقة","طريقة الدفع","المبلغ دون الضريبة (ريال)","الضريبة (ريال)","الإجمالي (ريال)","المستند","الفاتورة المُشار إليها"',
      '1,"2026-11-21 12:00","سعد الحربي","باقة شهرية","نقدًا","450.00","0.00","450.00","فاتورة",""',
      '',
    ]);
    // The English export keeps the English names.
    expect((await csv(c, '2026-11')).rawPayload.toString('utf8')).toContain('"Saad Al-Harbi","Monthly","Cash"');
    expectInvalid(
      await asMember(t.app, c)({ method: 'GET', url: '/api/invoices/export?month=2026-11&lang=fr' }),
      'validation.invalid_value',
      'querystring.lang',
    );
  });

  it('quotes every text field, so a semicolon or a tab never starts a cell of its own', async () => {
    const c = await registerAndLogin(t.app);
    // Stored straight, as names from before the contract refused tabs may be.
    const subs = await pendingSubscriptions(c, [{ name: 'Safe;=1+1' }, { name: 'Tab\t=1+1' }, { name: '\t=1+1' }], 10_000);
    for (const id of subs) await pay(c, id, '2026-11-05T09:00:00Z');
    const rows = (await csv(c, '2026-11')).rawPayload.subarray(3).toString('utf8').trim().split('\r\n').slice(1);
    expect(rows.map((row) => row.split(',')[2])).toEqual(['"Safe;=1+1"', '"Tab\t=1+1"', `"'\t=1+1"`]);
    // Outside quotes no semicolon or tab is left for a spreadsheet of another locale to split on.
    expect(rows.map((row) => row.replace(/"(?:[^"]|"")*"/g, '')).filter((rest) => /[;\t]/.test(rest))).toEqual([]);
  });

  it('refuses a malformed month and members without R:Settings', async () => {
    expectInvalid(await csv(a, '2026-13'), 'validation.invalid_format', 'querystring.month');
    expect((await csv(a, '')).statusCode).toBe(400);
    const coach = await coachLogin(t.app, a);
    expect((await asMember(t.app, coach)({ method: 'GET', url: '/api/invoices/export?month=2026-11' })).statusCode).toBe(403);
  });

  it("holds only the academy's own invoices", async () => {
    const lines = (await csv(b, '2026-11')).rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines.slice(1)).toEqual(['1,"2026-11-10 15:00","Player of B","Monthly","Cash","300.00","0.00","300.00","Invoice",""']);
  });
});

describe('invoice numbers under concurrent payments', () => {
  it('gives 20 simultaneous cash activations the numbers 1 to 20, no gap, no repeat', async () => {
    const c = await registerAndLogin(t.app);
    const subs = await pendingSubscriptions(
      c,
      Array.from({ length: 20 }, (_, i) => ({ name: `Player ${i + 1}` })),
    );
    const results = await Promise.all(subs.map((id) => pay(c, id, '2026-11-22T09:00:00Z')));
    const numbers = results.map((r) => r.invoice?.invoiceNumber ?? 0);
    const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(`[${database}] invoice numbers of 20 concurrent activations, in call order: ${numbers.join(', ')}`);
    expect([...numbers].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const stored = await withTenant(t.deps.db, c.id, (tx) => tx.select({ n: invoices.invoiceNumber }).from(invoices));
    expect(stored.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('ZATCA e-invoices (signed UBL 2.1, checked by the SDK rules)', () => {
  const xml = (id: string, host = BASE) => t.app.inject({ method: 'GET', url: `/api/invoices/${id}/xml`, headers: { host } });

  it('issues a cash and a card payment as simplified tax invoices that pass the checker', async () => {
    const c = await registerAndLogin(t.app);
    await setAcademy(c, { vatNumber: '300000000000003', address: 'Prince Sultan Street', city: 'Jeddah', ...NATIONAL_ADDRESS });
    const [cashSub, cardSub] = await pendingSubscriptions(
      c,
      [{ name: 'Faisal Al-Otaibi', nameArabic: 'فيصل العتيبي' }, { name: 'Salem' }],
      29_999,
    );
    const cash = await pay(c, cashSub, '2026-11-20T07:00:00Z');
    const card = await payByCard(c, cardSub, '2026-11-20T08:15:00Z');
    const [first, second] = await documentsOf(c);
    expect([first.invoiceId, second.invoiceId]).toEqual([cash.invoice?.id, card.invoice?.id]);
    expect(first).toMatchObject({ typeCode: '388', icv: 1, pih: PIH_SEED });
    expect(second).toMatchObject({ typeCode: '388', icv: 2, pih: first.hash });
    expect(first.xml).toContain('<cbc:PaymentMeansCode>10</cbc:PaymentMeansCode>');
    expect(second.xml).toContain('<cbc:PaymentMeansCode>48</cbc:PaymentMeansCode>');
    expect(first.xml).toContain('<cbc:ID>1</cbc:ID>');
    expect(first.xml).toContain('<cbc:RegistrationName>Faisal Al-Otaibi</cbc:RegistrationName>');

    const { exitCode, report } = await checkDocuments([first.xml, second.xml]);
    expect(checkerErrors(report)).toEqual([]);
    expect(exitCode).toBe(0);
    expect(report.results.map((r) => r.hash)).toEqual([first.hash, second.hash]);
  });

  it('answers the stored XML at /api/invoices/{id}/xml, public by the id as the PDF is', async () => {
    const [document] = (await documentsOf(a)).filter((d) => d.invoiceId === invoiceOfA.id);
    const res = await xml(invoiceOfA.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('inline; filename="invoice-1.xml"');
    expect(res.body).toBe(document.xml);
    expect((await xml(invoiceOfA.id, academyHost(a.handle))).statusCode).toBe(200);
    // Same tenancy rules as the PDF: another academy's subdomain, an unknown id, a malformed one.
    const elsewhere = await xml(invoiceOfA.id, academyHost(b.handle));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('invoice.not_found');
    expect((await xml('3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f')).statusCode).toBe(404);
    expectInvalid(await xml('not-a-uuid'), 'validation.invalid_format', 'params.id');
  });

  it('has no XML for an invoice issued without VAT', async () => {
    const [ofB] = (await list(b, NOVEMBER)).json();
    const res = await xml(ofB.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('invoice.xml_not_found');
    expect(await documentsOf(b)).toEqual([]);
  });

  it('chains 10 invoices issued at once: ICV +1, each PIH the previous hash, in issue order', async () => {
    const c = await registerAndLogin(t.app);
    await setAcademy(c, { vatNumber: '311111111100003', address: 'Olaya Street', city: 'Riyadh', ...NATIONAL_ADDRESS });
    const subs = await pendingSubscriptions(
      c,
      Array.from({ length: 10 }, (_, i) => ({ name: `Player ${i + 1}` })),
    );
    await Promise.all(subs.map((id, i) => (i % 2 ? payByCard(c, id, '2026-11-22T09:00:00Z') : pay(c, id, '2026-11-22T09:00:00Z'))));
    const documents = await documentsOf(c);
    expect(documents.map((d) => d.icv)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(documents.map((d) => d.pih)).toEqual([PIH_SEED, ...documents.slice(0, -1).map((d) => d.hash)]);
    const { exitCode, report } = await checkDocuments(
      documents.map((d) => d.xml),
      { chainOnly: true },
    );
    expect(checkerErrors(report)).toEqual([]);
    expect(exitCode).toBe(0);
    // The counter and the chain moved together: the nth document is invoice number n.
    const numbers = await withTenant(t.deps.db, c.id, (tx) => tx.select({ id: invoices.id, n: invoices.invoiceNumber }).from(invoices));
    const numberOf = new Map(numbers.map((r) => [r.id, r.n]));
    expect(documents.map((d) => numberOf.get(d.invoiceId))).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });

  it('issues 19 concurrent cash payments with issue times that follow the ICV', async () => {
    const c = await registerAndLogin(t.app);
    await setAcademy(c, { vatNumber: '311111111100003', address: 'Olaya Street', city: 'Riyadh', ...NATIONAL_ADDRESS });
    const subs = await pendingSubscriptions(
      c,
      Array.from({ length: 19 }, (_, i) => ({ name: `Player ${i + 1}` })),
    );
    // Each payment's moment is read before it waits for the counter's lock, the later callers' earlier (as the
    // report had it: ICV 183 at 01:23:17, ICV 184 at 01:23:16); the clock, read again, moves on a second a reading.
    const start = Date.parse('2026-12-01T22:23:00Z');
    let readings = 0;
    const clock = () => new Date(start + 60_000 + readings++ * 1000);
    await Promise.all(
      subs.map((id, i) =>
        withTenant(t.deps.db, c.id, (tx) =>
          activatePaid(tx, id, { method: 'Cash', withInvoice: true, now: new Date(start + (19 - i) * 1000), clock }),
        ),
      ),
    );
    const issued = await withTenant(t.deps.db, c.id, (tx) =>
      tx
        .select({ icv: invoiceDocuments.icv, at: invoices.paidAt, number: invoices.invoiceNumber, xml: invoiceDocuments.xml })
        .from(invoiceDocuments)
        .innerJoin(invoices, eq(invoices.id, invoiceDocuments.invoiceId))
        .orderBy(invoiceDocuments.icv),
    );
    expect(issued.map((d) => d.icv)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    expect(issued.map((d) => d.number)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    const times = issued.map((d) => d.at.getTime());
    for (let i = 1; i < times.length; i++) expect(times[i], `ICV ${i + 1} issued before ICV ${i}`).toBeGreaterThanOrEqual(times[i - 1]);
    // The signed document states the same time as the invoice row (Asia/Riyadh).
    const issueTimes = issued.map((d) =>
      /<cbc:IssueDate>([^<]+)<\/cbc:IssueDate>\s*<cbc:IssueTime>([^<]+)</.exec(d.xml)?.slice(1).join('T'),
    );
    expect(issueTimes).toEqual([...issueTimes].sort());
  });

  it('fails the checker once an amount of a stored document is changed', async () => {
    const [document] = await documentsOf(a);
    const tampered = document.xml.replace(
      '<cbc:TaxInclusiveAmount currencyID="SAR">450.00</cbc:TaxInclusiveAmount>',
      '<cbc:TaxInclusiveAmount currencyID="SAR">45.00</cbc:TaxInclusiveAmount>',
    );
    expect(tampered).not.toBe(document.xml);
    const { exitCode, report } = await checkDocuments([tampered], { chainOnly: true });
    expect(exitCode).toBe(1);
    expect(checkerErrors(report).join('\n')).toMatch(/differs from the signed digest/);
  });

  it('keeps what an issued invoice says when the academy is renamed or moves', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoiceOfA.id}`, headers: { host: BASE } });
    const xmlBefore = (await xml(invoiceOfA.id)).body;
    const form = multipart({
      name: 'Eastern Eagles Academy',
      email: 'new@example.sa',
      phone: '0501234567',
      street: 'Another Street',
      city: 'Dammam',
      crNumber: '2050123456',
      buildingNumber: '1111',
      district: 'Al Faisaliyah',
      postalCode: '32245',
      vatNumber: VAT,
    });
    const saved = await asMember(t.app, a)({ method: 'PUT', url: `/api/academies/${a.id}`, payload: form.payload, headers: form.headers });
    expect(saved.json()).toMatchObject({ name: 'Eastern Eagles Academy' });
    expect(saved.json()).toMatchObject({
      name: 'Eastern Eagles Academy',
      crNumber: '2050123456',
      address: { city: 'Dammam', postalCode: '32245' },
    });
    const after = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoiceOfA.id}`, headers: { host: BASE } });
    expect(qrTexts(after.rawPayload)).toEqual(qrTexts(before.rawPayload));
    // The same document, byte for byte: name, address and QR as issued.
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
    expect((await xml(invoiceOfA.id)).body).toBe(xmlBefore);
    expect(xmlBefore).toContain(`<cbc:RegistrationName>Academy ${a.handle}</cbc:RegistrationName>`);
    // The next invoice names the academy as it is now.
    const [next] = await pendingSubscriptions(a, [{ name: 'Nasser' }]);
    await pay(a, next, '2026-11-24T10:00:00Z');
    const latest = (await documentsOf(a)).at(-1);
    expect(latest?.xml).toContain('<cbc:RegistrationName>Eastern Eagles Academy</cbc:RegistrationName>');
    expect(latest?.xml).toContain('<cbc:CityName>Dammam</cbc:CityName>');
  });

  it("signs the demo academy's invoices, which pass the checker and chain", async () => {
    await seedDemo(t.deps, { handle: 'zatca-demo', players: 12 });
    const [academy] = await withSystem(t.deps.db, (tx) => tx.select().from(academies).where(eq(academies.handle, 'zatca-demo')));
    const documents = await withTenant(t.deps.db, academy.id, (tx) => tx.select().from(invoiceDocuments).orderBy(invoiceDocuments.icv));
    const issued = await withTenant(t.deps.db, academy.id, (tx) => tx.select({ id: invoices.id }).from(invoices));
    expect(documents.length).toBe(issued.length);
    expect(documents.length).toBeGreaterThan(3);
    const chain = await checkDocuments(
      documents.map((d) => d.xml),
      { chainOnly: true },
    );
    expect(checkerErrors(chain.report)).toEqual([]);
    const full = await checkDocuments(documents.slice(0, 3).map((d) => d.xml));
    expect(checkerErrors(full.report)).toEqual([]);
    expect(full.exitCode).toBe(0);
  });
});
