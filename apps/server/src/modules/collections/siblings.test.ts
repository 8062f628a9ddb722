// Sibling prices (docs/domain.md, "Sibling prices"): the academy's tiers, the child's place in the
// family (ranked by package price, then registration), the payment page's price, the card charge it
// opens, a cash payment recorded by staff and an automatic renewal — each invoiced with the allowance
// (UBL AllowanceCharge, VAT after it), which ZATCA's checker passes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vatIncluded } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { paperConsents, registerChild, VAT_SELLER } from '../../../test/fixtures.js';
import { type Academy, academyHost, asMember, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';
import { checkDocuments, checkerErrors } from '../../../test/zatca-checker.js';
import {
  academies,
  invoiceDocuments,
  invoices,
  packages,
  parentPlayers,
  paymentAttempts,
  payments,
  renewalCharges,
  subscriptions,
} from '../../db/schema.js';
import { withSystem, withTenant } from '../../db/tenant.js';
import type { AcademyRow } from '../academies/lookup.js';
import { createFamilySession } from '../family/session.js';
import { runRenewals } from './runner.js';

let t: TestContext;
let a: Academy;
let other: Academy;
let academy: AcademyRow;
let monthly: string;
let elite: string;

beforeAll(async () => {
  t = await createTestApp(); // clock: 2026-11-22 09:00Z, sandbox provider
  a = await registerAndLogin(t.app);
  other = await registerAndLogin(t.app);
  [academy] = await withTenant(t.deps.db, a.id, (tx) => tx.update(academies).set(VAT_SELLER).where(eq(academies.id, a.id)).returning());
  [{ id: monthly }, { id: elite }] = await withTenant(t.deps.db, a.id, (tx) =>
    tx
      .insert(packages)
      .values([
        { academyId: a.id, name: 'Monthly', nameArabic: 'شهري', priceHalalas: 45000, monthsNumber: 1, autoRenew: true },
        { academyId: a.id, name: 'Elite', priceHalalas: 60000, monthsNumber: 1 },
      ])
      .returning(),
  );
});
afterAll(() => t.close());

const tenant = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(t.deps.db, a.id, work);
const staff = () => asMember(t.app, a);
const putSettings = (siblingDiscounts: unknown, who = a) =>
  asMember(
    t.app,
    who,
  )({
    method: 'PUT',
    url: '/api/collections/settings',
    payload: { retryDays: [0, 2, 5], graceDays: 7, autoRenewPackageIds: [], siblingDiscounts },
  });

async function playerOf(subscriptionId: string) {
  const [s] = await tenant((tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)));
  return s.playerId;
}

/** Three children of one parent: the first on Elite (registered first), the others on Monthly, all waiting for payment. */
async function family() {
  const first = await registerChild(t.app, a, elite, 'sib');
  const second = await registerChild(t.app, a, monthly, 'sib');
  const third = await registerChild(t.app, a, monthly, 'sib');
  const [firstPlayer, secondPlayer, thirdPlayer] = await Promise.all([first, second, third].map((c) => playerOf(c.subscriptionId)));
  await tenant(async (tx) => {
    const [link] = await tx.select().from(parentPlayers).where(eq(parentPlayers.playerId, firstPlayer));
    await tx.insert(parentPlayers).values([
      { academyId: a.id, parentId: link.parentId, playerId: secondPlayer },
      { academyId: a.id, parentId: link.parentId, playerId: thirdPlayer },
    ]);
  });
  return { first, second, third };
}

