// Saved cards and automatic renewals through the sandbox provider (docs/domain.md, "Automatic
// renewals and retries"): the consent on the payment page, one charge per subscription and period
// under two runners and after a runner stopped between its claim and the provider's answer, the
// retry schedule on a fixed clock, no retry once paid another way, the sandbox's saved test cards,
// the portal's saved cards and their removal, and the academy's settings.
import { CARD_CONSENT } from '@kora/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerChild } from '../../../test/fixtures.js';
import { type Academy, academyHost, asMember, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';
import { rowsOf } from '../../db/client.js';
import {
  academies,
  autoRenewals,
  invoiceDocuments,
  invoices,
  messages,
  packages,
  payments,
  renewalCharges,
  savedCards,
  subscriptions,
} from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';
import type { AcademyRow } from '../academies/lookup.js';
import { listAttention } from '../attention/service.js';
import { PaymentProviderError } from '../payments/providers/provider.js';
import type { SandboxProvider } from '../payments/providers/sandbox.js';
import { claimCharge, runRenewals, STALE_CLAIM_MS } from './runner.js';

let t: TestContext;
let a: Academy;
let academy: AcademyRow;
let sandbox: SandboxProvider;
let monthly: string;
let sessions: string;
let log: FastifyBaseLogger;

const SUCCESS = '4111 1111 1111 1111';
const DECLINES_SECOND = '4000 0000 0000 0341';
const TOKEN_EXPIRES = '4000 0000 0000 0119';
const NEEDS_PAYER = '4000 0000 0000 3220';
const NATIONAL_ADDRESS = { crNumber: '1010987654', buildingNumber: '7421', district: 'Al Olaya', postalCode: '12214' };

beforeAll(async () => {
  t = await createTestApp(); // clock: 2026-11-22 09:00Z, sandbox provider
  sandbox = t.deps.payments as SandboxProvider;
  log = t.app.log;
  a = await registerAndLogin(t.app);
  // VAT-registered: every invoice is a ZATCA simplified invoice with its e-invoice document.
  [academy] = await withTenant(t.deps.db, a.id, (tx) =>
    tx
      .update(academies)
      .set({ vatNumber: '300000000000003', address: 'Prince Sultan Street', city: 'Jeddah', ...NATIONAL_ADDRESS })
      .where(eq(academies.id, a.id))
      .returning(),
  );
  [{ id: monthly }, { id: sessions }] = await withTenant(t.deps.db, a.id, (tx) =>
    tx
      .insert(packages)
      .values([
        { academyId: a.id, name: 'Monthly', nameArabic: 'شهري', priceHalalas: 45000, monthsNumber: 1, autoRenew: true },
        { academyId: a.id, name: 'Ten sessions', priceHalalas: 30000, packageType: 'SESSION_BASED', sessionsCount: 10 },
      ])
      .returning(),
  );
});
afterAll(() => t.close());

const pendingSubscription = () => registerChild(t.app, a, monthly, 'cards');

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** Opens the payment page (with "save this card" when asked) and pays it on the sandbox's card page like a browser. */
async function pay(subscriptionId: string, card: string, opts: { saveCard?: boolean; renew?: boolean; lang?: 'ar' | 'en' } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/paytabs/payment',
    headers: { host: academyHost(a.handle) },
    payload: {
      subscriptionId,
      lang: opts.lang ?? 'en',
      ...(opts.saveCard ? { saveCard: true } : {}),
      ...(opts.renew ? { renew: true } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().paymentUrl);
  const submitted = await t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { host: url.host, ...form({}).headers },
    payload: form({ card, expiry: '12/30', cvc: '123', holder: 'K A', action: 'pay' }).payload,
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return url.pathname.split('/').pop() ?? '';
}

const tenant = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(t.deps.db, a.id, work);

async function subscriptionOf(id: string) {
  const [s] = await tenant((tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, id)));
  return s;
}
const chargesOf = (id: string) => tenant((tx) => tx.select().from(renewalCharges).where(eq(renewalCharges.subscriptionId, id)));
const triesOf = async (id: string) =>
  rowsOf<{ try_no: number; status: string | null; tran_ref: string | null }>(
    await tenant((tx) =>
      tx.execute(
        sql`select t.try_no, t.status, t.tran_ref from renewal_tries t join renewal_charges c on c.id = t.charge_id where c.subscription_id = ${id} order by t.try_no`,
      ),
    ),
  );
const paymentsOf = (id: string) => tenant((tx) => tx.select().from(payments).where(eq(payments.subscriptionId, id)));
const failedMessages = async (id: string) =>
  (await tenant((tx) => tx.select().from(messages).where(eq(messages.kind, 'payment_failed')))).filter((m) => m.link.includes(id));

/** A subscription paid on the page with a saved card: ACTIVE from 2026-11-22 to 2026-12-22. */
async function renewing(card = SUCCESS) {
  t.clock.set('2026-11-22T09:00:00Z');
  const { subscriptionId, email } = await pendingSubscription();
  const pageRef = await pay(subscriptionId, card, { saveCard: true, lang: 'ar' });
  const s = await subscriptionOf(subscriptionId);
  expect(s).toMatchObject({ status: 'ACTIVE', endDate: '2026-12-22' });
  return { subscriptionId, email, pageRef };
}

/** Riyadh noon of a day. */
const on = (day: string, time = '09:00:00Z') => t.clock.set(`${day}T${time}`);

describe('saving a card on the payment page', () => {
  it('saves the card with the consent (text version, language, time) only when the payer ticked it, and renews with it', async () => {
    const { subscriptionId } = await renewing();
    const [card] = await tenant((tx) =>
      tx
        .select()
        .from(savedCards)
        .innerJoin(autoRenewals, eq(autoRenewals.savedCardId, savedCards.id))
        .where(eq(autoRenewals.subscriptionId, subscriptionId)),
    );
    expect(card.saved_cards).toMatchObject({
      consentVersion: CARD_CONSENT.version,
      consentLang: 'ar',
      label: '4111 11## #### 1111',
      provider: 'sandbox',
      unusableReason: null,
    });
    expect(card.saved_cards.consentedAt.toISOString()).toBe('2026-11-22T09:00:00.000Z');
    expect(card.saved_cards.token).toMatch(/^sbx_4111111111111111_/);

    // Without the tick nothing is saved.
    const other = await pendingSubscription();
    await pay(other.subscriptionId, SUCCESS);
    const none = await tenant((tx) => tx.select().from(autoRenewals).where(eq(autoRenewals.subscriptionId, other.subscriptionId)));
    expect(none).toEqual([]);
    // This subscription renews no further here (the next tests count their own charges).
    await tenant((tx) => tx.delete(autoRenewals).where(eq(autoRenewals.subscriptionId, subscriptionId)));
  });
});

const deps = () => t.app.deps;
const run = (d = deps()) => runRenewals(d, academy, log);
/** The outcomes of one subscription's charges in a run (the academy's other subscriptions share the clock). */
const runFor = async (subscriptionId: string, d = deps()) =>
  (await run(d)).results.filter((r) => r.subscriptionId === subscriptionId).map((r) => r.outcome);

/** The sandbox with its recurring charges counted, and made to fail as asked. */
function counted(fail: 'before' | 'after' | null = null) {
  const calls: string[] = [];
  const payments = {
    ...sandbox,
    async chargeToken(c: Parameters<SandboxProvider['chargeToken']>[0]) {
      calls.push(c.cartId);
      if (fail === 'before') throw new PaymentProviderError('PayTabs unreachable: connect ECONNREFUSED');
      const r = await sandbox.chargeToken(c);
      if (fail === 'after') throw new PaymentProviderError('PayTabs unreachable: socket hang up');
      return r;
    },
  };
  return { calls, deps: { ...deps(), payments } };
}

describe('the automatic renewal', () => {
  it('charges nothing before the renewal date, then once under two runners at once, through the payment path (invoice, e-invoice, receipt)', async () => {
    const { subscriptionId, pageRef } = await renewing();
    on('2026-12-21');
    await run();
    expect(await chargesOf(subscriptionId)).toEqual([]);

    on('2026-12-22');
    const provider = counted();
    const [one, two] = await Promise.all([runFor(subscriptionId, provider.deps), runFor(subscriptionId, provider.deps)]);
    // One runner's claim wins and pays; the other finds the charge taken (skipped) or, when it lists the due charges
    // after the claim, does not list it at all: never a second payment.
    expect([...one, ...two].filter((outcome) => outcome !== 'skipped')).toEqual(['paid']);
    // Another run (a restart, a second process) finds nothing to do.
    expect(await runFor(subscriptionId, provider.deps)).toEqual([]);
    expect(provider.calls).toHaveLength(1);

    const [charge] = await chargesOf(subscriptionId);
    expect(charge).toMatchObject({ state: 'paid', tries: 1, periodKey: 'end:2026-12-22', amountHalalas: 45000 });
    const pays = await paymentsOf(subscriptionId);
    expect(pays).toHaveLength(2); // the page's, then the renewal's
    const renewal = pays.find((p) => p.providerRef !== pageRef);
    expect(renewal).toMatchObject({ amountHalalas: 45000, method: 'Card', provider: 'sandbox' });
    expect(await subscriptionOf(subscriptionId)).toMatchObject({ status: 'ACTIVE', endDate: '2027-01-23' });
    const [invoice] = await tenant((tx) =>
      tx
        .select()
        .from(invoices)
        .where(eq(invoices.paymentId, renewal?.id ?? '')),
    );
    expect(invoice).toMatchObject({ totalHalalas: 45000, periodStart: '2026-12-23' });
    const docs = await tenant((tx) => tx.select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, invoice.id)));
    expect(docs).toHaveLength(1);
    const receipts = await tenant((tx) => tx.select().from(messages).where(eq(messages.kind, 'payment_receipt')));
    expect(receipts.filter((m) => m.link.includes(invoice.id)).length).toBeGreaterThan(0);
  });

  // Two server processes on one PostgreSQL database: each its own connections (t.secondProcess), as two machines.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'charges once when two processes run the renewals at once, and not again after a restart',
    async () => {
      const { subscriptionId } = await renewing();
      on('2026-12-22');
      const provider = counted();
      const other = await t.secondProcess();
      const [one, two] = await Promise.all([
        runFor(subscriptionId, provider.deps),
        runFor(subscriptionId, { ...other.deps, payments: provider.deps.payments }),
      ]);
      expect([...one, ...two].filter((outcome) => outcome !== 'skipped')).toEqual(['paid']);
      // A restarted process (new connections, nothing in memory) finds the period paid.
      const restarted = await t.secondProcess();
      expect(await runFor(subscriptionId, { ...restarted.deps, payments: provider.deps.payments })).toEqual([]);
      expect(provider.calls).toHaveLength(1);
      expect(await paymentsOf(subscriptionId)).toHaveLength(2); // the page's, then one renewal
      const [charge] = await chargesOf(subscriptionId);
      expect(charge).toMatchObject({ state: 'paid', tries: 1 });
    },
  );

  it('a runner stopped after its claim: the next one waits for the claim to age, then charges once', async () => {
    const { subscriptionId } = await renewing();
    on('2026-12-22');
    // Opened and claimed, then the process stopped before any try.
    await run(counted('before').deps);
    const [charge] = await chargesOf(subscriptionId);
    expect(charge.state).toBe('charging');
    expect(await claimCharge(deps(), a.id, charge.id, t.clock.now())).toBeNull();

    const provider = counted();
    expect(await runFor(subscriptionId, provider.deps)).toEqual([]);
    t.clock.advance(STALE_CLAIM_MS + 1000);
    expect(await runFor(subscriptionId, provider.deps)).toEqual(['paid']);
    // The try left unanswered was asked about first (the sandbox had none), then charged under the same cart.
    expect(provider.calls).toHaveLength(1);
    expect(await triesOf(subscriptionId)).toMatchObject([{ try_no: 1, status: 'A' }]);
    expect(await paymentsOf(subscriptionId)).toHaveLength(2);
  });

  it('a charge whose answer was lost is asked about by its cart, applied, and never charged again', async () => {
    const { subscriptionId } = await renewing();
    on('2026-12-22');
    const lost = counted('after');
    expect(await runFor(subscriptionId, lost.deps)).toEqual(['unknown']);
    expect(lost.calls).toHaveLength(1);
    t.clock.advance(STALE_CLAIM_MS + 1000);
    const provider = counted();
    expect(await runFor(subscriptionId, provider.deps)).toEqual(['paid']);
    expect(provider.calls).toEqual([]);
    expect(await paymentsOf(subscriptionId)).toHaveLength(2);
    expect(await subscriptionOf(subscriptionId)).toMatchObject({ endDate: '2027-01-23' });
  });
});

