// Instalments (docs/domain.md, "Instalments"): the academy's choice per package, the payment page's offer
// and its refusal without the card consent, a first instalment paid on the sandbox activating one month
// ('as_paid') or the whole period ('whole'), the renewal job collecting the later ones on their days once
// each (no ordinary renewal meanwhile), retries and the end after the grace days, and every instalment's
// invoice adding up to the period's price and passing ZATCA's checker.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { registerChild, VAT_SELLER } from '../../../test/fixtures.js';
import { type Academy, academyHost, asMember, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';
import { checkDocuments, checkerErrors } from '../../../test/zatca-checker.js';
import {
  academies,
  autoRenewals,
  cardConsents,
  instalmentPlans,
  invoiceDocuments,
  invoices,
  packages,
  parentPlayers,
  paymentAttempts,
  renewalCharges,
  subscriptions,
} from '../../db/schema.js';
import { withSystem, withTenant } from '../../db/tenant.js';
import type { AcademyRow } from '../academies/lookup.js';
import { listAttention } from '../attention/service.js';
import { createFamilySession } from '../family/session.js';
import type { SandboxProvider } from '../payments/providers/sandbox.js';
import { runRenewals } from './runner.js';

let t: TestContext;
let a: Academy;
let academy: AcademyRow;
let log: FastifyBaseLogger;
/** 1000 SAR for 3 months, renewing itself: instalments of 333.34, 333.33 and 333.33. */
let quarterly: string;
/** 1200 SAR for 6 months: the whole period granted at the first of six. */
let halfYear: string;
let monthly: string;

const SUCCESS = '4111 1111 1111 1111';
const DECLINES_SECOND = '4000 0000 0000 0341';

beforeAll(async () => {
  t = await createTestApp();
  log = t.app.log;
  a = await registerAndLogin(t.app);
  [academy] = await withTenant(t.deps.db, a.id, (tx) => tx.update(academies).set(VAT_SELLER).where(eq(academies.id, a.id)).returning());
  [{ id: quarterly }, { id: halfYear }, { id: monthly }] = await withTenant(t.deps.db, a.id, (tx) =>
    tx
      .insert(packages)
      .values([
        { academyId: a.id, name: 'Quarterly', nameArabic: 'ربع سنوي', priceHalalas: 100000, monthsNumber: 3, autoRenew: true },
        { academyId: a.id, name: 'Half year', priceHalalas: 120000, monthsNumber: 6 },
        { academyId: a.id, name: 'Monthly', priceHalalas: 45000, monthsNumber: 1 },
      ])
      .returning(),
  );
});
afterAll(() => t.close());

const tenant = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(t.deps.db, a.id, work);
const on = (day: string) => t.clock.set(`${day}T09:00:00Z`);
const host = () => ({ host: academyHost(a.handle) });

const putSettings = (instalmentPackages?: unknown) =>
  asMember(
    t.app,
    a,
  )({
    method: 'PUT',
    url: '/api/collections/settings',
    payload: { retryDays: [0, 2, 5], graceDays: 7, autoRenewPackageIds: [quarterly], instalmentPackages },
  });

const start = (subscriptionId: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/paytabs/payment',
    headers: host(),
    payload: { subscriptionId, lang: 'en', ...body },
  });

/** Opens the payment page in instalments with "save this card" and pays the first on the sandbox's card page. */
async function payFirst(subscriptionId: string, card = SUCCESS) {
  const res = await start(subscriptionId, { instalments: true, saveCard: true });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().paymentUrl);
  const submitted = await t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ card, expiry: '12/30', cvc: '123', holder: 'K A', action: 'pay' }).toString(),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
}

const subscriptionOf = async (id: string) => (await tenant((tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, id))))[0];
const planOf = async (id: string) =>
  (await tenant((tx) => tx.select().from(instalmentPlans).where(eq(instalmentPlans.subscriptionId, id))))[0];
const invoicesOf = (id: string) =>
  tenant((tx) => tx.select().from(invoices).where(eq(invoices.subscriptionId, id)).orderBy(invoices.invoiceNumber));
const chargesOf = (id: string) =>
  tenant((tx) => tx.select().from(renewalCharges).where(eq(renewalCharges.subscriptionId, id)).orderBy(renewalCharges.dueOn));

