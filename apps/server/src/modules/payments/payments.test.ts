// The public payment flow through the built-in sandbox provider (the test app has no PayTabs
// credentials): details, initiation, the sandbox's card page, its signed callback and the signed
// return; replays and concurrent callbacks; refusals; renewal; isolation between academies.
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerChild } from '../../../test/fixtures.js';
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
import { rowsOf } from '../../db/client.js';
import { academies, invoices, packages, paymentAttempts, payments, subscriptions } from '../../db/schema.js';
import { withSystem, withTenant } from '../../db/tenant.js';
import { sendDueReminders } from '../attention/reminders.js';
import { PaymentProviderError } from './providers/provider.js';
import type { SandboxProvider } from './providers/sandbox.js';
import { checkPendingRefunds } from './refunds.js';
import { settlePayment } from './settlement.js';

let t: TestContext;
let a: Academy;
let b: Academy;
let sandbox: SandboxProvider;
let monthly: string;
let trialPackage: string;

const SUCCESS = '4111 1111 1111 1111';
const DECLINED = '4000 0000 0000 0002';
const EXPIRED = '4000 0000 0000 0069';

beforeAll(async () => {
  t = await createTestApp(); // clock: 2026-11-22, no PayTabs credentials → sandbox
  if (t.deps.payments.name !== 'sandbox') throw new Error('expected the sandbox provider');
  sandbox = t.deps.payments as SandboxProvider;
  a = await registerAndLogin(t.app);
  b = await registerAndLogin(t.app);
  [{ id: monthly }, { id: trialPackage }] = await withTenant(t.deps.db, a.id, (tx) =>
    tx
      .insert(packages)
      .values([
        { academyId: a.id, name: 'Monthly', nameArabic: 'شهري', priceHalalas: 45050, monthsNumber: 1 },
        { academyId: a.id, name: 'Starter', priceHalalas: 20000, monthsNumber: 1, hasTrial: true, trialDays: 7 },
      ])
      .returning(),
  );
});
afterAll(() => t.close());

/** A parent registers a child with a package on the public wizard: answers the PENDING subscription's id. */
/** The names of the child and parent registered last (the mails and the payments list name them). */
let latest = { player: '', parent: '' };
async function pendingSubscription(academy: Academy = a, packageId = monthly) {
  const registered = await registerChild(t.app, academy, packageId);
  latest = registered;
  return registered;
}

const onHost = (host: string | undefined) => (host ? { host } : {});
const details = (id: string, host: string | undefined = academyHost(a.handle)) =>
  t.app.inject({ method: 'GET', url: `/api/subscriptions/${id}/payment-details`, headers: onHost(host) });
const initiate = (subscriptionId: string, host: string | undefined = academyHost(a.handle), lang?: 'ar' | 'en', renew?: boolean) =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/paytabs/payment',
    headers: onHost(host),
    payload: { subscriptionId, ...(lang ? { lang } : {}), ...(renew ? { renew } : {}) },
  });

/** Initiates a payment (from the renewal page with `renew`) and answers the sandbox page's address and transaction reference. */
async function startPayment(subscriptionId: string, lang?: 'ar' | 'en', renew?: boolean) {
  const res = await initiate(subscriptionId, academyHost(a.handle), lang, renew);
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().paymentUrl);
  return { url, tranRef: url.pathname.split('/').pop() ?? '', paying: res.json().subscriptionId as string };
}

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** The hidden fields and action of the sandbox's return form. */
function returnForm(html: string) {
  const action = html.match(/<form id="sandbox-return" method="post" action="([^"]+)"/)?.[1]?.replaceAll('&amp;', '&') ?? '';
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]] = m[2].replaceAll('&amp;', '&');
  return { action: new URL(action), fields };
}

/** Pays on the sandbox's card page like a browser: submit the card, then follow the return form. */
async function payOnPage(url: URL, card: string) {
  const submitted = await t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { host: url.host, ...form({}).headers },
    payload: form({ card, expiry: '12/30', cvc: '123', holder: 'K A', action: 'pay' }).payload,
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const back = returnForm(submitted.body);
  const returned = await t.app.inject({
    method: 'POST',
    url: `${back.action.pathname}${back.action.search}`,
    headers: { host: back.action.host, ...form({}).headers },
    payload: form(back.fields).payload,
  });
  return { submitted, back, returned };
}

/** Posts a callback body signed the way the sandbox (and PayTabs) sign it. */
const callback = (body: string, signature = sandbox.signCallback(body)) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/callback?lang=en',
    headers: { host: BASE, 'content-type': 'application/json', signature },
    payload: body,
  });

async function stateOf(subscriptionId: string, academy: Academy = a) {
  return withTenant(t.deps.db, academy.id, async (tx) => {
    const [s] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    const pays = await tx.select().from(payments).where(eq(payments.subscriptionId, subscriptionId));
    const invs = await tx.select().from(invoices).where(eq(invoices.subscriptionId, subscriptionId));
    return { status: s?.status, payments: pays, invoices: invs };
  });
}

/** The attempt Kora recorded for a provider reference (migration 0024). */
async function attemptOf(tranRef: string, academy: Academy = a) {
  const [row] = await withTenant(t.deps.db, academy.id, (tx) =>
    tx.select().from(paymentAttempts).where(eq(paymentAttempts.providerRef, tranRef)),
  );
  return row;
}

/** The public result of a payment reference, as the payer's result page reads it. */
const result = (ref: string, host: string | undefined = academyHost(a.handle)) =>
  t.app.inject({ method: 'GET', url: `/api/payments/${encodeURIComponent(ref)}/result`, headers: onHost(host) });

const receiptsTo = async (email: string) =>
  (await t.deps.mailer.outbox(500)).filter((m) => m.to === email && /receipt|إيصال/i.test(m.subject));

