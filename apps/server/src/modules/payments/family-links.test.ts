// A family payment link (docs/domain.md, "A family payment link"): staff make one link for a child's
// parent; on the academy's host it offers the family's children's periods (sibling prices included)
// and pays them in one checkout, as the portal does, without signing in. Anywhere else, expired, or for
// an erased parent it is unknown; only its hash is kept.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { payOnSandboxPage, registerChild } from '../../../test/fixtures.js';
import { type Academy, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';
import { familyPaymentLinks, invoices, packages, parentPlayers, paymentAttempts, subscriptions, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';
import { hashToken } from '../../lib/tokens.js';

let t: TestContext;
let a: Academy;
let other: Academy;
let monthly: string;

beforeAll(async () => {
  t = await createTestApp(); // clock: 2026-11-22 09:00Z, sandbox provider
  a = await registerAndLogin(t.app);
  other = await registerAndLogin(t.app);
  [{ id: monthly }] = await withTenant(t.deps.db, a.id, (tx) =>
    tx.insert(packages).values({ academyId: a.id, name: 'Monthly', nameArabic: 'شهري', priceHalalas: 30000, monthsNumber: 1 }).returning(),
  );
  const put = await api(t.app, a)('updateCollectionSettings', {
    body: { retryDays: [0, 2, 5], graceDays: 7, autoRenewPackageIds: [], siblingDiscounts: [{ fromChild: 2, percent: 10 }] },
  });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(() => t.close());

const tenant = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(t.deps.db, a.id, work);

let families = 0;
/** Two children of one parent row, each waiting for the first payment of Monthly. */
async function family() {
  const first = await registerChild(t.app, a, monthly, 'link');
  const second = await registerChild(t.app, a, monthly, 'link');
  const subs = await tenant((tx) =>
    tx
      .select()
      .from(subscriptions)
      .where(inArray(subscriptions.id, [first.subscriptionId, second.subscriptionId])),
  );
  const playerOf = (id: string) => subs.find((s) => s.id === id)?.playerId ?? '';
  const parentId = await tenant(async (tx) => {
    const [link] = await tx
      .select()
      .from(parentPlayers)
      .where(eq(parentPlayers.playerId, playerOf(first.subscriptionId)));
    await tx.insert(parentPlayers).values({ academyId: a.id, parentId: link.parentId, playerId: playerOf(second.subscriptionId) });
    // A mobile of its own: the fixtures register every parent with one mobile, which would make them one family.
    await tx
      .update(users)
      .set({ phoneNumber: `+96655${String(++families).padStart(7, '0')}` })
      .where(eq(users.id, link.parentId));
    return link.parentId;
  });
  return { ids: [first.subscriptionId, second.subscriptionId], player: playerOf(first.subscriptionId), parentId };
}

/** A new link for a child, made by the academy's admin: its token and the whole answer. */
async function linkFor(player: string) {
  const made = await api(t.app, a)('createFamilyPaymentLink', { params: { id: player } });
  expect(made.statusCode, made.body).toBe(200);
  const url = new URL(made.json().url);
  return { token: url.pathname.split('/').pop() ?? '', url, reply: made.json() };
}

const onHost = (handle: string) => api(t.app, { handle });

describe('a family payment link', () => {
  it("is made for the child's parent, kept as its hash, and opens on the academy's host with the family's periods at their prices", async () => {
    const { ids, player, parentId } = await family();
    const { token, url, reply } = await linkFor(player);
    expect(url.host).toBe(`${a.handle}.kora.test`);
    expect(url.pathname).toMatch(/^\/family-payment\/[A-Za-z0-9_-]{43}$/);
    expect(reply.expiresAt).toBe('2026-12-06T09:00:00.000Z');
    const [row] = await tenant((tx) => tx.select().from(familyPaymentLinks).where(eq(familyPaymentLinks.parentId, parentId)));
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const page = await onHost(a.handle)('familyPaymentPage', { params: { token } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().parent.name).toBe(reply.parent.name);
    const items = page.json().offer.items;
    expect(items.map((i: { subscriptionId: string }) => i.subscriptionId).sort()).toEqual([...ids].sort());
    expect(items.map((i: { price: { total: number } }) => i.price.total).sort()).toEqual([270, 300]);
    expect(page.json().offer.total).toBe(570);
  });

  it('pays the chosen periods in one checkout: each child its payment and invoice; a failed one comes back to the link', async () => {
    const { ids, player } = await family();
    const { token } = await linkFor(player);
    const started = await onHost(a.handle)('startFamilyPaymentLink', { params: { token }, body: { subscriptionIds: ids, lang: 'ar' } });
    expect(started.statusCode, started.body).toBe(200);
    const page = new URL(started.json().paymentUrl);
    const [attempt] = await tenant((tx) => tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, started.json().ref)));
    expect(attempt).toMatchObject({ amountHalalas: 57000, retryPage: 'family' });
    // The sandbox's page carries where the payer comes back to: the link's page.
    const card = await t.app.inject({ method: 'GET', url: page.pathname, headers: { host: page.host } });
    expect(card.statusCode).toBe(200);
    const paid = await payOnSandboxPage(t.app, started.json().paymentUrl);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.body).toContain(`back=family-payment%2F${token}`);
    const subs = await tenant((tx) => tx.select().from(subscriptions).where(inArray(subscriptions.id, ids)));
    expect(subs.map((s) => s.status)).toEqual(['ACTIVE', 'ACTIVE']);
    const issued = await tenant((tx) => tx.select().from(invoices).where(inArray(invoices.subscriptionId, ids)));
    expect(issued.map((i) => i.totalHalalas).sort()).toEqual([27000, 30000]);
    // Nothing is left to pay together.
    expect((await onHost(a.handle)('familyPaymentPage', { params: { token } })).json().offer).toEqual({ items: [], total: 0 });
  });

  it("is unknown on another academy's host, on the main domain, for an erased parent, once expired, and when made up", async () => {
    const { ids, player, parentId } = await family();
    const { token } = await linkFor(player);
    const unknown = async (res: { statusCode: number; json(): { code: string } }) =>
      expect([res.statusCode, res.json().code]).toEqual([404, 'family_link.not_found']);
    await unknown(await onHost(other.handle)('familyPaymentPage', { params: { token } }));
    await unknown(await api(t.app)('familyPaymentPage', { params: { token } }));
    await unknown(await onHost(other.handle)('startFamilyPaymentLink', { params: { token }, body: { subscriptionIds: ids } }));
    await unknown(await onHost(a.handle)('familyPaymentPage', { params: { token: 'x'.repeat(43) } }));
    expect((await onHost(a.handle)('familyPaymentPage', { params: { token: 'short' } })).statusCode).toBe(400);
    // Another family's period through this link is not offered.
    const theirs = await family();
    const foreign = await onHost(a.handle)('startFamilyPaymentLink', {
      params: { token },
      body: { subscriptionIds: [ids[0], theirs.ids[0]] },
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'subscription.not_found']);
    // An erased parent's link.
    const fresh = await linkFor(player);
    await tenant((tx) =>
      tx
        .update(users)
        .set({ erasedAt: new Date('2026-11-22T09:00:00Z') })
        .where(eq(users.id, parentId)),
    );
    await unknown(await onHost(a.handle)('familyPaymentPage', { params: { token: fresh.token } }));
    // Expired: fourteen days on, to the second.
    t.clock.set('2026-12-06T09:00:00Z');
    try {
      await unknown(await onHost(a.handle)('familyPaymentPage', { params: { token } }));
    } finally {
      t.clock.set('2026-11-22T09:00:00Z');
    }
    expect(await tenant((tx) => tx.select().from(paymentAttempts).where(inArray(paymentAttempts.subscriptionId, ids)))).toEqual([]);
  });

  it('refuses a player of another academy, a child without a parent, and nothing is made for them', async () => {
    const { player } = await family();
    const elsewhere = await api(t.app, other)('createFamilyPaymentLink', { params: { id: player } });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([404, 'player.not_found']);
    await tenant((tx) => tx.delete(parentPlayers).where(eq(parentPlayers.playerId, player)));
    const orphan = await api(t.app, a)('createFamilyPaymentLink', { params: { id: player } });
    expect([orphan.statusCode, orphan.json().code]).toEqual([409, 'family_link.no_parent']);
    const made = await withTenant(t.deps.db, other.id, (tx) => tx.select().from(familyPaymentLinks));
    expect(made).toEqual([]);
  });
});