/** The sandbox with its recurring charges counted. */
function counted() {
  const sandbox = t.deps.payments as SandboxProvider;
  const calls: number[] = [];
  const payments = {
    ...sandbox,
    chargeToken: (c: Parameters<SandboxProvider['chargeToken']>[0]) => {
      calls.push(c.amountHalalas);
      return sandbox.chargeToken(c);
    },
  };
  return { calls, deps: { ...t.app.deps, payments } };
}
const runFor = async (ids: string[], deps = t.app.deps) =>
  (await runRenewals(deps, academy, log)).results.filter((r) => ids.includes(r.subscriptionId));

describe('the academy’s choice', () => {
  it('offers instalments only on packages of 3, 6 or 12 months, and keeps them when the body leaves them out', async () => {
    const read = await asMember(t.app, a)({ method: 'GET', url: '/api/collections/settings' });
    expect(read.statusCode, read.body).toBe(200);
    const row = (id: string) => read.json().packages.find((p: { id: string }) => p.id === id);
    expect(row(quarterly)).toMatchObject({ instalmentsQualify: true, instalments: null });
    expect(row(monthly)).toMatchObject({ instalmentsQualify: false, instalments: null });

    const refused = await putSettings([{ id: monthly, grant: 'as_paid' }]);
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'collections.instalments_not_offered']);
    expect((await putSettings([{ id: quarterly, grant: 'monthly' }])).statusCode).toBe(400);
    const saved = await putSettings([
      { id: quarterly, grant: 'as_paid' },
      { id: halfYear, grant: 'whole' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (id: string) => saved.json().packages.find((p: { id: string }) => p.id === id).instalments;
    expect([after(quarterly), after(halfYear), after(monthly)]).toEqual(['as_paid', 'whole', null]);
    const kept = await putSettings();
    expect(kept.json().packages.find((p: { id: string }) => p.id === quarterly).instalments).toBe('as_paid');
  });
});

describe('the payment page', () => {
  it('offers the schedule, and refuses a start in instalments without the card consent (nothing recorded) or where none is offered', async () => {
    on('2026-08-03');
    const { subscriptionId } = await registerChild(t.app, a, quarterly, 'inst');
    const details = await t.app.inject({ method: 'GET', url: `/api/subscriptions/${subscriptionId}/payment-details`, headers: host() });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().instalments).toEqual({
      count: 3,
      grant: 'as_paid',
      schedule: [
        { on: '2026-08-03', amount: 333.34 },
        { on: '2026-09-03', amount: 333.33 },
        { on: '2026-10-03', amount: 333.33 },
      ],
    });

    const refused = await start(subscriptionId, { instalments: true });
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'payment.instalments_need_card']);
    const attempts = await tenant((tx) => tx.select().from(paymentAttempts).where(eq(paymentAttempts.subscriptionId, subscriptionId)));
    const consents = await tenant((tx) => tx.select().from(cardConsents).where(eq(cardConsents.subscriptionId, subscriptionId)));
    expect([attempts, consents]).toEqual([[], []]);

    // With the consent it starts, asking the first instalment (its result page says so while it waits).
    const started = await start(subscriptionId, { instalments: true, saveCard: true });
    expect(started.statusCode, started.body).toBe(200);
    const [attempt] = await tenant((tx) => tx.select().from(paymentAttempts).where(eq(paymentAttempts.subscriptionId, subscriptionId)));
    expect(attempt).toMatchObject({ amountHalalas: 100000, instalmentCount: 3, instalmentGrant: 'as_paid', outcome: 'pending' });
    const waiting = await t.app.inject({ method: 'GET', url: `/api/payments/${attempt.id}/result`, headers: host() });
    expect(waiting.json()).toMatchObject({ outcome: 'pending', amount: 333.34 });

    const single = await registerChild(t.app, a, monthly, 'inst');
    const plain = await t.app.inject({
      method: 'GET',
      url: `/api/subscriptions/${single.subscriptionId}/payment-details`,
      headers: host(),
    });
    expect(plain.json().instalments).toBeUndefined();
    const none = await start(single.subscriptionId, { instalments: true, saveCard: true });
    expect([none.statusCode, none.json().code]).toEqual([400, 'payment.instalments_unavailable']);
  });
});