describe('payment details (public)', () => {
  it('shows the player, package, status, parents by name and the academy, without a token', async () => {
    const { subscriptionId } = await pendingSubscription();
    const res = await details(subscriptionId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.subscription).toMatchObject({ id: subscriptionId, status: 'PENDING', startDate: '2026-11-22', endDate: '2026-12-22' });
    expect(body.package).toMatchObject({ id: monthly, name: 'Monthly', nameArabic: 'شهري', price: 450.5, packageType: 'TIME_BASED' });
    expect(body.user.name).toMatch(/^Player \d+$/);
    expect(body.parents).toEqual([{ name: expect.stringMatching(/^Parent \d+$/), nameArabic: null }]);
    expect(body.academy).toEqual({
      name: `Academy ${a.handle}`,
      nameArabic: null,
      logo: null,
      handle: a.handle,
      enableOnlinePayments: true,
      vatNumber: null,
    });
    // A public page: no phone numbers or e-mails of the family.
    expect(res.body).not.toContain('+9665');
    expect(res.body).not.toContain('@example.sa');
    // Also on the root domain (the link may be opened there).
    expect((await details(subscriptionId, BASE)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await details('3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('subscription.not_found');
    expectInvalid(await details('not-a-uuid'), 'validation.invalid_format', 'params.id');
    const pay = await initiate('3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f');
    expect(pay.statusCode).toBe(404);
    expect(pay.json().code).toBe('subscription.not_found');
  });

  it("does not show or pay academy A's subscription on academy B's subdomain", async () => {
    const { subscriptionId } = await pendingSubscription();
    const viaB = await details(subscriptionId, academyHost(b.handle));
    expect(viaB.statusCode).toBe(404);
    expect(viaB.body).not.toContain('Player');
    expect((await initiate(subscriptionId, academyHost(b.handle))).statusCode).toBe(404);
    expect((await stateOf(subscriptionId)).status).toBe('PENDING');
  });

  it('writes the card page and the return from BASE_DOMAIN and the handle, never from the Host', async () => {
    const { subscriptionId } = await pendingSubscription();
    // The probe's Host: a user-info part would have made the payer's browser go to evil.example.
    const forged = await initiate(subscriptionId, `${academyHost(a.handle)}:3103@evil.example`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('request.bad_host');
    expect(forged.body).not.toContain('evil');
    // Hosts Kora accepts are not copied either: the root on its default port, the academy in capitals, a host of no concern.
    for (const [host, origin] of [
      [`${BASE}:443`, `http://${BASE}`],
      [academyHost(a.handle).toUpperCase(), `http://${academyHost(a.handle)}`],
      ['payments.example', `http://${academyHost(a.handle)}`],
    ]) {
      const res = await initiate(subscriptionId, host);
      expect(res.statusCode, res.body).toBe(200);
      const page = new URL(res.json().paymentUrl);
      expect(page.origin, host).toBe(origin);
      const card = await t.app.inject({ method: 'GET', url: page.pathname, headers: { host: page.host } });
      expect(returnForm((await payOnPage(page, DECLINED)).submitted.body).action.origin, host).toBe(origin);
      expect(card.statusCode).toBe(200);
    }
  });
});

describe('paying with the sandbox provider', () => {
  it('initiate → card page → success card: ACTIVE with one payment, one invoice and a receipt mail', async () => {
    const { subscriptionId, email } = await pendingSubscription();
    const { url, tranRef, paying } = await startPayment(subscriptionId);
    expect(paying).toBe(subscriptionId);
    expect(url.origin).toBe(`http://${academyHost(a.handle)}`);
    expect(url.pathname).toMatch(/^\/sandbox\/pay\/TST\d{13}$/);

    const cardPage = await t.app.inject({ method: 'GET', url: url.pathname, headers: { host: url.host } });
    expect(cardPage.statusCode).toBe(200);
    expect(cardPage.headers['content-type']).toContain('text/html');
    for (const card of [SUCCESS, DECLINED, EXPIRED]) expect(cardPage.body).toContain(card);
    expect(cardPage.body).toContain('450.50');
    // Framed by Kora's own payment page, by nobody else.
    expect(String(cardPage.headers['content-security-policy'])).toContain("frame-ancestors 'self'");

    const { back, returned } = await payOnPage(url, SUCCESS);
    expect(back.action.pathname).toBe('/api/payments/return');
    expect(back.action.searchParams.get('back')).toBe(`initial-subscription/${subscriptionId}`);
    expect(back.fields).toMatchObject({
      tranRef,
      cartId: subscriptionId,
      respStatus: 'A',
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(returned.statusCode).toBe(303);
    const state = await stateOf(subscriptionId);
    expect(state.status).toBe('ACTIVE');
    expect(state.payments).toHaveLength(1);
    expect(state.payments[0]).toMatchObject({
      method: 'Card',
      provider: 'sandbox',
      providerRef: tranRef,
      status: 'PAID',
      amountHalalas: 45050,
    });
    expect(state.invoices).toHaveLength(1);
    expect(state.invoices[0]).toMatchObject({ paymentMethod: 'Card', totalHalalas: 45050, paymentId: state.payments[0].id });
    // The result page is addressed by Kora's own unguessable reference, not the provider's (guessable) one.
    const attempt = await attemptOf(tranRef);
    expect(attempt).toMatchObject({ outcome: 'paid', providerStatus: 'A', paymentId: state.payments[0].id, subscriptionId });
    expect(attempt.id).not.toBe(tranRef);
    expect(returned.headers.location).toBe(`/payment/success?ref=${attempt.id}`);

    const receipts = await receiptsTo(email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain(`http://${a.handle}.${BASE}/subscription-invoice/${state.invoices[0].id}`);
    expect(receipts[0].text).toContain('450.50');

    // Paid: the page now reads ACTIVE and refuses to start again, with the spec's message.
    expect((await details(subscriptionId)).json().subscription.status).toBe('ACTIVE');
    const again = await initiate(subscriptionId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'payment.not_pending',
      message: 'Subscription is already ACTIVE. Payment cannot be initiated.',
      params: { status: 'ACTIVE' },
    });
    // The card page is used once.
    expect((await t.app.inject({ method: 'GET', url: url.pathname, headers: { host: url.host } })).statusCode).toBe(409);
  });

  it('opens the page in Arabic and mails the receipt in Arabic when the payer pays in Arabic', async () => {
    const { subscriptionId, email } = await pendingSubscription();
    const { url } = await startPayment(subscriptionId, 'ar');
    const page = await t.app.inject({ method: 'GET', url: url.pathname, headers: { host: url.host } });
    expect(page.body).toContain('dir="rtl"');
    expect(page.body).toContain('بطاقات الاختبار');
    expect(page.body).toContain(SUCCESS);
    const { returned } = await payOnPage(url, SUCCESS);
    expect(returned.headers.location).toMatch(/^\/payment\/success\?ref=[0-9a-f-]{36}$/);
    const [receipt, ...more] = await receiptsTo(email);
    expect(more).toEqual([]);
    expect(receipt.subject).toContain('إيصال الدفع');
    expect(receipt.text).toContain('/subscription-invoice/');
  });

  it('names the parent, player, package and academy in Arabic in an Arabic receipt, and its invoice keeps the Arabic package name', async () => {
    const [arabicPackage] = await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .insert(packages)
        .values({ academyId: a.id, name: 'Monthly Plus', nameArabic: 'باقة شهرية', priceHalalas: 45050, monthsNumber: 1 })
        .returning(),
    );
    const { subscriptionId, email } = await pendingSubscription(a, arabicPackage.id);
    await withTenant(t.deps.db, a.id, async (tx) => {
      await tx.execute(sql`update users set name_arabic = 'سعد الحربي' where name = ${latest.player}`);
      await tx.execute(sql`update users set name_arabic = 'خالد الحربي' where name = ${latest.parent}`);
      await tx.update(academies).set({ nameArabic: 'أكاديمية الصقور' }).where(eq(academies.id, a.id));
    });
    try {
      const { url } = await startPayment(subscriptionId, 'ar');
      await payOnPage(url, SUCCESS);
      const [receipt] = await receiptsTo(email);
      expect(receipt.subject).toBe('إيصال الدفع — أكاديمية الصقور');
      expect(receipt.text).toContain('مرحباً خالد الحربي،');
      expect(receipt.text).toContain('لاشتراك سعد الحربي في باقة شهرية لدى أكاديمية الصقور.');
      expect(receipt.text).not.toMatch(/Player|Parent|Monthly|باقة باقة/);
      expect((await stateOf(subscriptionId)).invoices[0]).toMatchObject({ packageName: 'Monthly Plus', packageNameArabic: 'باقة شهرية' });
    } finally {
      await withTenant(t.deps.db, a.id, (tx) => tx.update(academies).set({ nameArabic: null }).where(eq(academies.id, a.id)));
    }
  });

  it('a package with a trial starts TRIAL at registration, free: unpaid at its end it lapses to INACTIVE, with a reminder before', async () => {
    const { subscriptionId, email } = await pendingSubscription(a, trialPackage); // 2026-11-22, 7 trial days
    const shown = (await details(subscriptionId)).json().subscription;
    expect(shown).toMatchObject({ status: 'TRIAL', startDate: '2026-11-22', endDate: '2026-11-28' });
    expect(await stateOf(subscriptionId)).toMatchObject({ status: 'TRIAL', payments: [], invoices: [] });
    // The first payment's page has nothing to pay; the reminder before the end links the renewal page, which extends it.
    expect((await initiate(subscriptionId)).statusCode).toBe(409);
    const sent = await sendDueReminders(t.app.deps, a.id, t.clock.now());
    const reminder = sent.find((r) => r.subscriptionId === subscriptionId);
    expect(reminder).toMatchObject({ stage: 'ending_soon' });
    expect(
      (await t.deps.mailer.outbox(500)).find((m) => m.to === email && m.text.includes(`/renew-subscription/${subscriptionId}`)),
    ).toBeDefined();
    try {
      t.clock.set('2026-11-28T20:00:00Z'); // 2026-11-28 23:00 in Riyadh: the last trial day
      expect((await details(subscriptionId)).json().subscription.status).toBe('TRIAL');
      t.clock.set('2026-11-29T09:00:00Z');
      expect((await details(subscriptionId)).json().subscription).toMatchObject({ status: 'INACTIVE', endDate: '2026-11-28' });
      expect((await stateOf(subscriptionId)).payments).toEqual([]);
    } finally {
      t.clock.set('2026-11-22T09:00:00Z');
    }
  });

  it('paid during the trial, the paid period starts when the trial ends; the result, the receipt and the list show the same dates and status', async () => {
    const { subscriptionId, email } = await pendingSubscription(a, trialPackage);
    const remindedOf = async () =>
      (await sendDueReminders(t.app.deps, a.id, t.clock.now())).filter((r) => r.subscriptionId === subscriptionId).map((r) => r.stage);
    expect(await remindedOf()).toEqual(['ending_soon']); // the trial ends within the week
    try {
      t.clock.set('2026-11-24T09:00:00Z');
      const { url, tranRef } = await startPayment(subscriptionId, 'en', true);
      await payOnPage(url, SUCCESS);
      const period = { status: 'TRIAL', startDate: '2026-11-22', endDate: '2026-12-29' };
      expect((await details(subscriptionId)).json().subscription).toMatchObject(period);
      // The result names what was paid for: the month after the trial, as the invoice does.
      expect((await result((await attemptOf(tranRef)).id)).json()).toMatchObject({
        outcome: 'paid',
        amount: 200,
        subscription: period,
        paidPeriod: { startDate: '2026-11-29', endDate: '2026-12-29', sessions: null },
      });
      const state = await stateOf(subscriptionId);
      expect(state.payments).toHaveLength(1);
      expect(state.invoices).toHaveLength(1);
      const receipts = await receiptsTo(email);
      expect(receipts).toHaveLength(1);
      expect(receipts[0].text).toContain('The free trial continues; the paid period follows it, until 2026-12-29.');
      const list = await asMember(t.app, a)({ method: 'GET', url: '/api/subscriptions' });
      const row = (list.json() as { subscription: { id: string } | null }[]).find((r) => r.subscription?.id === subscriptionId);
      expect(row?.subscription).toMatchObject(period);
      t.clock.set('2026-11-29T09:00:00Z');
      expect((await details(subscriptionId)).json().subscription).toMatchObject({ ...period, status: 'ACTIVE' });
      expect(await remindedOf()).toEqual([]);
      // The paid period gets its own reminder before it ends.
      t.clock.set('2026-12-24T09:00:00Z');
      expect(await remindedOf()).toEqual(['ending_soon']);
      t.clock.set('2026-12-30T09:00:00Z');
      expect((await details(subscriptionId)).json().subscription.status).toBe('INACTIVE');
    } finally {
      t.clock.set('2026-11-22T09:00:00Z');
    }
  });

  it('a declined or expired card leaves the subscription PENDING, sends the payer back with its own result, and it can be paid after', async () => {
    const { subscriptionId } = await pendingSubscription();
    for (const [card, status, outcome] of [
      [DECLINED, 'D', 'declined'],
      [EXPIRED, 'X', 'expired'],
    ] as const) {
      const { url, tranRef } = await startPayment(subscriptionId);
      const { back, returned } = await payOnPage(url, card);
      expect(back.fields.respStatus).toBe(status);
      expect(returned.statusCode).toBe(303);
      const attempt = await attemptOf(tranRef);
      expect(attempt).toMatchObject({ outcome, providerStatus: status, paymentId: null });
      // The page shows the recorded result of this reference; the address carries no verdict.
      expect(returned.headers.location).toBe(`/initial-subscription/${subscriptionId}?payment=${attempt.id}`);
      const state = await stateOf(subscriptionId);
      expect(state).toMatchObject({ status: 'PENDING', payments: [], invoices: [] });
    }
    const { url } = await startPayment(subscriptionId);
    await payOnPage(url, SUCCESS);
    expect((await stateOf(subscriptionId)).payments).toHaveLength(1);
  });

  it('cancelling on the card page changes nothing', async () => {
    const { subscriptionId } = await pendingSubscription();
    const { url } = await startPayment(subscriptionId);
    const res = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { host: url.host, ...form({}).headers },
      payload: 'action=cancel',
    });
    expect(returnForm(res.body).fields.respStatus).toBe('C');
    expect((await stateOf(subscriptionId)).status).toBe('PENDING');
    expect((await attemptOf(url.pathname.split('/').pop() ?? '')).outcome).toBe('cancelled');
  });

  it('the card page refuses a card that is not a test card and keeps the session open', async () => {
    const { subscriptionId } = await pendingSubscription();
    const { url } = await startPayment(subscriptionId);
    const res = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { host: url.host, ...form({}).headers },
      payload: form({ card: '5555 5555 5555 4444', expiry: '12/30', cvc: '123', action: 'pay' }).payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Use one of the test cards');
    expect((await payOnPage(url, SUCCESS)).returned.headers.location).toMatch(/^\/payment\/success/);
  });

  it('answers 404 for an unknown sandbox session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/pay/TST0000000000000', headers: { host: academyHost(a.handle) } });
    expect(res.statusCode).toBe(404);
  });
});

