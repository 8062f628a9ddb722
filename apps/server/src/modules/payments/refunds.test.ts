// Card refunds never left in the dark: a refund the provider gave no verdict on,
// or that a stopped process left pending, is listed in the bell, the payments history and its CSV
// with its amount; the cancel dialog says what is on its way; a member retries it or marks it
// settled (audited); the scheduled query settles it once the provider says it is done — and every
// refund that went through ends with its credit note.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Academy, asMember, BASE, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';
import { auditEvents, invoices, packages, refunds, subscriptions, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';
import { activatePaid } from '../subscriptions/activate.js';
import { PaymentProviderError } from './providers/provider.js';
import type { SandboxProvider } from './providers/sandbox.js';
import { checkPendingRefunds } from './refunds.js';

let t: TestContext;
let sandbox: SandboxProvider;
let a: Academy;
let b: Academy;

beforeAll(async () => {
  t = await createTestApp(); // clock: 2026-11-22T09:00Z, the sandbox provider
  sandbox = t.deps.payments as SandboxProvider;
  a = await registerAndLogin(t.app);
  b = await registerAndLogin(t.app);
});
afterAll(() => t.close());

const silent = { info() {}, warn() {}, error() {} };

/** A card payment of 450.50 SAR made on the sandbox (so it knows the transaction it may refund), applied with its invoice. */
async function paidByCard(academy: Academy, name: string) {
  const subscriptionId = await withTenant(t.deps.db, academy.id, async (tx) => {
    const [pkg] = await tx
      .insert(packages)
      .values({ academyId: academy.id, name: 'Monthly', nameArabic: 'شهري', priceHalalas: 45_050, monthsNumber: 1 })
      .returning();
    const [player] = await tx.insert(users).values({ academyId: academy.id, role: 'PLAYER', name }).returning({ id: users.id });
    const [sub] = await tx
      .insert(subscriptions)
      .values({ academyId: academy.id, playerId: player.id, packageId: pkg.id, status: 'PENDING' })
      .returning({ id: subscriptions.id });
    return sub.id;
  });
  const page = await sandbox.createPage({
    cartId: subscriptionId,
    amountHalalas: 45_050,
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
      now: t.clock.now(),
    }),
  );
  if (!paid.invoice) throw new Error('no invoice');
  return { subscriptionId, tranRef: page.tranRef, invoice: paid.invoice };
}

/** Runs `work` while the sandbox's refund behaves as `refund` (the provider unreachable, its answer lost…). */
async function whileRefund<T>(refund: SandboxProvider['refund'], work: () => Promise<T>) {
  const original = sandbox.refund;
  sandbox.refund = refund;
  try {
    return await work();
  } finally {
    sandbox.refund = original;
  }
}
const unreachable: SandboxProvider['refund'] = async () => {
  throw new PaymentProviderError('PayTabs unreachable: socket hang up');
};

const member = (academy: Academy) => asMember(t.app, academy);
const cancelWithRefund = (academy: Academy, subscriptionId: string) =>
  member(academy)({ method: 'PATCH', url: `/api/subscriptions/${subscriptionId}/cancel`, payload: { refund: { reason: 'Moved away' } } });
const bell = async (academy: Academy) =>
  (await member(academy)({ method: 'GET', url: '/api/attention' })).json().items as Record<string, unknown>[];
