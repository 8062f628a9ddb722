// Payment methods (docs/domain.md, "Payment methods"): the page names the provider's methods; the sandbox's card
// page takes a mada test card and Apple Pay and STC Pay buttons whose answer the test chooses; the payment records
// which one paid, from the provider's answer; the receipt mail, the invoice PDF and the payments history name it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerChild } from '../../../test/fixtures.js';
import { type Academy, academyHost, asMember, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';
import { invoices, packages, payments } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

let t: TestContext;
let a: Academy;
let monthly: string;

beforeAll(async () => {
  t = await createTestApp(); // no PayTabs credentials: the sandbox
  a = await registerAndLogin(t.app);
  [{ id: monthly }] = await withTenant(t.deps.db, a.id, (tx) =>
    tx.insert(packages).values({ academyId: a.id, name: 'Monthly', nameArabic: 'شهري', priceHalalas: 45050, monthsNumber: 1 }).returning(),
  );
});
afterAll(() => t.close());

const pendingSubscription = () => registerChild(t.app, a, monthly, 'method');

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

/** Opens the sandbox page for a subscription and submits `fields` on it like a browser, then follows the return form. */
async function payWith(subscriptionId: string, fields: Record<string, string>, lang: 'en' | 'ar' = 'en') {
  const host = academyHost(a.handle);
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/paytabs/payment',
    headers: { host },
    payload: { subscriptionId, lang },
  });
  expect(started.statusCode, started.body).toBe(200);
  const url = new URL(started.json().paymentUrl);
  const page = await t.app.inject({ method: 'GET', url: url.pathname, headers: { host: url.host } });
  const submitted = await t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { host: url.host, ...formHeaders },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const action = submitted.body.match(/<form id="sandbox-return" method="post" action="([^"]+)"/)?.[1]?.replaceAll('&amp;', '&') ?? '';
  const back: Record<string, string> = {};
  for (const m of submitted.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    back[m[1]] = m[2].replaceAll('&amp;', '&');
  const to = new URL(action);
  await t.app.inject({
    method: 'POST',
    url: `${to.pathname}${to.search}`,
    headers: { host: to.host, ...formHeaders },
    payload: new URLSearchParams(back).toString(),
  });
  return { page: page.body, tranRef: url.pathname.split('/').pop() ?? '' };
}
const card = (number: string) => ({ card: number, expiry: '12/30', cvc: '123', holder: 'K A', action: 'pay' });

const paymentOf = (subscriptionId: string) =>
  withTenant(t.deps.db, a.id, async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.subscriptionId, subscriptionId));
    const [inv] = p ? await tx.select().from(invoices).where(eq(invoices.paymentId, p.id)) : [];
    return { payment: p, invoice: inv };
  });
const receiptTo = async (email: string) =>
  (await t.deps.mailer.outbox(500)).find((m) => m.to === email && /receipt|إيصال/i.test(m.subject));

describe('payment methods', () => {
  it('the payment page names every method the sandbox offers; its card page lists a mada card and the wallets', async () => {
    const { subscriptionId } = await pendingSubscription();
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/subscriptions/${subscriptionId}/payment-details`,
      headers: { host: academyHost(a.handle) },
    });
    expect(details.json().methods).toEqual(['mada', 'visa_mastercard', 'applepay', 'stcpay']);
    const { page } = await payWith(subscriptionId, { action: 'cancel' });
    expect(page).toContain('4464 0400 0000 0007');
    expect(page).toContain('mada: succeeds');
    expect(page).toMatch(/<button[^>]+value="applepay">Apple Pay<\/button>/);
    expect(page).toMatch(/<button[^>]+value="stcpay">STC Pay<\/button>/);
  });

  it('a mada card: the payment records mada, the receipt and the invoice PDF say so, and so does the history', async () => {
    const { subscriptionId, email } = await pendingSubscription();
    await payWith(subscriptionId, card('4464 0400 0000 0007'));
    const { payment, invoice } = await paymentOf(subscriptionId);
    expect(payment).toMatchObject({ status: 'PAID', method: 'Card', cardMethod: 'mada' });
    expect((await receiptTo(email))?.text).toMatch(/We received your payment of SAR\s450\.50 by mada for/);

    const list = await asMember(t.app, a)({ method: 'GET', url: '/api/invoices/all?startDate=2026-11-01&endDate=2026-11-30' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().find((i: { id: string }) => i.id === invoice.id)).toMatchObject({ paymentMethod: 'Card', cardMethod: 'mada' });

    const pdf = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}`, headers: { host: academyHost(a.handle) } });
    expect(pdf.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'kora-methods-'));
    writeFileSync(join(dir, 'invoice.pdf'), pdf.rawPayload);
    let text: string | null = null;
    try {
      text = execFileSync('pdftotext', ['-layout', join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' });
    } catch {
      // poppler-utils not installed: the PDF's words are checked where it is (pdf.test.ts does the same).
    }
    if (text !== null) {
      expect(text).toContain('Card — mada');
      expect(text).toContain('مدى');
    }
  });

  it('STC Pay and Apple Pay buttons pay or are declined as the test chooses; a declined one records nothing', async () => {
    const stc = await pendingSubscription();
    await payWith(stc.subscriptionId, { action: 'stcpay', outcome: 'A' }, 'ar');
    expect((await paymentOf(stc.subscriptionId)).payment).toMatchObject({ status: 'PAID', cardMethod: 'stcpay' });
    // The Arabic receipt names it in Arabic.
    expect((await receiptTo(stc.email))?.text).toContain('عبر إس تي سي باي');

    const apple = await pendingSubscription();
    await payWith(apple.subscriptionId, { action: 'applepay', outcome: 'D' });
    expect((await paymentOf(apple.subscriptionId)).payment).toBeUndefined();
    await payWith(apple.subscriptionId, { action: 'applepay', outcome: 'A' });
    expect((await paymentOf(apple.subscriptionId)).payment).toMatchObject({ status: 'PAID', cardMethod: 'applepay' });

    // A Visa test card is Visa/Mastercard.
    const visa = await pendingSubscription();
    await payWith(visa.subscriptionId, card('4111 1111 1111 1111'));
    expect((await paymentOf(visa.subscriptionId)).payment).toMatchObject({ cardMethod: 'visa_mastercard' });
  });
});