describe('the callback', () => {
  it('replayed 10 times activates once: one payment, one invoice, one receipt', async () => {
    const { subscriptionId, email } = await pendingSubscription();
    const { tranRef } = await startPayment(subscriptionId);
    const body = sandbox.settle(tranRef, '4111111111111111');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await callback(body)).statusCode);
    expect(statuses).toEqual(Array(10).fill(200));
    const state = await stateOf(subscriptionId);
    expect(state.status).toBe('ACTIVE');
    expect(state.payments).toHaveLength(1);
    expect(state.invoices).toHaveLength(1);
    expect(await receiptsTo(email)).toHaveLength(1);
    console.info(`replayed callback ×10 → ${state.payments.length} payment, ${state.invoices.length} invoice`);
  });

  it('10 identical callbacks at once activate once', async () => {
    const { subscriptionId, email } = await pendingSubscription();
    const { tranRef } = await startPayment(subscriptionId);
    const body = sandbox.settle(tranRef, '4111111111111111');
    const answers: LightMyRequestResponse[] = await Promise.all(Array.from({ length: 10 }, () => callback(body)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const state = await stateOf(subscriptionId);
    expect(state.status).toBe('ACTIVE');
    expect(state.payments).toHaveLength(1);
    expect(state.invoices).toHaveLength(1);
    expect(await receiptsTo(email)).toHaveLength(1);
    console.info(`concurrent callbacks ×10 → ${state.payments.length} payment, ${state.invoices.length} invoice`);
    // The return afterwards finds the recorded payment.
    const fields = {
      cartId: subscriptionId,
      respMessage: 'Authorised',
      respStatus: 'A',
      tranRef,
    };
    const returned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/return',
      headers: { host: academyHost(a.handle), ...form({}).headers },
      payload: form({ ...fields, signature: sandbox.signReturn(fields) }).payload,
    });
    expect(returned.headers.location).toBe(`/payment/success?ref=${(await attemptOf(tranRef)).id}`);
  });

  it('with a bad, missing or foreign signature: 401 and nothing changes', async () => {
    const { subscriptionId } = await pendingSubscription();
    const { tranRef } = await startPayment(subscriptionId);
    const body = sandbox.settle(tranRef, '4111111111111111');
    const tampered = body.replace('"450.50"', '"1.00"');
    for (const res of [
      await callback(body, 'f'.repeat(64)),
      await callback(tampered, sandbox.signCallback(body)),
      await t.app.inject({ method: 'POST', url: '/api/payments/callback', headers: { 'content-type': 'application/json' }, payload: body }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'payment.signature_invalid', message: 'The payment notification could not be verified' });
    }
    expect(await stateOf(subscriptionId)).toMatchObject({ status: 'PENDING', payments: [], invoices: [] });
    expect((await attemptOf(tranRef)).outcome).toBe('pending');
  });

  it('a signed "authorised" callback the provider does not confirm by query pays nothing', async () => {
    const { subscriptionId } = await pendingSubscription();
    const { tranRef } = await startPayment(subscriptionId); // never submitted: the provider says pending
    const forged = JSON.stringify({
      tran_ref: tranRef,
      cart_id: subscriptionId,
      cart_currency: 'SAR',
      cart_amount: '450.50',
      payment_result: { response_status: 'A', response_message: 'Authorised' },
    });
    expect((await callback(forged)).statusCode).toBe(200);
    expect(await stateOf(subscriptionId)).toMatchObject({ status: 'PENDING', payments: [] });
    expect((await attemptOf(tranRef)).outcome).toBe('pending');
  });

  it('a declined callback records nothing; junk and unknown carts are refused or ignored without error', async () => {
    const { subscriptionId } = await pendingSubscription();
    const { tranRef } = await startPayment(subscriptionId);
    expect((await callback(sandbox.settle(tranRef, '4000000000000002'))).statusCode).toBe(200);
    expect(await stateOf(subscriptionId)).toMatchObject({ status: 'PENDING', payments: [] });
    expect((await attemptOf(tranRef)).outcome).toBe('declined');
    const unknownCart = JSON.stringify({ tran_ref: 'TST1', cart_id: 'nope', payment_result: { response_status: 'A' } });
    expect((await callback(unknownCart)).statusCode).toBe(200);
    expectInvalid(await callback('{"a":'), 'request.invalid');
  });
});