const details = async (subscriptionId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/subscriptions/${subscriptionId}/payment-details`,
    headers: { host: academyHost(a.handle) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().price;
};

/** Opens the payment page (saving the card when asked) and pays it on the sandbox's card page like a browser. */
async function payByCard(subscriptionId: string, saveCard = false) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/paytabs/payment',
    headers: { host: academyHost(a.handle) },
    payload: { subscriptionId, lang: 'ar', ...(saveCard ? { saveCard: true } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().paymentUrl);
  const fields = { card: '4111 1111 1111 1111', expiry: '12/30', cvc: '123', holder: 'K A', action: 'pay' };
  const submitted = await t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
}

const invoicesOf = (subscriptionId: string) =>
  tenant((tx) => tx.select().from(invoices).where(eq(invoices.subscriptionId, subscriptionId)).orderBy(invoices.invoiceNumber));
const documentOf = async (invoiceId: string) =>
  (await tenant((tx) => tx.select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, invoiceId))))[0];

describe('sibling prices', () => {
  it('are refused out of order, saved per academy, and read back', async () => {
    const refused = await putSettings([
      { fromChild: 3, percent: 15 },
      { fromChild: 2, percent: 10 },
    ]);
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'collections.sibling_order']);
    expect((await putSettings([{ fromChild: 1, percent: 10 }])).statusCode).toBe(400);
    expect((await putSettings([{ fromChild: 2, percent: 95 }])).statusCode).toBe(400);
    const saved = await putSettings([
      { fromChild: 2, percent: 10 },
      { fromChild: 3, percent: 15 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().siblingDiscounts).toEqual([
      { fromChild: 2, percent: 10 },
      { fromChild: 3, percent: 15 },
    ]);
    // Another academy has none; a save without the field keeps them.
    const theirs = await asMember(t.app, other)({ method: 'GET', url: '/api/collections/settings' });
    expect(theirs.json().siblingDiscounts).toEqual([]);
    const kept = await staff()({
      method: 'PUT',
      url: '/api/collections/settings',
      payload: { retryDays: [0, 2, 5], graceDays: 7, autoRenewPackageIds: [monthly] },
    });
    expect(kept.json().siblingDiscounts).toHaveLength(2);
  });

  it('price each child by their place in the family, charge and invoice it as the page showed, and pass the checker', async () => {
    const { first, second, third } = await family();
    // The dearest package first: the Elite child pays in full, the Monthly ones by registration.
    expect(await details(first.subscriptionId)).toEqual({ list: 600, allowance: 0, total: 600, sibling: null });
    expect(await details(second.subscriptionId)).toEqual({ list: 450, allowance: 45, total: 405, sibling: { position: 2, percent: 10 } });
    expect(await details(third.subscriptionId)).toEqual({
      list: 450,
      allowance: 67.5,
      total: 382.5,
      sibling: { position: 3, percent: 15 },
    });

    await payByCard(first.subscriptionId);
    await payByCard(second.subscriptionId, true);
    // The third is paid in cash at the desk: the same price.
    const cash = await staff()({
      method: 'PATCH',
      url: `/api/subscriptions/${monthly}/${third.subscriptionId}`,
      payload: { status: 'ACTIVE', sendInvoice: false, paymentMethod: 'Cash' },
    });
    expect(cash.statusCode, cash.body).toBe(200);

    const [full] = await invoicesOf(first.subscriptionId);
    const [card] = await invoicesOf(second.subscriptionId);
    const [desk] = await invoicesOf(third.subscriptionId);
    expect(full).toMatchObject({ totalHalalas: 60000, allowanceHalalas: 0, allowancePercent: null });
    expect(card).toMatchObject({ totalHalalas: 40500, allowanceHalalas: 4500, allowancePercent: 10, vatHalalas: vatIncluded(40500) });
    expect(card.subtotalHalalas).toBe(40500 - vatIncluded(40500));
    expect(desk).toMatchObject({ totalHalalas: 38250, allowanceHalalas: 6750, allowancePercent: 15, paymentMethod: 'Cash' });
    const [paid] = await tenant((tx) => tx.select().from(payments).where(eq(payments.subscriptionId, second.subscriptionId)));
    expect(paid.amountHalalas).toBe(40500);

    // The e-invoice: the line at the package's price, the allowance without VAT, VAT on what is paid.
    const xml = (await documentOf(card.id)).xml;
    const net = 45000 - vatIncluded(45000);
    const taxable = 40500 - vatIncluded(40500);
    const sar = (h: number) => (h / 100).toFixed(2);
    expect(xml).toContain('<cbc:ChargeIndicator>false</cbc:ChargeIndicator>');
    expect(xml).toContain('<cbc:AllowanceChargeReason>Sibling discount 10%</cbc:AllowanceChargeReason>');
    expect(xml).toContain(`<cbc:Amount currencyID="SAR">${sar(net - taxable)}</cbc:Amount>`);
    expect(xml).toContain(`<cbc:LineExtensionAmount currencyID="SAR">${sar(net)}</cbc:LineExtensionAmount>`);
    expect(xml).toContain(`<cbc:TaxExclusiveAmount currencyID="SAR">${sar(taxable)}</cbc:TaxExclusiveAmount>`);
    expect(xml).toContain(`<cbc:AllowanceTotalAmount currencyID="SAR">${sar(net - taxable)}</cbc:AllowanceTotalAmount>`);
    expect(xml).toContain('<cbc:PayableAmount currencyID="SAR">405.00</cbc:PayableAmount>');
    const documents = await Promise.all([full, card, desk].map((i) => documentOf(i.id)));
    const checked = await checkDocuments(documents.map((d) => d.xml));
    expect(checkerErrors(checked.report)).toEqual([]);
    expect(checked.exitCode).toBe(0);

    // The PDF the parent downloads names the allowance (poppler's pdftotext reads it as a reader would).
    const pdf = await api(t.app, { handle: a.handle })('invoicePdf', { params: { id: card.id } });
    expect(pdf.statusCode).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'kora-sibling-')), 'invoice.pdf');
    writeFileSync(file, pdf.rawPayload);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('Sibling discount 10%');

    // The portal's saved card says the next automatic charge asks the sibling price.
    const parentId = await tenant(
      async (tx) => (await tx.select().from(parentPlayers).where(eq(parentPlayers.playerId, card.userId)))[0].parentId,
    );
    const token = await withSystem(t.deps.db, (tx) =>
      createFamilySession(tx, a.id, { parentId, parentIds: [parentId], address: { kind: 'email', email: first.email } }),
    );
    const cards = await api(t.app, { handle: a.handle, token })('familySavedCards');
    expect(cards.statusCode, cards.body).toBe(200);
    expect(cards.json().cards[0].renewals).toEqual([
      expect.objectContaining({ subscriptionId: second.subscriptionId, amount: 405, nextChargeOn: '2026-12-22', state: 'scheduled' }),
    ]);

    // The automatic renewal of the second child charges the sibling price too, and invoices it so.
    t.clock.set('2026-12-22T09:00:00Z');
    try {
      const run = await runRenewals(t.app.deps, academy, t.app.log);
      expect(run.results.filter((r) => r.subscriptionId === second.subscriptionId).map((r) => r.outcome)).toEqual(['paid']);
      const [charge] = await tenant((tx) =>
        tx.select().from(renewalCharges).where(eq(renewalCharges.subscriptionId, second.subscriptionId)),
      );
      expect(charge.amountHalalas).toBe(40500);
      const renewed = (await invoicesOf(second.subscriptionId)).at(-1);
      expect(renewed).toMatchObject({ totalHalalas: 40500, allowanceHalalas: 4500, allowancePercent: 10, periodStart: '2026-12-23' });
      // Its document is the same as the page's (the checker passed those above; this one is dated after today, BR-KSA-04).
      const xmlRenewed = (await documentOf(renewed?.id ?? '')).xml;
      expect(xmlRenewed).toContain('<cbc:AllowanceChargeReason>Sibling discount 10%</cbc:AllowanceChargeReason>');
      expect(xmlRenewed).toContain('<cbc:PayableAmount currencyID="SAR">405.00</cbc:PayableAmount>');
    } finally {
      t.clock.set('2026-11-22T09:00:00Z');
    }
  });

  it('charge the full price once the family has no other child paying, and none without tiers', async () => {
    const alone = await registerChild(t.app, a, monthly, 'alone');
    expect(await details(alone.subscriptionId)).toEqual({ list: 450, allowance: 0, total: 450, sibling: null });
    const { second, third } = await family();
    expect((await details(second.subscriptionId)).sibling).toEqual({ position: 2, percent: 10 });
    // "Collected this month" counts what each payment will ask.
    const month = await api(t.app, a)('monthCollections');
    expect(month.statusCode, month.body).toBe(200);
    const due = (id: string) => month.json().items.find((i: { subscriptionId: string }) => i.subscriptionId === id)?.amount;
    expect([due(alone.subscriptionId), due(second.subscriptionId), due(third.subscriptionId)]).toEqual([450, 405, 382.5]);
    expect((await putSettings([])).statusCode).toBe(200);
    expect(await details(second.subscriptionId)).toEqual({ list: 450, allowance: 0, total: 450, sibling: null });
  });

  it('apply a charge at the price its page showed though the family changed meanwhile, and refund one whose package price changed', async () => {
    expect(
      (
        await putSettings([
          { fromChild: 2, percent: 10 },
          { fromChild: 3, percent: 15 },
        ])
      ).statusCode,
    ).toBe(200);
    const { first, second } = await family();
    expect((await details(second.subscriptionId)).total).toBe(405);
    // The page opens at 405; the elder sibling leaves before the payer confirms: the charge is applied as shown.
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/paytabs/payment',
      headers: { host: academyHost(a.handle) },
      payload: { subscriptionId: second.subscriptionId, lang: 'en' },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    await tenant((tx) => tx.update(subscriptions).set({ status: 'CANCELLED' }).where(eq(subscriptions.id, first.subscriptionId)));
    const url = new URL(opened.json().paymentUrl);
    const fields = { card: '4111 1111 1111 1111', expiry: '12/30', cvc: '123', holder: 'K A', action: 'pay' };
    await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    const [invoice] = await invoicesOf(second.subscriptionId);
    expect(invoice).toMatchObject({ totalHalalas: 40500, allowanceHalalas: 4500, allowancePercent: 10 });

    // A page opened before the package's price changed is not applied: its charge is refunded.
    const { third } = await family();
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/paytabs/payment',
      headers: { host: academyHost(a.handle) },
      payload: { subscriptionId: third.subscriptionId, lang: 'en' },
    });
    await tenant((tx) => tx.update(packages).set({ priceHalalas: 50000 }).where(eq(packages.id, monthly)));
    try {
      const page = new URL(before.json().paymentUrl);
      await t.app.inject({
        method: 'POST',
        url: page.pathname,
        headers: { host: page.host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
      expect(await invoicesOf(third.subscriptionId)).toEqual([]);
      const [s3] = await tenant((tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, third.subscriptionId)));
      expect(s3.status).toBe('PENDING');
      const refunded = await tenant((tx) =>
        tx
          .select({ state: paymentAttempts.refundState, outcome: paymentAttempts.outcome })
          .from(paymentAttempts)
          .where(eq(paymentAttempts.subscriptionId, third.subscriptionId)),
      );
      expect(refunded).toEqual([{ state: 'refunded', outcome: 'unapplied' }]);
    } finally {
      await tenant((tx) => tx.update(packages).set({ priceHalalas: 45000 }).where(eq(packages.id, monthly)));
    }
  });

  it("count a family the portal's way: a child registered again with the parent's address is a sibling once staff confirm the join", async () => {
    expect((await putSettings([{ fromChild: 2, percent: 10 }])).statusCode).toBe(200);
    const tag = Math.random().toString(36).slice(2, 8);
    const register = async (child: string, email: string, phone = `+96655${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register/parent',
        payload: {
          handle: a.handle,
          selectedPackage: monthly,
          subscriptionStartDate: null,
          parentInfo: { name: `Parent ${tag}`, phone, email },
          playerInfo: { name: `${child} ${tag}`, birthdate: '2015-03-14', gender: 'MALE' },
          consents: paperConsents,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { subscription: { id: string }; player: { id: string } };
    };
    const email = `family.${tag}@example.sa`;
    const elder = await register('Elder', email);
    // Same e-mail, another mobile, in capitals: the registration waits apart until staff confirm it.
    const younger = await register('Younger', email.toUpperCase());
    expect((await details(younger.subscription.id)).sibling).toBeNull();
    const joins = await staff()({ method: 'GET', url: '/api/family-joins' });
    const join = joins.json().find((j: { player: { id: string } }) => j.player.id === younger.player.id);
    expect(join, joins.body).toBeTruthy();
    const confirmed = await staff()({ method: 'POST', url: `/api/family-joins/${join.id}/decision`, payload: { decision: 'confirm' } });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    expect(await details(younger.subscription.id)).toEqual({ list: 450, allowance: 45, total: 405, sibling: { position: 2, percent: 10 } });
    expect((await details(elder.subscription.id)).sibling).toBeNull();
    // Kept separate: not a sibling.
    const third = await register('Third', email);
    const waiting = (await staff()({ method: 'GET', url: '/api/family-joins' }))
      .json()
      .find((j: { player: { id: string } }) => j.player.id === third.player.id);
    await staff()({ method: 'POST', url: `/api/family-joins/${waiting.id}/decision`, payload: { decision: 'separate' } });
    expect((await details(third.subscription.id)).sibling).toBeNull();

    // The same mobile, written otherwise, with another e-mail: a sibling once confirmed (the 3rd priced child: still 10 %).
    const mobile = `+96656${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const byPhone = await register('Phone elder', `phone.${tag}@example.sa`, mobile);
    const sibling = await register('Phone younger', `other.${tag}@example.sa`, `0${mobile.slice(4)}`);
    const pending = (await staff()({ method: 'GET', url: '/api/family-joins' }))
      .json()
      .find((j: { player: { id: string } }) => j.player.id === sibling.player.id);
    expect(pending).toBeTruthy();
    await staff()({ method: 'POST', url: `/api/family-joins/${pending.id}/decision`, payload: { decision: 'confirm' } });
    expect((await details(sibling.subscription.id)).sibling).toEqual({ position: 2, percent: 10 });
    expect((await details(byPhone.subscription.id)).sibling).toBeNull();
  });
});