const pendingList = async (academy: Academy) => {
  const res = await member(academy)({ method: 'GET', url: '/api/refunds/pending' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>[];
};
const csv = async (academy: Academy, lang = 'en') =>
  (await member(academy)({ method: 'GET', url: `/api/invoices/export?month=2026-11&lang=${lang}` })).body;
const refundable = async (academy: Academy, subscriptionId: string) =>
  (await member(academy)({ method: 'GET', url: `/api/subscriptions/${subscriptionId}/refundable` })).json();
const retry = (academy: Academy, id: string) => member(academy)({ method: 'POST', url: `/api/refunds/${id}/retry` });
const settle = (academy: Academy, id: string, payload: object) =>
  member(academy)({ method: 'POST', url: `/api/refunds/${id}/settle`, payload });
const refundOf = async (academy: Academy, invoiceId: string) =>
  (await withTenant(t.deps.db, academy.id, (tx) => tx.select().from(refunds).where(eq(refunds.invoiceId, invoiceId))))[0];
const statusOf = async (academy: Academy, subscriptionId: string) =>
  (await withTenant(t.deps.db, academy.id, (tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId))))[0].status;
const creditNotesOf = (academy: Academy, invoiceId: string) =>
  withTenant(t.deps.db, academy.id, (tx) => tx.select().from(invoices).where(eq(invoices.creditedInvoiceId, invoiceId)));
const auditOf = (academy: Academy, action: string, targetId: string) =>
  withTenant(t.deps.db, academy.id, (tx) =>
    tx
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, targetId))),
  );
/** The refund was asked `minutes` ago (its row's time is the database's own clock, the test's is fixed). */
const askedAgo = (academy: Academy, id: string, minutes: number) =>
  withTenant(t.deps.db, academy.id, (tx) =>
    tx
      .update(refunds)
      .set({ createdAt: new Date(t.clock.now().getTime() - minutes * 60_000) })
      .where(eq(refunds.id, id)),
  );