describe('the return', () => {
  it('refuses a return whose signature does not match, and never pays on the return alone', async () => {
    const { subscriptionId } = await pendingSubscription();
    const { tranRef } = await startPayment(subscriptionId);
    const fields = { cartId: subscriptionId, respStatus: 'A', tranRef };
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/return',
      headers: { host: academyHost(a.handle), ...form({}).headers },
      payload: form({ ...fields, signature: '0'.repeat(64) }).payload,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('payment.signature_invalid');
    // A correctly signed "A" return for a transaction the provider still calls pending: "being confirmed", not paid.
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/payments/return?back=initial-subscription/${subscriptionId}`,
      headers: { host: academyHost(a.handle), ...form({}).headers },
      payload: form({ ...fields, signature: sandbox.signReturn(fields) }).payload,
    });
    expect(signed.statusCode).toBe(303);
    const attempt = await attemptOf(tranRef);
    expect(attempt.outcome).toBe('pending');
    expect(signed.headers.location).toBe(`/payment/success?ref=${attempt.id}`);
    expect((await result(attempt.id)).json()).toMatchObject({ outcome: 'pending', invoice: null });
    expect((await stateOf(subscriptionId)).status).toBe('PENDING');
  });

  it('activates through the query when the callback never arrived', async () => {
    const { subscriptionId } = await pendingSubscription();
    const { tranRef } = await startPayment(subscriptionId);
    sandbox.settle(tranRef, '4111111111111111'); // paid at the provider; its callback is lost
    const fields = { cartId: subscriptionId, respMessage: 'Authorised', respStatus: 'A', tranRef };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/return',
      headers: { host: academyHost(a.handle), ...form({}).headers },
      payload: form({ ...fields, signature: sandbox.signReturn(fields) }).payload,
    });
    const state = await stateOf(subscriptionId);
    expect(state).toMatchObject({ status: 'ACTIVE', payments: [expect.anything()], invoices: [expect.anything()] });
    expect(res.headers.location).toBe(`/payment/success?ref=${(await attemptOf(tranRef)).id}`);
    // A late callback changes nothing more.
    expect((await stateOf(subscriptionId)).payments).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('refuses to start for a subscription that is not PENDING, with its status in the message', async () => {
    const { subscriptionId } = await pendingSubscription();
    await withTenant(t.deps.db, a.id, (tx) =>
      tx.update(subscriptions).set({ status: 'CANCELLED' }).where(eq(subscriptions.id, subscriptionId)),
    );
    expect((await details(subscriptionId)).json().subscription.status).toBe('CANCELLED');
    const res = await initiate(subscriptionId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'payment.not_pending',
      message: 'Subscription is already CANCELLED. Payment cannot be initiated.',
      params: { status: 'CANCELLED' },
    });
  });

  it('refuses online payment when the academy turned it off', async () => {
    const c = await registerAndLogin(t.app);
    const [{ id: pkg }] = await withTenant(t.deps.db, c.id, (tx) =>
      tx.insert(packages).values({ academyId: c.id, name: 'Monthly', priceHalalas: 10000, monthsNumber: 1 }).returning(),
    );
    const { subscriptionId } = await pendingSubscription(c, pkg);
    await withSystem(t.deps.db, (tx) => tx.update(academies).set({ enableOnlinePayments: false }).where(eq(academies.id, c.id)));
    expect((await details(subscriptionId, academyHost(c.handle))).json().academy.enableOnlinePayments).toBe(false);
    const res = await initiate(subscriptionId, academyHost(c.handle));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'payment.online_disabled', message: 'Online payment is not enabled for this academy' });
    expect((await stateOf(subscriptionId, c)).status).toBe('PENDING');
  });
});

describe('renewal', () => {
  it('an ended subscription is renewed: a new PENDING one of the same package is paid, once', async () => {
    const { subscriptionId: first } = await pendingSubscription();
    await payOnPage((await startPayment(first)).url, SUCCESS);
    expect((await stateOf(first)).status).toBe('ACTIVE');
    t.clock.set('2027-01-10T09:00:00Z'); // after its end date (2026-12-22)
    try {
      expect((await details(first)).json().subscription.status).toBe('INACTIVE');
      const started = await startPayment(first);
      expect(started.paying).not.toBe(first);
      // Starting again reuses the renewal awaiting payment instead of making another.
      expect((await startPayment(first)).paying).toBe(started.paying);
      const renewal = await withTenant(t.deps.db, a.id, (tx) =>
        tx.select().from(subscriptions).where(eq(subscriptions.id, started.paying)),
      );
      expect(renewal[0]).toMatchObject({ status: 'PENDING', packageId: monthly, startDate: '2027-01-10', endDate: '2027-02-10' });

      const { back, returned } = await payOnPage(started.url, SUCCESS);
      expect(back.action.searchParams.get('back')).toBe(`renew-subscription/${first}`);
      expect(returned.headers.location).toMatch(/^\/payment\/success\?ref=[0-9a-f-]{36}$/);
      expect((await stateOf(started.paying)).status).toBe('ACTIVE');
      expect((await stateOf(started.paying)).payments).toHaveLength(1);
      expect((await stateOf(first)).status).toBe('INACTIVE');
      // Renewed: the old renewal link now renews the running subscription before its end; the first payment's page still refuses.
      expect((await initiate(first)).json().params).toEqual({ status: 'ACTIVE' });
      const again = await initiate(first, academyHost(a.handle), 'en', true);
      expect(again.statusCode).toBe(200);
      expect(again.json().subscriptionId).toBe(started.paying);
    } finally {
      t.clock.set('2026-11-22T09:00:00Z');
    }
  });

  it('paying a renewal while ACTIVE extends the period from the day after its end date, as for a trial, with its own payment and invoice (the reminder link works)', async () => {
    const { subscriptionId } = await pendingSubscription();
    await payOnPage((await startPayment(subscriptionId)).url, SUCCESS);
    expect(await details(subscriptionId).then((r) => r.json().subscription)).toMatchObject({ status: 'ACTIVE', endDate: '2026-12-22' });
    t.clock.set('2026-12-18T09:00:00Z'); // ending within the week: the reminder links /renew-subscription/{this id}
    try {
      const renewal = await startPayment(subscriptionId, 'en', true);
      expect(renewal.paying).toBe(subscriptionId);
      expect((await attemptOf(renewal.tranRef)).extendsFrom).toBe('end:2026-12-22');
      const { back } = await payOnPage(renewal.url, SUCCESS);
      expect(back.action.searchParams.get('back')).toBe(`renew-subscription/${subscriptionId}`);
      const [s] = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)));
      expect(s).toMatchObject({ status: 'ACTIVE', startDate: '2026-11-22', endDate: '2027-01-23' });
      const state = await stateOf(subscriptionId);
      expect(state.payments).toHaveLength(2);
      expect(state.invoices).toHaveLength(2);
      expect((await attemptOf(renewal.tranRef)).outcome).toBe('paid');
      // Each invoice states the period it pays (its line), fixed at issue: the renewal's starts the day after the first's last day.
      const periods = state.invoices
        .sort((x, y) => x.invoiceNumber - y.invoiceNumber)
        .map((i) => [i.periodStart, i.periodEnd, i.periodSessions]);
      expect(periods).toEqual([
        ['2026-11-22', '2026-12-22', null],
        ['2026-12-23', '2027-01-23', null],
      ]);
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/invoices/${state.invoices[1].id}`,
        headers: { host: academyHost(a.handle) },
      });
      expect(pdf.statusCode).toBe(200);
    } finally {
      t.clock.set('2026-11-22T09:00:00Z');
    }
  });

  it('a session-based renewal while ACTIVE adds the sessions; a second page paid for the same period is refunded, not applied twice', async () => {
    const [{ id: fiveSessions }] = await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .insert(packages)
        .values({ academyId: a.id, name: 'Five sessions', priceHalalas: 15000, packageType: 'SESSION_BASED', sessionsCount: 5 })
        .returning(),
    );
    const { subscriptionId } = await pendingSubscription(a, fiveSessions);
    await payOnPage((await startPayment(subscriptionId)).url, SUCCESS);
    await withTenant(t.deps.db, a.id, (tx) =>
      tx.update(subscriptions).set({ sessionsLeft: 1 }).where(eq(subscriptions.id, subscriptionId)),
    );
    const one = await startPayment(subscriptionId, 'en', true);
    const two = await startPayment(subscriptionId, 'ar', true);
    await payOnPage(two.url, SUCCESS);
    await payOnPage(one.url, SUCCESS);
    const [s] = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)));
    expect(s).toMatchObject({ status: 'ACTIVE', sessionsLeft: 6, totalSessions: 10 });
    const sessionsPaid = (await stateOf(subscriptionId)).invoices.map((i) => i.periodSessions).sort();
    expect(sessionsPaid).toEqual([5, 5]);
    expect(await attemptOf(two.tranRef)).toMatchObject({ outcome: 'paid' });
    expect(await attemptOf(one.tranRef)).toMatchObject({ outcome: 'unapplied', refundState: 'refunded' });
    expect(sandbox.refunds.filter((r) => r.request.tranRef === one.tranRef)).toHaveLength(1);
    expect((await stateOf(subscriptionId)).payments).toHaveLength(2);
  });

  it('a declined renewal goes back to the renewal page', async () => {
    const { subscriptionId: first } = await pendingSubscription();
    await payOnPage((await startPayment(first)).url, SUCCESS);
    t.clock.set('2027-01-10T09:00:00Z');
    try {
      const { url, tranRef } = await startPayment(first);
      const { returned } = await payOnPage(url, DECLINED);
      const attempt = await attemptOf(tranRef);
      expect(attempt).toMatchObject({ outcome: 'declined', retryPage: 'renew', retrySubscriptionId: first });
      expect(returned.headers.location).toBe(`/renew-subscription/${first}?payment=${attempt.id}`);
      expect((await result(attempt.id)).json()).toMatchObject({ outcome: 'declined', retry: { page: 'renew', subscriptionId: first } });
      const pending = await withTenant(t.deps.db, a.id, (tx) =>
        tx
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.status, 'PENDING'), eq(subscriptions.packageId, monthly))),
      );
      expect(pending.length).toBeGreaterThan(0);
    } finally {
      t.clock.set('2026-11-22T09:00:00Z');
    }
  });
});