describe('collected like a renewal', () => {
  it('activates a month or the whole period, charges each later instalment on its day once, and invoices each for ZATCA', async () => {
    on('2026-08-03');
    const asPaid = (await registerChild(t.app, a, quarterly, 'inst')).subscriptionId;
    const whole = (await registerChild(t.app, a, halfYear, 'inst')).subscriptionId;
    await payFirst(asPaid);
    await payFirst(whole);

    // The first instalment: one month granted as paid, the whole six months at the first.
    expect(await subscriptionOf(asPaid)).toMatchObject({ status: 'ACTIVE', startDate: '2026-08-03', endDate: '2026-09-03' });
    expect(await subscriptionOf(whole)).toMatchObject({ status: 'ACTIVE', startDate: '2026-08-03', endDate: '2027-02-03' });
    expect(await planOf(asPaid)).toMatchObject({ count: 3, paidCount: 1, grant: 'as_paid', firstHalalas: 33334, nextDueOn: '2026-09-03' });
    expect(await planOf(whole)).toMatchObject({ count: 6, paidCount: 1, grant: 'whole', instalmentHalalas: 20000 });
    expect(await invoicesOf(asPaid)).toMatchObject([
      { totalHalalas: 33334, instalmentNumber: 1, instalmentCount: 3, periodStart: '2026-08-03', periodEnd: '2026-09-03' },
    ]);
    expect(await invoicesOf(whole)).toMatchObject([{ totalHalalas: 20000, instalmentNumber: 1, periodEnd: '2027-02-03' }]);
    // The card is saved and collects the plan.
    expect(await tenant((tx) => tx.select().from(autoRenewals).where(eq(autoRenewals.subscriptionId, asPaid)))).toHaveLength(1);

    // The portal's saved card says the next charge is instalment 2 of 3, its day and amount.
    const [link] = await tenant(async (tx) => {
      const [s] = await tx.select().from(subscriptions).where(eq(subscriptions.id, asPaid));
      return tx.select().from(parentPlayers).where(eq(parentPlayers.playerId, s.playerId));
    });
    /** The child's latest subscription as the portal's payments page shows it. */
    const inPortal = async () => {
      const money = await api(t.app, { handle: a.handle, token })('familyMoney', { params: { childId: link.playerId } });
      expect(money.statusCode, money.body).toBe(200);
      return money.json().subscriptions[0];
    };
    const token = await withSystem(t.deps.db, (tx) =>
      createFamilySession(tx, a.id, {
        parentId: link.parentId,
        parentIds: [link.parentId],
        address: { kind: 'email', email: 'x@example.sa' },
      }),
    );
    // A period whose instalments are still being paid offers no renewal (the renewal page refuses one).
    expect(await inPortal()).toMatchObject({ id: asPaid, payPath: null });
    const cards = await api(t.app, { handle: a.handle, token })('familySavedCards');
    expect(cards.statusCode, cards.body).toBe(200);
    expect(cards.json().cards[0].renewals).toEqual([
      expect.objectContaining({
        subscriptionId: asPaid,
        nextChargeOn: '2026-09-03',
        amount: 333.33,
        state: 'scheduled',
        instalment: { number: 2, count: 3 },
      }),
    ]);

    on('2026-09-02');
    expect(await runFor([asPaid, whole])).toEqual([]);
    // "Collected this month" counts each plan's next instalment, on its day, with the card that will pay it.
    const month = await api(t.app, a)('monthCollections');
    expect(month.statusCode, month.body).toBe(200);
    const item = (id: string) => month.json().items.find((i: { subscriptionId: string }) => i.subscriptionId === id);
    expect([item(asPaid), item(whole)]).toMatchObject([
      { dueDate: '2026-09-03', amount: 333.33, autoRenewal: { nextChargeOn: '2026-09-03' } },
      { dueDate: '2026-09-03', amount: 200, autoRenewal: { nextChargeOn: '2026-09-03' } },
    ]);

    // Instalment 2's day (the as_paid period's last day too): two runners at once and a third run, one charge each.
    on('2026-09-03');
    const provider = counted();
    const runs = await Promise.all([runFor([asPaid, whole], provider.deps), runFor([asPaid, whole], provider.deps)]);
    expect(runs.flat().filter((r) => r.outcome !== 'skipped')).toHaveLength(2);
    expect(runs.flat().every((r) => r.outcome === 'paid' || r.outcome === 'skipped')).toBe(true);
    expect(await runFor([asPaid, whole], provider.deps)).toEqual([]);
    expect(provider.calls.sort()).toEqual([20000, 33333]);
    // No ordinary renewal while instalments are left, though the package renews itself and the period ended.
    expect((await chargesOf(asPaid)).map((c) => [c.periodKey, c.state])).toEqual([['inst:2', 'paid']]);
    expect(await subscriptionOf(asPaid)).toMatchObject({ endDate: '2026-10-03' });
    expect(await subscriptionOf(whole)).toMatchObject({ endDate: '2027-02-03' });
    expect((await invoicesOf(asPaid)).at(-1)).toMatchObject({
      totalHalalas: 33333,
      instalmentNumber: 2,
      periodStart: '2026-09-04',
      periodEnd: '2026-10-03',
    });
    expect((await invoicesOf(whole)).at(-1)).toMatchObject({ instalmentNumber: 2, periodStart: '2026-09-04', periodEnd: '2026-10-03' });

    // The renewal page does not renew a period whose instalments are still being paid.
    const renew = await start(asPaid, { renew: true });
    expect([renew.statusCode, renew.json().code]).toEqual([409, 'payment.instalments_left']);

    on('2026-10-03');
    expect((await runFor([asPaid])).map((r) => r.outcome)).toEqual(['paid']);
    expect(await subscriptionOf(asPaid)).toMatchObject({ status: 'ACTIVE', endDate: '2026-11-03' });
    expect(await planOf(asPaid)).toMatchObject({ paidCount: 3, nextDueOn: null });
    // All paid: the portal offers its renewal again.
    expect(await inPortal()).toMatchObject({ id: asPaid, payPath: `/renew-subscription/${asPaid}` });
    const paid = await invoicesOf(asPaid);
    expect(paid.map((i) => i.instalmentNumber)).toEqual([1, 2, 3]);
    expect(paid.reduce((sum, i) => sum + i.totalHalalas, 0)).toBe(100000);

    // Every instalment's e-invoice names it and passes ZATCA's checker (the academy's whole chain, in order).
    const documents = await tenant((tx) =>
      tx
        .select({ xml: invoiceDocuments.xml })
        .from(invoiceDocuments)
        .innerJoin(invoices, eq(invoices.id, invoiceDocuments.invoiceId))
        .orderBy(invoices.invoiceNumber),
    );
    expect(documents).toHaveLength(6);
    expect(documents[0].xml).toContain('Quarterly — instalment 1 of 3');
    const checked = await checkDocuments(documents.map((d) => d.xml));
    expect(checkerErrors(checked.report)).toEqual([]);
    expect(checked.exitCode).toBe(0);
    // The PDF the parent downloads names the instalment (poppler's pdftotext reads it as a reader would).
    const pdf = await api(t.app, { handle: a.handle })('invoicePdf', { params: { id: paid[1].id } });
    expect(pdf.statusCode).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'kora-instalment-')), 'invoice.pdf');
    writeFileSync(file, pdf.rawPayload);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('Instalment 2 of 3');

    // All paid: the period renews itself again as any other.
    on('2026-11-03');
    expect((await runFor([asPaid])).map((r) => r.outcome)).toEqual(['paid']);
    expect((await chargesOf(asPaid)).map((c) => c.periodKey)).toEqual(['inst:2', 'inst:3', 'end:2026-11-03']);
    expect((await invoicesOf(asPaid)).at(-1)).toMatchObject({ totalHalalas: 100000, instalmentNumber: null });
  });

  it('retries a declined instalment on the schedule, and ends a whole period after the last refusal and the grace days', async () => {
    on('2026-08-10');
    const retried = (await registerChild(t.app, a, quarterly, 'inst')).subscriptionId;
    const lapsed = (await registerChild(t.app, a, halfYear, 'inst')).subscriptionId;
    await payFirst(retried, DECLINES_SECOND);
    await payFirst(lapsed);
    // The whole period's card now declines every charge (its token swapped for the declined test card's).
    await tenant((tx) =>
      tx.execute(
        sql`update saved_cards set token = 'sbx_4000000000000002_09' where id = (select saved_card_id from auto_renewals where subscription_id = ${lapsed})`,
      ),
    );
    const days: [string, string[]][] = [
      ['2026-09-10', ['retry', 'retry']],
      ['2026-09-12', ['paid', 'retry']],
      ['2026-09-15', ['failed']],
    ];
    for (const [day, outcomes] of days) {
      on(day);
      expect([day, (await runFor([retried, lapsed])).map((r) => r.outcome).sort()]).toEqual([day, outcomes.sort()]);
    }
    expect(await planOf(retried)).toMatchObject({ paidCount: 2, nextDueOn: '2026-10-10' });
    expect(await subscriptionOf(retried)).toMatchObject({ status: 'ACTIVE', endDate: '2026-10-10' });
    const bell = await tenant((tx) => listAttention(tx, t.clock.now()));
    expect(bell.items.some((i) => i.kind === 'renewal_failed' && i.subscriptionId === lapsed)).toBe(true);
    // Its end date is months away, but the unpaid instalment ends it after the grace days (7).
    on('2026-09-17');
    await runFor([lapsed]);
    expect(await subscriptionOf(lapsed)).toMatchObject({ status: 'ACTIVE', endDate: '2027-02-10' });
    on('2026-09-18');
    await runFor([lapsed]);
    expect(await subscriptionOf(lapsed)).toMatchObject({ status: 'INACTIVE' });
  });

  it('refunds an instalment charged as the subscription was cancelled, applying nothing', async () => {
    on('2026-08-12');
    const cancelled = (await registerChild(t.app, a, quarterly, 'inst')).subscriptionId;
    await payFirst(cancelled);
    on('2026-09-12');
    // The subscription is cancelled while the provider charges: the charge comes back paid and finds nothing to pay.
    const sandbox = t.deps.payments as SandboxProvider;
    const payments = {
      ...sandbox,
      chargeToken: async (c: Parameters<SandboxProvider['chargeToken']>[0]) => {
        const r = await sandbox.chargeToken(c);
        await tenant((tx) => tx.update(subscriptions).set({ status: 'CANCELLED' }).where(eq(subscriptions.id, cancelled)));
        return r;
      },
    };
    expect((await runFor([cancelled], { ...t.app.deps, payments })).map((r) => r.outcome)).toEqual(['stopped']);
    expect(await planOf(cancelled)).toMatchObject({ paidCount: 1 });
    expect((await invoicesOf(cancelled)).map((i) => i.instalmentNumber)).toEqual([1]);
    const unapplied = await tenant((tx) =>
      tx
        .select({ outcome: paymentAttempts.outcome, refund: paymentAttempts.refundState, extendsFrom: paymentAttempts.extendsFrom })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.subscriptionId, cancelled)),
    );
    expect(unapplied).toContainEqual({ outcome: 'unapplied', refund: 'refunded', extendsFrom: 'inst:2' });
  });

  it('splits a sibling price and its allowance, each instalment invoiced with its share, all passing ZATCA’s checker', async () => {
    on('2026-08-20');
    const tiers = await asMember(
      t.app,
      a,
    )({
      method: 'PUT',
      url: '/api/collections/settings',
      payload: { retryDays: [0, 2, 5], graceDays: 7, autoRenewPackageIds: [quarterly], siblingDiscounts: [{ fromChild: 2, percent: 10 }] },
    });
    expect(tiers.statusCode, tiers.body).toBe(200);
    // An elder child on the dearer package, then the younger on Quarterly: 10 % off 1000, so 900 in three of 300.
    const elder = await registerChild(t.app, a, halfYear, 'sib');
    const younger = (await registerChild(t.app, a, quarterly, 'sib')).subscriptionId;
    await tenant(async (tx) => {
      const [e] = await tx.select().from(subscriptions).where(eq(subscriptions.id, elder.subscriptionId));
      const [y] = await tx.select().from(subscriptions).where(eq(subscriptions.id, younger));
      const [link] = await tx.select().from(parentPlayers).where(eq(parentPlayers.playerId, e.playerId));
      await tx.insert(parentPlayers).values({ academyId: a.id, parentId: link.parentId, playerId: y.playerId });
    });
    const details = await t.app.inject({ method: 'GET', url: `/api/subscriptions/${younger}/payment-details`, headers: host() });
    expect(details.json().price).toMatchObject({ total: 900, allowance: 100 });
    expect(details.json().instalments.schedule.map((x: { amount: number }) => x.amount)).toEqual([300, 300, 300]);
    await payFirst(younger);
    on('2026-09-20');
    expect((await runFor([younger])).map((r) => r.outcome)).toEqual(['paid']);
    on('2026-10-20');
    expect((await runFor([younger])).map((r) => r.outcome)).toEqual(['paid']);
    const paid = await invoicesOf(younger);
    expect(paid.map((i) => [i.instalmentNumber, i.totalHalalas, i.allowanceHalalas, i.allowancePercent])).toEqual([
      [1, 30000, 3334, 10],
      [2, 30000, 3333, 10],
      [3, 30000, 3333, 10],
    ]);
    expect(paid.reduce((sum, i) => [sum[0] + i.totalHalalas, sum[1] + i.allowanceHalalas], [0, 0])).toEqual([90000, 10000]);

    const documents = await tenant((tx) =>
      tx
        .select({ xml: invoiceDocuments.xml })
        .from(invoiceDocuments)
        .innerJoin(invoices, eq(invoices.id, invoiceDocuments.invoiceId))
        .orderBy(invoices.invoiceNumber),
    );
    expect(documents.at(-1)?.xml).toContain('Sibling discount 10%');
    const checked = await checkDocuments(documents.map((d) => d.xml));
    expect(checkerErrors(checked.report)).toEqual([]);
    expect(checked.exitCode).toBe(0);
  });
});