describe('a card refund the provider gave no verdict on', () => {
  it('is listed in the bell, the history and its CSV with its amount, explained by the cancel dialog, and settled by a retry', async () => {
    const { subscriptionId, tranRef, invoice } = await paidByCard(a, 'Faisal Pending');
    const failed = await whileRefund(unreachable, () => cancelWithRefund(a, subscriptionId));
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('refund.unconfirmed');
    const refund = await refundOf(a, invoice.id);
    expect(refund).toMatchObject({ state: 'pending', creditNoteId: null, providerRef: null, cancelsSubscription: true });
    expect(await statusOf(a, subscriptionId)).toBe('ACTIVE');

    // The bell: who, how much, which invoice.
    expect(await bell(a)).toContainEqual(
      expect.objectContaining({
        kind: 'refund_pending',
        playerName: 'Faisal Pending',
        subscriptionId,
        amount: 450.5,
        invoiceNumber: invoice.invoiceNumber,
        refundState: 'pending',
      }),
    );
    // The payments history's list of refunds on their way, and its CSV (both languages).
    expect(await pendingList(a)).toContainEqual(
      expect.objectContaining({
        id: refund.id,
        amount: 450.5,
        method: 'Card',
        reason: 'Moved away',
        cancelsSubscription: true,
        invoice: { id: invoice.id, invoiceNumber: invoice.invoiceNumber },
        player: { name: 'Faisal Pending', nameArabic: null },
        package: { name: 'Monthly', nameArabic: 'شهري' },
      }),
    );
    await askedAgo(a, refund.id, 10); // asked in the month exported (its row's time is the database's clock)
    const lines = (await csv(a)).split('\r\n');
    expect(lines.find((l) => l.includes('Refund pending'))).toContain('-450.50');
    expect(lines.find((l) => l.includes('Refund pending'))).toContain(`,${invoice.invoiceNumber}`);
    expect(await csv(a, 'ar')).toContain('استرداد معلّق');
    // The cancel dialog: nothing more to refund, because 450.50 is already on its way.
    expect(await refundable(a, subscriptionId)).toMatchObject({ refundableAmount: 0, pendingRefundAmount: 450.5 });
    expect((await refundable(a, subscriptionId)).pendingRefundSince).toEqual(expect.any(String));
    // Another academy sees none of it.
    expect(await pendingList(b)).toEqual([]);
    expect((await retry(b, refund.id)).statusCode).toBe(404);

    // The provider never made it (unreachable): a retry asks it first, then refunds once.
    const before = sandbox.refunds.filter((r) => r.request.tranRef === tranRef).length;
    const retried = await retry(a, refund.id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: refund.id, state: 'refunded', creditNote: { amount: 450.5, kind: 'credit_note' } });
    expect(sandbox.refunds.filter((r) => r.request.tranRef === tranRef).length).toBe(before + 1);
    expect(await refundOf(a, refund.invoiceId)).toMatchObject({
      state: 'refunded',
      settledBy: 'provider',
      providerRef: expect.stringMatching(/^TST/),
    });
    expect(await creditNotesOf(a, invoice.id)).toHaveLength(1);
    // The cancellation it belonged to is recorded with it.
    expect(await statusOf(a, subscriptionId)).toBe('CANCELLED');
    expect(await auditOf(a, 'retryRefund', refund.id)).toHaveLength(1);
    // Gone from the bell, the list and the CSV's pending rows; settled once.
    expect((await bell(a)).filter((i) => i.kind === 'refund_pending')).toEqual([]);
    expect(await pendingList(a)).toEqual([]);
    expect(await csv(a)).not.toContain('Refund pending');
    const again = await retry(a, refund.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('refund.not_pending');
    expect(await creditNotesOf(a, invoice.id)).toHaveLength(1);
  });

  it('a retry finds a refund the provider made (its answer lost) and issues the credit note without refunding twice', async () => {
    const { subscriptionId, tranRef, invoice } = await paidByCard(a, 'Lost Answer');
    const original = sandbox.refund;
    const answerLost: SandboxProvider['refund'] = async (request) => {
      await original(request);
      throw new PaymentProviderError('PayTabs unreachable: timeout');
    };
    expect((await whileRefund(answerLost, () => cancelWithRefund(a, subscriptionId))).statusCode).toBe(502);
    const refund = await refundOf(a, invoice.id);
    const made = sandbox.refunds.filter((r) => r.request.tranRef === tranRef).length;
    const retried = await retry(a, refund.id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().state).toBe('refunded');
    expect(sandbox.refunds.filter((r) => r.request.tranRef === tranRef).length).toBe(made);
    expect(await refundOf(a, invoice.id)).toMatchObject({ state: 'refunded', settledBy: 'query' });
    expect(await creditNotesOf(a, invoice.id)).toHaveLength(1);
    expect(await statusOf(a, subscriptionId)).toBe('CANCELLED');
  });

  it('left pending by a stopped process, it can be marked settled after checking the provider: refunded with its credit note, or failed', async () => {
    // What a process stopped after writing the refund and before asking the provider leaves behind.
    const first = await paidByCard(a, 'Stopped Process');
    const second = await paidByCard(a, 'Never Refunded');
    const [crashed, other] = await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .insert(refunds)
        .values([
          {
            academyId: a.id,
            invoiceId: first.invoice.id,
            amountHalalas: 20_000,
            method: 'Card',
            provider: 'sandbox',
            reason: 'Partial',
            state: 'pending',
          },
          {
            academyId: a.id,
            invoiceId: second.invoice.id,
            amountHalalas: 45_050,
            method: 'Card',
            provider: 'sandbox',
            reason: 'All',
            state: 'pending',
          },
        ])
        .returning(),
    );
    expect(await pendingList(a)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: crashed.id, amount: 200 }),
        expect.objectContaining({ id: other.id, amount: 450.5 }),
      ]),
    );
    expect(await refundable(a, first.subscriptionId)).toMatchObject({ refundableAmount: 250.5, pendingRefundAmount: 200 });

    // Bad input: 400 with a code; an unknown refund 404.
    const bad = await settle(a, crashed.id, { outcome: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation.invalid_value');
    expect((await settle(a, '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f', { outcome: 'refunded' })).statusCode).toBe(404);
    expect((await settle(b, crashed.id, { outcome: 'refunded' })).statusCode).toBe(404);

    const marked = await settle(a, crashed.id, { outcome: 'refunded', providerRef: 'TST2234500099999' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({
      state: 'refunded',
      creditNote: { amount: 200, refund: { method: 'Card', providerRef: 'TST2234500099999' }, remainingAmount: 250.5 },
    });
    expect(await refundOf(a, first.invoice.id)).toMatchObject({ state: 'refunded', settledBy: 'member', providerRef: 'TST2234500099999' });
    expect(await creditNotesOf(a, first.invoice.id)).toHaveLength(1);
    // Not a cancellation's refund: the subscription stays as it was.
    expect(await statusOf(a, first.subscriptionId)).toBe('ACTIVE');
    expect(await auditOf(a, 'settleRefund', crashed.id)).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({ effect: expect.objectContaining({ state: 'refunded', providerRef: 'TST2234500099999' }) }),
      }),
    ]);
    expect((await settle(a, crashed.id, { outcome: 'failed' })).json().code).toBe('refund.not_pending');

    // The provider's dashboard shows no refund: marked failed, its amount free to refund again.
    const notDone = await settle(a, other.id, { outcome: 'failed' });
    expect(notDone.json()).toMatchObject({ state: 'failed', creditNote: null });
    expect(await creditNotesOf(a, second.invoice.id)).toEqual([]);
    expect(await refundable(a, second.subscriptionId)).toMatchObject({
      refundableAmount: 450.5,
      pendingRefundAmount: 0,
      pendingRefundSince: null,
    });
    expect((await bell(a)).filter((i) => i.kind === 'refund_pending')).toEqual([]);
  });
});

