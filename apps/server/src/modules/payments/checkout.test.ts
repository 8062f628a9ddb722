// One checkout per family (docs/domain.md, "One checkout per family"): the portal's offer (each child's
// period at its sibling price), one card payment applied to every period — a payment and an invoice
// each under the one reference, the card saved for each — or, when one period can no longer take it,
// to none, the whole charge refunded; and who may ask.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { payOnSandboxPage, registerChild, VAT_SELLER } from '../../../test/fixtures.js';
import { type Academy, asMember, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';
import { checkDocuments, checkerErrors } from '../../../test/zatca-checker.js';
import {
  academies,
  autoRenewals,
  invoiceDocuments,
  invoices,
  packages,
  parentPlayers,
  paymentAttempts,
  payments,
  subscriptions,
} from '../../db/schema.js';
import { withSystem, withTenant } from '../../db/tenant.js';
import { createFamilySession } from '../family/session.js';
import { settlePayment } from './settlement.js';

let t: TestContext;
let a: Academy;
let monthly: string;

beforeAll(async () => {
  t = await createTestApp(); // clock: 2026-11-22 09:00Z, sandbox provider
  a = await registerAndLogin(t.app);
  await withTenant(t.deps.db, a.id, (tx) => tx.update(academies).set(VAT_SELLER).where(eq(academies.id, a.id)));
  [{ id: monthly }] = await withTenant(t.deps.db, a.id, (tx) =>
    tx
      .insert(packages)
      .values({ academyId: a.id, name: 'Monthly', nameArabic: 'شهري', priceHalalas: 45000, monthsNumber: 1, autoRenew: true })
      .returning(),
  );
  const put = await asMember(
    t.app,
    a,
  )({
    method: 'PUT',
    url: '/api/collections/settings',
    payload: { retryDays: [0, 2, 5], graceDays: 7, autoRenewPackageIds: [monthly], siblingDiscounts: [{ fromChild: 2, percent: 10 }] },
  });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(() => t.close());

const tenant = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(t.deps.db, a.id, work);

/** Two children of one parent, each waiting for the first payment of Monthly; the parent's portal session. */
async function family() {
  const first = await registerChild(t.app, a, monthly, 'checkout');
  const second = await registerChild(t.app, a, monthly, 'checkout');
  const [s1, s2] = await tenant((tx) =>
    tx
      .select()
      .from(subscriptions)
      .where(inArray(subscriptions.id, [first.subscriptionId, second.subscriptionId])),
  );
  const byId = new Map([s1, s2].map((s) => [s.id, s]));
  const firstPlayer = byId.get(first.subscriptionId)?.playerId ?? '';
  const secondPlayer = byId.get(second.subscriptionId)?.playerId ?? '';
  const parentId = await tenant(async (tx) => {
    const [link] = await tx.select().from(parentPlayers).where(eq(parentPlayers.playerId, firstPlayer));
    await tx.insert(parentPlayers).values({ academyId: a.id, parentId: link.parentId, playerId: secondPlayer });
    return link.parentId;
  });
  const token = await withSystem(t.deps.db, (tx) =>
    createFamilySession(tx, a.id, { parentId, parentIds: [parentId], address: { kind: 'email', email: first.email } }),
  );
  return { ids: [first.subscriptionId, second.subscriptionId], parent: { handle: a.handle, token } };
}

/** Pays a provider page like a browser on the sandbox's card page. */
async function payOnPage(paymentUrl: string) {
  const res = await payOnSandboxPage(t.app, paymentUrl);
  expect(res.statusCode, res.body).toBe(200);
}

const statusOf = async (ids: string[]) =>
  (await tenant((tx) => tx.select().from(subscriptions).where(inArray(subscriptions.id, ids)))).map((s) => [s.id, s.status]);

describe('one checkout per family', () => {
  it("offers each child's period at its price, and pays them all in one charge: a payment, an invoice and an automatic renewal each", async () => {
    const { ids, parent } = await family();
    const offer = await api(t.app, parent)('familyCheckoutOffer');
    expect(offer.statusCode, offer.body).toBe(200);
    const items = offer.json().items;
    expect(items.map((i: { subscriptionId: string }) => i.subscriptionId).sort()).toEqual([...ids].sort());
    expect(items.map((i: { price: { total: number } }) => i.price.total).sort()).toEqual([405, 450]);
    expect(offer.json().total).toBe(855);

    const started = await api(t.app, parent)('startFamilyCheckout', { body: { subscriptionIds: ids, lang: 'ar', saveCard: true } });
    expect(started.statusCode, started.body).toBe(200);
    await payOnPage(started.json().paymentUrl);

    expect((await statusOf(ids)).map(([, s]) => s)).toEqual(['ACTIVE', 'ACTIVE']);
    const paid = await tenant((tx) => tx.select().from(payments).where(inArray(payments.subscriptionId, ids)));
    expect(paid.map((p) => p.amountHalalas).sort()).toEqual([40500, 45000]);
    expect(new Set(paid.map((p) => p.providerRef)).size).toBe(1);
    const issued = await tenant((tx) => tx.select().from(invoices).where(inArray(invoices.subscriptionId, ids)));
    expect(issued.map((i) => [i.totalHalalas, i.allowanceHalalas]).sort()).toEqual([
      [40500, 4500],
      [45000, 0],
    ]);
    const docs = await tenant((tx) =>
      tx
        .select()
        .from(invoiceDocuments)
        .where(
          inArray(
            invoiceDocuments.invoiceId,
            issued.map((i) => i.id),
          ),
        )
        .orderBy(invoiceDocuments.icv),
    );
    const checked = await checkDocuments(docs.map((d) => d.xml));
    expect(checkerErrors(checked.report)).toEqual([]);
    // The provider's answer again (a replayed callback, a second process): nothing is paid twice.
    const again = await t.deps.payments.query(paid[0].providerRef ?? '');
    const replayed = await settlePayment(t.app.deps, again, { confirmed: true, lang: 'ar', log: t.app.log });
    expect(replayed.state).toBe('paid');
    expect(await tenant((tx) => tx.select().from(payments).where(inArray(payments.subscriptionId, ids)))).toHaveLength(2);
    expect(await tenant((tx) => tx.select().from(invoices).where(inArray(invoices.subscriptionId, ids)))).toHaveLength(2);
    // The card renews both periods.
    const renewing = await tenant((tx) => tx.select().from(autoRenewals).where(inArray(autoRenewals.subscriptionId, ids)));
    expect(renewing).toHaveLength(2);
    expect(new Set(renewing.map((r) => r.savedCardId)).size).toBe(1);

    // The result page names both periods with their invoices, and the whole amount.
    const result = await api(t.app, { handle: a.handle })('paymentResult', { params: { ref: started.json().ref } });
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({ outcome: 'paid', amount: 855, retry: { page: 'family' } });
    expect(result.json().items).toHaveLength(2);
    expect(result.json().items.every((i: { invoice: unknown }) => i.invoice !== null)).toBe(true);
    // Paid: nothing is offered any more.
    expect((await api(t.app, parent)('familyCheckoutOffer')).json()).toEqual({ items: [], total: 0 });
  });

  it('applies none when one period can no longer take its part: the whole charge is refunded and the other still waits', async () => {
    const { ids, parent } = await family();
    const started = await api(t.app, parent)('startFamilyCheckout', { body: { subscriptionIds: ids } });
    expect(started.statusCode, started.body).toBe(200);
    // Meanwhile staff cancel the period applied last (periods are applied in the order of their ids): the
    // first one is applied, then taken back with it.
    const [applied, cancelled] = [...ids].sort();
    await tenant((tx) => tx.update(subscriptions).set({ status: 'CANCELLED' }).where(eq(subscriptions.id, cancelled)));
    await payOnPage(started.json().paymentUrl);

    expect(Object.fromEntries(await statusOf(ids))).toEqual({ [applied]: 'PENDING', [cancelled]: 'CANCELLED' });
    expect(await tenant((tx) => tx.select().from(payments).where(inArray(payments.subscriptionId, ids)))).toEqual([]);
    expect(await tenant((tx) => tx.select().from(invoices).where(inArray(invoices.subscriptionId, ids)))).toEqual([]);
    const [attempt] = await tenant((tx) => tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, started.json().ref)));
    expect(attempt).toMatchObject({ outcome: 'unapplied', refundState: 'refunded', amountHalalas: 85500 });
    const result = await api(t.app, { handle: a.handle })('paymentResult', { params: { ref: started.json().ref } });
    expect(result.json().outcome).toBe('unapplied');
  });

  it("refuses fewer than two periods, another family's child, and anyone without a parent session", async () => {
    const mine = await family();
    const theirs = await family();
    expect((await api(t.app, mine.parent)('startFamilyCheckout', { body: { subscriptionIds: [mine.ids[0]] } })).statusCode).toBe(400);
    const foreign = await api(t.app, mine.parent)('startFamilyCheckout', { body: { subscriptionIds: [mine.ids[0], theirs.ids[0]] } });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'subscription.not_found']);
    expect((await api(t.app, { handle: a.handle })('familyCheckoutOffer')).statusCode).toBe(401);
    expect((await api(t.app, a)('familyCheckoutOffer')).statusCode).toBe(401);
    // Nothing was opened for them.
    expect(await tenant((tx) => tx.select().from(paymentAttempts).where(inArray(paymentAttempts.subscriptionId, theirs.ids)))).toEqual([]);
  });
});