describe('retries with notice', () => {
  it('retries a declined second charge of the sandbox card on day 2 of the schedule, telling the parents of the refusal', async () => {
    const { subscriptionId } = await renewing(DECLINES_SECOND);
    on('2026-12-22');
    expect(await runFor(subscriptionId)).toEqual(['retry']);
    expect(await chargesOf(subscriptionId)).toMatchObject([{ state: 'due', tries: 1, nextTryOn: '2026-12-24', lastStatus: 'D' }]);
    const told = await failedMessages(subscriptionId);
    expect(told.length).toBeGreaterThan(0);
    expect(told[0].link).toContain(`/renew-subscription/${subscriptionId}`);
    on('2026-12-23');
    expect(await runFor(subscriptionId)).toEqual([]);
    // Past its end date, the subscription keeps its grace days while it is retried.
    expect(await subscriptionOf(subscriptionId)).toMatchObject({ status: 'ACTIVE' });
    on('2026-12-24');
    expect(await runFor(subscriptionId)).toEqual(['paid']);
    expect(await subscriptionOf(subscriptionId)).toMatchObject({ status: 'ACTIVE', endDate: '2027-01-23' });
    expect(await triesOf(subscriptionId)).toMatchObject([
      { try_no: 1, status: 'D' },
      { try_no: 2, status: 'A' },
    ]);
  });

  it('follows the schedule (day 0, 2, 5) on a fixed clock, then the grace days, then INACTIVE; the bell tells staff', async () => {
    const { subscriptionId } = await renewing();
    // The card now declines every charge (its token swapped for the declined test card's).
    await tenant((tx) =>
      tx.execute(
        sql`update saved_cards set token = 'sbx_4000000000000002_00' where id = (select saved_card_id from auto_renewals where subscription_id = ${subscriptionId})`,
      ),
    );
    const days: [string, string[]][] = [
      ['2026-12-22', ['retry']],
      ['2026-12-23', []],
      ['2026-12-24', ['retry']],
      ['2026-12-25', []],
      ['2026-12-26', []],
      ['2026-12-27', ['failed']],
      ['2026-12-28', []],
    ];
    for (const [day, outcomes] of days) {
      on(day);
      const mine = await runFor(subscriptionId);
      expect([day, mine]).toEqual([day, outcomes]);
    }
    expect(await chargesOf(subscriptionId)).toMatchObject([{ state: 'failed', tries: 3, nextTryOn: null }]);
    expect(
      new Set((await failedMessages(subscriptionId)).map((m) => m.idempotencyKey.split(':').slice(0, -1).join(':'))).size,
    ).toBeGreaterThan(0);
    expect((await triesOf(subscriptionId)).map((x) => x.status)).toEqual(['D', 'D', 'D']);
    const bell = await tenant((tx) => listAttention(tx, t.clock.now()));
    expect(bell.items.some((i) => i.kind === 'renewal_failed' && i.subscriptionId === subscriptionId)).toBe(true);
    // Grace: 7 days after the end date it still runs; the day after, it has ended.
    on('2026-12-29');
    expect(await runFor(subscriptionId)).toEqual([]);
    expect(await subscriptionOf(subscriptionId)).toMatchObject({ status: 'ACTIVE' });
    on('2026-12-30');
    await run();
    expect(await subscriptionOf(subscriptionId)).toMatchObject({ status: 'INACTIVE' });
  });

  it('does not retry once the parent paid another way (the renewal page), nor a cancelled subscription', async () => {
    const { subscriptionId } = await renewing();
    await tenant((tx) =>
      tx.execute(
        sql`update saved_cards set token = 'sbx_4000000000000002_01' where id = (select saved_card_id from auto_renewals where subscription_id = ${subscriptionId})`,
      ),
    );
    on('2026-12-22');
    expect(await runFor(subscriptionId)).toEqual(['retry']);
    on('2026-12-23');
    await pay(subscriptionId, SUCCESS, { renew: true });
    expect(await subscriptionOf(subscriptionId)).toMatchObject({ status: 'ACTIVE', endDate: '2027-01-23' });
    on('2026-12-24');
    const provider = counted();
    expect(await runFor(subscriptionId, provider.deps)).toEqual(['stopped']);
    expect(provider.calls).toEqual([]);
    expect(await chargesOf(subscriptionId)).toMatchObject([{ state: 'stopped', lastMessage: 'paid another way' }]);
    expect(await paymentsOf(subscriptionId)).toHaveLength(2);

    const cancelled = await renewing();
    await tenant((tx) =>
      tx.execute(
        sql`update saved_cards set token = 'sbx_4000000000000002_02' where id = (select saved_card_id from auto_renewals where subscription_id = ${cancelled.subscriptionId})`,
      ),
    );
    on('2026-12-22');
    expect(await runFor(cancelled.subscriptionId)).toEqual(['retry']);
    await tenant((tx) => tx.update(subscriptions).set({ status: 'CANCELLED' }).where(eq(subscriptions.id, cancelled.subscriptionId)));
    on('2026-12-24');
    expect(await runFor(cancelled.subscriptionId)).toEqual(['stopped']);
  });

  it('stops at once on an expired token or a charge that needs the payer, marking the card, without retries', async () => {
    const expired = await renewing(TOKEN_EXPIRES);
    const payer = await renewing(NEEDS_PAYER);
    on('2026-12-22');
    const outcomes = (await run()).results;
    expect(
      outcomes
        .filter((r) => r.subscriptionId === expired.subscriptionId || r.subscriptionId === payer.subscriptionId)
        .map((r) => r.outcome),
    ).toEqual(['failed', 'failed']);
    const reasons = await tenant((tx) =>
      tx
        .select({ s: autoRenewals.subscriptionId, reason: savedCards.unusableReason })
        .from(savedCards)
        .innerJoin(autoRenewals, eq(autoRenewals.savedCardId, savedCards.id)),
    );
    expect(reasons.find((r) => r.s === expired.subscriptionId)?.reason).toBe('expired');
    expect(reasons.find((r) => r.s === payer.subscriptionId)?.reason).toBe('authentication');
    expect((await failedMessages(expired.subscriptionId)).length).toBeGreaterThan(0);
    on('2026-12-24');
    expect([...(await runFor(expired.subscriptionId)), ...(await runFor(payer.subscriptionId))]).toEqual([]);
  });
});