describe('the payment result (public)', () => {
  it('answers 404 for an unknown or malformed reference, and never "paid"', async () => {
    for (const ref of ['FAKE123', '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f', 'TST0012345678901']) {
      for (const host of [academyHost(a.handle), BASE]) {
        const res = await result(ref, host);
        expect(res.statusCode, `${ref} ${host}`).toBe(404);
        expect(res.json()).toEqual({ message: 'We could not find this payment', code: 'payment.not_found' });
      }
    }
    // A provider's reference is not a result's reference either, even a real one.
    const { subscriptionId } = await pendingSubscription();
    const { url, tranRef } = await startPayment(subscriptionId);
    await payOnPage(url, SUCCESS);
    expect((await result(tranRef)).statusCode).toBe(404);
  });

  it('a paid one: amount, period, invoice number and the subscription as it stands; on its host or the root, 404 on another', async () => {
    const { subscriptionId } = await pendingSubscription();
    const { url, tranRef } = await startPayment(subscriptionId);
    await payOnPage(url, SUCCESS);
    const { id: ref } = await attemptOf(tranRef);
    const state = await stateOf(subscriptionId);
    const res = await result(ref);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ref,
      outcome: 'paid',
      amount: 450.5,
      academy: { name: `Academy ${a.handle}`, nameArabic: null, logo: null, handle: a.handle, vatNumber: null },
      player: { name: expect.stringMatching(/^Player \d+$/), nameArabic: null },
      package: { name: 'Monthly', nameArabic: 'شهري', packageType: 'TIME_BASED' },
      subscription: { id: subscriptionId, status: 'ACTIVE', startDate: '2026-11-22', endDate: '2026-12-22', totalSessions: null },
      // The period this payment paid for, as its invoice names it.
      paidPeriod: { startDate: '2026-11-22', endDate: '2026-12-22', sessions: null },
      invoice: { id: state.invoices[0].id, invoiceNumber: state.invoices[0].invoiceNumber },
      retry: { page: 'initial', subscriptionId },
    });
    // A public answer: no family contact details.
    expect(res.body).not.toContain('@example.sa');
    expect((await result(ref, BASE)).statusCode).toBe(200);
    const elsewhere = await result(ref, academyHost(b.handle));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain('Player');
  });

  it('a session-based package shows its sessions as the period', async () => {
    const [{ id: tenSessions }] = await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .insert(packages)
        .values({ academyId: a.id, name: 'Ten sessions', priceHalalas: 30000, packageType: 'SESSION_BASED', sessionsCount: 10 })
        .returning(),
    );
    const { subscriptionId } = await pendingSubscription(a, tenSessions);
    const { url, tranRef } = await startPayment(subscriptionId);
    await payOnPage(url, SUCCESS);
    const body = (await result((await attemptOf(tranRef)).id)).json();
    expect(body).toMatchObject({ outcome: 'paid', amount: 300, package: { packageType: 'SESSION_BASED' } });
    expect(body.subscription).toMatchObject({ status: 'ACTIVE', totalSessions: 10, endDate: null });
    expect(body.invoice.invoiceNumber).toEqual(expect.any(Number));
  });

  it('declined, expired and cancelled on the card page are three distinct outcomes, nothing paid, no invoice', async () => {
    const { subscriptionId } = await pendingSubscription();
    const outcomes: string[] = [];
    for (const action of [DECLINED, EXPIRED, 'cancel']) {
      const { url, tranRef } = await startPayment(subscriptionId);
      if (action === 'cancel') {
        await t.app.inject({
          method: 'POST',
          url: url.pathname,
          headers: { host: url.host, ...form({}).headers },
          payload: 'action=cancel',
        });
      } else await payOnPage(url, action);
      const body = (await result((await attemptOf(tranRef)).id)).json();
      expect(body).toMatchObject({ amount: 450.5, invoice: null, subscription: { id: subscriptionId, status: 'PENDING' } });
      expect(body.retry).toEqual({ page: 'initial', subscriptionId });
      outcomes.push(body.outcome);
    }
    expect(outcomes).toEqual(['declined', 'expired', 'cancelled']);
    expect(await stateOf(subscriptionId)).toMatchObject({ status: 'PENDING', payments: [], invoices: [] });
  });

  it('a pending one stays "pending" until the provider confirms it; reading it again asks the provider (a lost callback)', async () => {
    const { subscriptionId, email } = await pendingSubscription();
    const { tranRef } = await startPayment(subscriptionId, 'ar');
    const { id: ref } = await attemptOf(tranRef);
    expect((await result(ref)).json()).toMatchObject({ outcome: 'pending', invoice: null, subscription: { status: 'PENDING' } });
    sandbox.settle(tranRef, '4111111111111111'); // paid at the provider; no callback, no return
    const body = (await result(ref)).json();
    expect(body).toMatchObject({ outcome: 'paid', subscription: { status: 'ACTIVE' }, invoice: { invoiceNumber: expect.any(Number) } });
    expect((await stateOf(subscriptionId)).payments).toHaveLength(1);
    // The receipt in the language the payer paid in, once.
    await result(ref);
    const receipts = await receiptsTo(email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].subject).toContain('إيصال الدفع');
  });

  it('a charge the subscription can no longer take reads "unapplied", never "declined"', async () => {
    const { subscriptionId } = await pendingSubscription();
    const { url, tranRef } = await startPayment(subscriptionId);
    await withTenant(t.deps.db, a.id, (tx) =>
      tx.update(subscriptions).set({ status: 'CANCELLED' }).where(eq(subscriptions.id, subscriptionId)),
    );
    const { returned } = await payOnPage(url, SUCCESS);
    const attempt = await attemptOf(tranRef);
    expect(attempt).toMatchObject({ outcome: 'unapplied', providerStatus: 'A', paymentId: null });
    expect(returned.headers.location).toBe(`/payment/success?ref=${attempt.id}`);
    expect((await result(attempt.id)).json()).toMatchObject({ outcome: 'unapplied', invoice: null, subscription: { status: 'CANCELLED' } });
  });

  it("the payment page shows the academy's VAT number when it has one", async () => {
    const c = await registerAndLogin(t.app);
    await withSystem(t.deps.db, (tx) => tx.update(academies).set({ vatNumber: '310123456700003' }).where(eq(academies.id, c.id)));
    const [{ id: pkg }] = await withTenant(t.deps.db, c.id, (tx) =>
      tx.insert(packages).values({ academyId: c.id, name: 'Monthly', priceHalalas: 11500, monthsNumber: 1 }).returning(),
    );
    const { subscriptionId } = await pendingSubscription(c, pkg);
    expect((await details(subscriptionId, academyHost(c.handle))).json().academy.vatNumber).toBe('310123456700003');
  });

  it("the result's lookup answers only the academy of an attempt id, and its role reads nothing else", async () => {
    const { subscriptionId } = await pendingSubscription();
    const { tranRef } = await startPayment(subscriptionId);
    const { id: ref } = await attemptOf(tranRef);
    const seen = await withTenant(t.deps.db, b.id, (tx) => tx.execute(sql`select payment_attempt_academy(${ref}::uuid) as id`));
    expect(rowsOf<{ id: string }>(seen)[0].id).toBe(a.id);
    const privileges = await withSystem(t.deps.db, (tx) =>
      tx.execute(sql`select
        has_column_privilege('kora_lookup', 'payment_attempts', 'academy_id', 'SELECT') as academy,
        has_column_privilege('kora_lookup', 'payment_attempts', 'provider_ref', 'SELECT') as ref,
        has_column_privilege('kora_lookup', 'payment_attempts', 'outcome', 'SELECT') as outcome`),
    );
    expect(rowsOf(privileges)[0]).toEqual({ academy: true, ref: false, outcome: false });
  });
});