describe('the scheduled query of pending refunds', () => {
  it('settles a refund once the provider says it went through, with its credit note and its cancellation; leaves one the provider never made pending', async () => {
    const done = await paidByCard(a, 'Done At Provider');
    const original = sandbox.refund;
    const answerLost: SandboxProvider['refund'] = async (request) => {
      await original(request);
      throw new PaymentProviderError('PayTabs unreachable: timeout');
    };
    expect((await whileRefund(answerLost, () => cancelWithRefund(a, done.subscriptionId))).statusCode).toBe(502);
    const never = await paidByCard(a, 'Never Made');
    expect((await whileRefund(unreachable, () => cancelWithRefund(a, never.subscriptionId))).statusCode).toBe(502);
    const doneRefund = await refundOf(a, done.invoice.id);
    const neverRefund = await refundOf(a, never.invoice.id);

    // Asked a moment ago: not yet (the request that asked may still be waiting for its answer).
    await askedAgo(a, doneRefund.id, 0.5);
    await askedAgo(a, neverRefund.id, 0.5);
    expect(await checkPendingRefunds(t.app.deps, silent)).toBe(0);
    expect((await refundOf(a, done.invoice.id)).checks).toBe(0);

    await askedAgo(a, doneRefund.id, 5);
    await askedAgo(a, neverRefund.id, 5);
    const refundsMade = sandbox.refunds.length;
    expect(await checkPendingRefunds(t.app.deps, silent)).toBe(1);
    // Queried only: the schedule never sends a refund.
    expect(sandbox.refunds.length).toBe(refundsMade);
    expect(await refundOf(a, done.invoice.id)).toMatchObject({ state: 'refunded', settledBy: 'query', checks: 1 });
    expect(await creditNotesOf(a, done.invoice.id)).toHaveLength(1);
    expect(await statusOf(a, done.subscriptionId)).toBe('CANCELLED');
    expect(await auditOf(a, 'refundSettled', doneRefund.id)).toHaveLength(1);

    // The one the provider has no record of stays pending, listed with that answer, for a member to retry.
    const left = await refundOf(a, never.invoice.id);
    expect(left).toMatchObject({ state: 'pending', providerStatus: 'not_found', checks: 1 });
    expect(left.nextCheckAt?.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(await pendingList(a)).toContainEqual(expect.objectContaining({ id: neverRefund.id, lastAnswer: 'not_found', checks: 1 }));
    expect(await statusOf(a, never.subscriptionId)).toBe('ACTIVE');

    // Not due again until its delay passed; then asked again.
    expect(await checkPendingRefunds(t.app.deps, silent)).toBe(0);
    expect((await refundOf(a, never.invoice.id)).checks).toBe(1);
    t.clock.advance(2 * 60_000);
    await checkPendingRefunds(t.app.deps, silent);
    expect((await refundOf(a, never.invoice.id)).checks).toBe(2);
    expect(await creditNotesOf(a, done.invoice.id)).toHaveLength(1);
  });
});