/** Signs a parent in on the academy's host by the e-mailed code; answers their bearer token. */
async function parentToken(email: string) {
  const host = { host: academyHost(a.handle) };
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/family/sign-in',
    headers: host,
    payload: { address: email, language: 'ar' },
  });
  expect(asked.statusCode, asked.body).toBe(202);
  await t.app.background.idle();
  const mail = (await t.deps.mailer.outbox(500)).find((m) => m.to === email);
  const code = /(?:is|هو|كورة) (\d{6})\b/.exec(mail?.text ?? '')?.[1];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/family/verify',
    headers: host,
    payload: { address: email, code, language: 'ar' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

describe('settings and the portal', () => {
  it("shows a parent their saved card with the next automatic renewal, refuses another family's card, and removes it", async () => {
    const mine = await renewing();
    const other = await renewing();
    t.clock.set('2026-11-25T09:00:00Z');
    const token = await parentToken(mine.email);
    const asParent = (method: 'GET' | 'DELETE', url: string) =>
      t.app.inject({ method, url, headers: { host: academyHost(a.handle), authorization: `Bearer ${token}` } });
    const list = await asParent('GET', '/api/family/saved-cards');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().cards).toHaveLength(1);
    expect(list.json().cards[0]).toMatchObject({
      label: '4111 11## #### 1111',
      consentVersion: CARD_CONSENT.version,
      unusableReason: null,
      renewals: [{ subscriptionId: mine.subscriptionId, nextChargeOn: '2026-12-22', amount: 450, state: 'scheduled', nextTryOn: null }],
    });
    const [othersCard] = await tenant((tx) =>
      tx.select({ id: autoRenewals.savedCardId }).from(autoRenewals).where(eq(autoRenewals.subscriptionId, other.subscriptionId)),
    );
    expect((await asParent('DELETE', `/api/family/saved-cards/${othersCard.id}`)).statusCode).toBe(404);
    const removed = await asParent('DELETE', `/api/family/saved-cards/${list.json().cards[0].id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ deletedAtProvider: true });
    expect((await asParent('GET', '/api/family/saved-cards')).json()).toEqual({ cards: [] });
    // No renewal is charged without the card (the subscription ends as any other); the other family's card still renews theirs.
    on('2026-12-22');
    const { results } = await run();
    expect(results.filter((r) => r.subscriptionId === mine.subscriptionId)).toEqual([]);
    expect(results.filter((r) => r.subscriptionId === other.subscriptionId).map((r) => r.outcome)).toEqual(['paid']);
  });

  it('shows the default schedule, refuses a retry after the grace days or a session package, and saves a valid one', async () => {
    const staff = asMember(t.app, a);
    const read = await staff({ method: 'GET', url: '/api/collections/settings' });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ retryDays: [0, 2, 5], graceDays: 7 });
    expect(read.json().packages.find((p: { id: string }) => p.id === monthly)).toMatchObject({ autoRenew: true, timeBased: true });
    const put = (payload: object) => staff({ method: 'PUT', url: '/api/collections/settings', payload });
    expect((await put({ retryDays: [0, 2, 9], graceDays: 7, autoRenewPackageIds: [monthly] })).statusCode).toBe(400);
    expect((await put({ retryDays: [0, 3, 2], graceDays: 7, autoRenewPackageIds: [monthly] })).statusCode).toBe(400);
    const refused = await put({ retryDays: [0, 2, 5], graceDays: 7, autoRenewPackageIds: [monthly, sessions] });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'collections.package_not_time_based']);
    const saved = await put({ retryDays: [0, 1, 3, 6], graceDays: 10, autoRenewPackageIds: [monthly] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ retryDays: [0, 1, 3, 6], graceDays: 10 });
    await put({ retryDays: [0, 2, 5], graceDays: 7, autoRenewPackageIds: [monthly] });
  });
});