describe('charges that cannot be applied: applied once or refunded once, never lost', () => {
  const refundsOf = (tranRef: string) => sandbox.refunds.filter((r) => r.request.tranRef === tranRef);
  const bell = async () => (await asMember(t.app, a)({ method: 'GET', url: '/api/attention' })).json().items as Record<string, unknown>[];
  const academyMails = async () => (await t.deps.mailer.outbox(500)).filter((m) => m.to === a.email && /not applied/.test(m.subject));

  it('two payers, two pages, both paid with the good card: one applied, the other refunded once with its record, in the bell and mailed', async () => {
    const { subscriptionId } = await pendingSubscription();
    const mother = await startPayment(subscriptionId);
    const father = await startPayment(subscriptionId, 'ar');
    // One open page per subscription: the mother's is superseded by the father's.
    expect((await attemptOf(mother.tranRef)).supersededAt).not.toBeNull();
    expect((await attemptOf(father.tranRef)).supersededAt).toBeNull();
    const mailsBefore = (await academyMails()).length;

    // PayTabs cannot cancel an unpaid page: the superseded one is still paid, and applied (the subscription could take it).
    await payOnPage(mother.url, SUCCESS);
    expect(await attemptOf(mother.tranRef)).toMatchObject({ outcome: 'paid', refundState: null });
    const { returned } = await payOnPage(father.url, SUCCESS);

    const second = await attemptOf(father.tranRef);
    expect(second).toMatchObject({
      outcome: 'unapplied',
      providerStatus: 'A',
      paymentId: null,
      refundState: 'refunded',
      amountHalalas: 45050,
    });
    expect(second.refundRef).toMatch(/^TST/);
    expect(refundsOf(father.tranRef)).toEqual([
      expect.objectContaining({
        request: expect.objectContaining({ amountHalalas: 45050, cartId: second.id }),
        result: expect.objectContaining({ status: 'A' }),
      }),
    ]);
    expect(refundsOf(mother.tranRef)).toEqual([]);
    const state = await stateOf(subscriptionId);
    expect(state.status).toBe('ACTIVE');
    expect(state.payments).toHaveLength(1);
    expect(state.invoices).toHaveLength(1);
    // The payer reads "charged, being refunded", never "declined".
    expect(returned.headers.location).toBe(`/payment/success?ref=${second.id}`);
    expect((await result(second.id)).json()).toMatchObject({ outcome: 'unapplied', amount: 450.5, invoice: null });

    // The provider's answer again (a retried callback, a second process): still refunded once.
    const log = t.app.log;
    const again = await settlePayment(t.app.deps, await sandbox.query(father.tranRef), { confirmed: true, lang: 'ar', log });
    expect(again.state).toBe('not_paid');
    expect(refundsOf(father.tranRef)).toHaveLength(1);
    expect((await stateOf(subscriptionId)).payments).toHaveLength(1);

    // The academy sees it: in the bell and by mail.
    expect(await bell()).toContainEqual(expect.objectContaining({ kind: 'unapplied_payment', subscriptionId, refundState: 'refunded' }));
    const mails = await academyMails();
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails[0].text).toContain(father.tranRef);
    expect(mails[0].text).toContain('refunded to the card automatically');
    // Whose it was and how much, in both languages, not the subscription's id.
    expect(mails[0].text).toContain(
      `A card payment of SAR\u00a0450.50 (reference ${father.tranRef}) came in for ${latest.player}'s subscription (Monthly)`,
    );
    expect(mails[0].text).toContain(`(المرجع ${father.tranRef}) لاشتراك ${latest.player} (باقة شهري)`);
    expect(mails[0].text).not.toContain(subscriptionId);
  });

  it('paid after the academy cancelled the subscription: refunded once, recorded, nothing activated', async () => {
    const { subscriptionId } = await pendingSubscription();
    const { url, tranRef } = await startPayment(subscriptionId);
    await withTenant(t.deps.db, a.id, (tx) =>
      tx.update(subscriptions).set({ status: 'CANCELLED' }).where(eq(subscriptions.id, subscriptionId)),
    );
    await payOnPage(url, SUCCESS);
    expect(await attemptOf(tranRef)).toMatchObject({ outcome: 'unapplied', refundState: 'refunded', amountHalalas: 45050 });
    expect(refundsOf(tranRef)).toHaveLength(1);
    expect(await stateOf(subscriptionId)).toMatchObject({ status: 'CANCELLED', payments: [], invoices: [] });
    // Asked again (the result page of a late reader), nothing is refunded twice.
    const attempt = await attemptOf(tranRef);
    await result(attempt.id);
    expect(refundsOf(tranRef)).toHaveLength(1);
    expect(await bell()).toContainEqual(expect.objectContaining({ kind: 'unapplied_payment', subscriptionId }));
  });

  it('paid at the old price after the package changed: refunded once at the amount charged, the subscription still PENDING', async () => {
    const { subscriptionId } = await pendingSubscription();
    const { url, tranRef } = await startPayment(subscriptionId);
    const [dearer] = await withTenant(t.deps.db, a.id, (tx) =>
      tx.insert(packages).values({ academyId: a.id, name: 'Dearer', priceHalalas: 60000, monthsNumber: 1 }).returning(),
    );
    await withTenant(t.deps.db, a.id, (tx) =>
      tx.update(subscriptions).set({ packageId: dearer.id }).where(eq(subscriptions.id, subscriptionId)),
    );
    await payOnPage(url, SUCCESS);
    expect(await attemptOf(tranRef)).toMatchObject({ outcome: 'unapplied', refundState: 'refunded' });
    expect(refundsOf(tranRef).map((r) => r.request.amountHalalas)).toEqual([45050]);
    expect(await stateOf(subscriptionId)).toMatchObject({ status: 'PENDING', payments: [] });
  });

  it('package switched (same price) while the page is open: the charge is refunded, the subscription unchanged, the academy told', async () => {
    const { subscriptionId } = await pendingSubscription();
    const { url, tranRef } = await startPayment(subscriptionId);
    // What the page showed is recorded on its attempt.
    expect(await attemptOf(tranRef)).toMatchObject({ packageId: monthly, packageMonths: 1, packageSessions: null, amountHalalas: 45050 });
    const [quarterly] = await withTenant(t.deps.db, a.id, (tx) =>
      tx.insert(packages).values({ academyId: a.id, name: 'Quarterly', priceHalalas: 45050, monthsNumber: 3 }).returning(),
    );
    const switched = await asMember(
      t.app,
      a,
    )({
      method: 'PATCH',
      url: `/api/subscriptions/${subscriptionId}/package`,
      payload: { packageId: quarterly.id },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const mailsBefore = (await academyMails()).length;
    const { returned } = await payOnPage(url, SUCCESS);
    const attempt = await attemptOf(tranRef);
    expect(attempt).toMatchObject({ outcome: 'unapplied', refundState: 'refunded', paymentId: null });
    expect(refundsOf(tranRef).map((r) => r.request.amountHalalas)).toEqual([45050]);
    const state = await stateOf(subscriptionId);
    expect(state).toMatchObject({ status: 'PENDING', payments: [], invoices: [] });
    const [sub] = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)));
    expect(sub.packageId).toBe(quarterly.id);
    // The same notices as any unapplied charge: the payer's page, the bell, the academy's mail.
    expect(returned.headers.location).toBe(`/payment/success?ref=${attempt.id}`);
    expect((await result(attempt.id)).json()).toMatchObject({ outcome: 'unapplied', invoice: null });
    expect(await bell()).toContainEqual(expect.objectContaining({ kind: 'unapplied_payment', subscriptionId, refundState: 'refunded' }));
    expect((await academyMails()).length).toBe(mailsBefore + 1);
    // A page opened now shows the new package, and its charge is applied.
    const again = await startPayment(subscriptionId);
    expect(await attemptOf(again.tranRef)).toMatchObject({ packageId: quarterly.id, packageMonths: 3 });
    await payOnPage(again.url, SUCCESS);
    expect(await stateOf(subscriptionId)).toMatchObject({
      status: 'ACTIVE',
      payments: [expect.objectContaining({ providerRef: again.tranRef })],
    });
  });

  it('package edited from 10 sessions to 4 while the page is open: refunded, never applied as 4 sessions', async () => {
    const [tenSessions] = await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .insert(packages)
        .values({ academyId: a.id, name: 'Ten sessions', priceHalalas: 25000, packageType: 'SESSION_BASED', sessionsCount: 10 })
        .returning(),
    );
    const { subscriptionId } = await pendingSubscription(a, tenSessions.id);
    const { url, tranRef } = await startPayment(subscriptionId);
    expect(await attemptOf(tranRef)).toMatchObject({ packageId: tenSessions.id, packageSessions: 10, packageMonths: null });
    const edited = await asMember(
      t.app,
      a,
    )({
      method: 'PUT',
      url: `/api/packages/${tenSessions.id}`,
      payload: { name: 'Ten sessions', price: 250, packageType: 'SESSION_BASED', sessionsCount: 4 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const mailsBefore = (await academyMails()).length;
    await payOnPage(url, SUCCESS);
    expect(await attemptOf(tranRef)).toMatchObject({ outcome: 'unapplied', refundState: 'refunded' });
    expect(refundsOf(tranRef)).toHaveLength(1);
    const state = await stateOf(subscriptionId);
    expect(state).toMatchObject({ status: 'PENDING', payments: [], invoices: [] });
    expect(await bell()).toContainEqual(expect.objectContaining({ kind: 'unapplied_payment', subscriptionId }));
    expect((await academyMails()).length).toBe(mailsBefore + 1);
  });

  it('a renewal whose package was edited while its page was open is refunded, the period not extended', async () => {
    const [eight] = await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .insert(packages)
        .values({ academyId: a.id, name: 'Eight sessions', priceHalalas: 30000, packageType: 'SESSION_BASED', sessionsCount: 8 })
        .returning(),
    );
    const { subscriptionId } = await pendingSubscription(a, eight.id);
    const first = await startPayment(subscriptionId);
    await payOnPage(first.url, SUCCESS);
    expect((await stateOf(subscriptionId)).status).toBe('ACTIVE');
    const renewal = await startPayment(subscriptionId, 'en', true);
    await withTenant(t.deps.db, a.id, (tx) => tx.update(packages).set({ sessionsCount: 12 }).where(eq(packages.id, eight.id)));
    await payOnPage(renewal.url, SUCCESS);
    expect(await attemptOf(renewal.tranRef)).toMatchObject({ outcome: 'unapplied', refundState: 'refunded' });
    const [sub] = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)));
    expect(sub).toMatchObject({ sessionsLeft: 8, totalSessions: 8 });
    expect((await stateOf(subscriptionId)).payments).toHaveLength(1);
  });

  it('a refund the provider refuses stays on record as failed, in the bell for the academy to act on', async () => {
    const { subscriptionId } = await pendingSubscription();
    const { url, tranRef } = await startPayment(subscriptionId);
    await withTenant(t.deps.db, a.id, (tx) =>
      tx.update(subscriptions).set({ status: 'CANCELLED' }).where(eq(subscriptions.id, subscriptionId)),
    );
    const refund = sandbox.refund;
    sandbox.refund = async () => ({ status: 'E', tranRef: '', message: 'Refunds are disabled' });
    try {
      await payOnPage(url, SUCCESS);
    } finally {
      sandbox.refund = refund;
    }
    expect(await attemptOf(tranRef)).toMatchObject({ outcome: 'unapplied', refundState: 'failed', refundFailure: 'Refunds are disabled' });
    expect(await bell()).toContainEqual(expect.objectContaining({ kind: 'unapplied_payment', subscriptionId, refundState: 'failed' }));
  });

  it('a refund left without a verdict is settled by the scheduled query: the answer lost → refunded once; never made → asked again', async () => {
    const silent = { info() {}, warn() {}, error() {} };
    /** A charge paid after its subscription was cancelled, while the sandbox's refund behaves as `refund`. */
    const unappliedWhile = async (refund: SandboxProvider['refund']) => {
      const { subscriptionId } = await pendingSubscription();
      const { url, tranRef } = await startPayment(subscriptionId);
      await withTenant(t.deps.db, a.id, (tx) =>
        tx.update(subscriptions).set({ status: 'CANCELLED' }).where(eq(subscriptions.id, subscriptionId)),
      );
      const original = sandbox.refund;
      sandbox.refund = refund;
      try {
        await payOnPage(url, SUCCESS);
      } finally {
        sandbox.refund = original;
      }
      return tranRef;
    };
    const original = sandbox.refund;
    // The provider refunded it, but its answer never came back.
    const lost = await unappliedWhile(async (request) => {
      await original(request);
      throw new PaymentProviderError('PayTabs unreachable: timeout');
    });
    // The provider was never reached.
    const never = await unappliedWhile(async () => {
      throw new PaymentProviderError('PayTabs unreachable: socket hang up');
    });
    expect(await attemptOf(lost)).toMatchObject({ refundState: 'pending', refundChecks: 0 });
    expect(await attemptOf(never)).toMatchObject({ refundState: 'pending' });
    expect(refundsOf(lost)).toHaveLength(1);
    expect(refundsOf(never)).toHaveLength(0);

    // Not before two minutes (a request may still be waiting for its answer); then settled by the provider's word.
    await checkPendingRefunds(t.app.deps, silent);
    expect(await attemptOf(lost)).toMatchObject({ refundState: 'pending', refundChecks: 0 });
    t.clock.advance(3 * 60_000);
    try {
      await checkPendingRefunds(t.app.deps, silent);
    } finally {
      t.clock.set('2026-11-22T09:00:00Z');
    }
    expect(await attemptOf(lost)).toMatchObject({ refundState: 'refunded', refundChecks: 1, refundProviderStatus: 'A' });
    expect(refundsOf(lost)).toHaveLength(1);
    expect(await attemptOf(never)).toMatchObject({ refundState: 'refunded', refundChecks: 1 });
    expect(refundsOf(never)).toHaveLength(1);
    expect(await bell()).not.toContainEqual(expect.objectContaining({ kind: 'unapplied_payment', refundState: 'pending' }));
  });
});

describe('the public lookup of a subscription', () => {
  it('answers only the academy of a subscription id, from any role, and its role reads nothing else', async () => {
    const { subscriptionId } = await pendingSubscription();
    // From inside another academy's tenant transaction (kora_app, row-level security on): the academy id, nothing more.
    const seen = await withTenant(t.deps.db, b.id, (tx) => tx.execute(sql`select subscription_academy(${subscriptionId}::uuid) as id`));
    expect(rowsOf<{ id: string }>(seen)[0].id).toBe(a.id);
    const none = await withTenant(t.deps.db, b.id, (tx) => tx.execute(sql`select subscription_academy(${b.id}::uuid) as id`));
    expect(rowsOf<{ id: string | null }>(none)[0].id).toBeNull();
    // The function's role may read the two columns, not the status, price or anything else.
    const privileges = await withSystem(t.deps.db, (tx) =>
      tx.execute(sql`select
        has_column_privilege('kora_lookup', 'subscriptions', 'academy_id', 'SELECT') as academy,
        has_column_privilege('kora_lookup', 'subscriptions', 'status', 'SELECT') as status,
        has_table_privilege('kora_lookup', 'packages', 'SELECT') as packages`),
    );
    expect(rowsOf(privileges)[0]).toEqual({ academy: true, status: false, packages: false });
  });
});

describe('security headers of the framed pages', () => {
  it('lets Kora frame its payment landing pages, and keeps forbidding framing elsewhere', async () => {
    for (const url of ['/payment/success?ref=x', `/initial-subscription/${a.id}`, `/renew-subscription/${a.id}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'self'");
    }
    for (const url of ['/', '/players', '/payment/successor', '/api/subscriptions/x/payment-details']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
    }
  });
});
