/**
 * Money records are never deleted with people: a player with a
 * payment or an invoice is refused with 409 and nothing changes, the database itself refuses such a
 * delete (migration 0018), and deleting a player or adding one with a package leaves an audit row.
 */
import { type AuditEvent, riyadhToday } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { multipart, parentInfo, playerInfo } from '../../../test/fixtures.js';
import { academyHost, loginAs } from '../../../test/harness.js';
import { invoices, packages, payments, subscriptions, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

const t = useTestApp({ academies: 1 });
const [a] = t.academies;
let receptionist: { handle: string; token: string };
let monthly: string;

beforeAll(async () => {
  [{ id: monthly }] = await withTenant(t.deps.db, a.id, (tx) =>
    tx.insert(packages).values({ academyId: a.id, name: 'Monthly', priceHalalas: 45000, monthsNumber: 1 }).returning(),
  );
  // The demo's receptionist: players read and write, nothing else.
  const type = await api(t.app, a)('createAccountType', { body: { name: 'Receptionist', canReadPlayers: true, canWritePlayers: true } });
  expect(type.statusCode, type.body).toBe(201);
  const email = `reception@${a.handle}.sa`;
  const staff = await api(t.app, a)('createStaffUser', { body: { name: 'Noura', email, accountTypeId: type.json().id } });
  expect(staff.statusCode, staff.body).toBe(201);
  receptionist = { handle: a.handle, token: await loginAs(t.app, a.handle, email, staff.json().password) };
});

/** A player added through the staff wizard, with a PENDING subscription of Monthly when `withPackage`. */
async function newPlayer(name: string, withPackage: boolean) {
  const fields: Record<string, string> = { parentInfo: JSON.stringify(parentInfo), playerInfo: JSON.stringify(playerInfo({ name })) };
  if (withPackage) Object.assign(fields, { selectedPackage: monthly, packageType: 'TIME_BASED' });
  const res = await api(t.app, a)('createParentPlayer', { ...multipart(fields) });
  expect(res.statusCode, res.body).toBe(201);
  return { playerId: res.json().player.id as string, subscriptionId: (res.json().subscription?.id ?? null) as string | null };
}

/** Pays a PENDING subscription in cash with its invoice, as staff do. */
const payCash = (subscriptionId: string) =>
  api(t.app, a)('activateSubscription', {
    params: { packageId: monthly, subscriptionId },
    body: { status: 'ACTIVE', sendInvoice: true },
  });

const deletePlayer = (id: string, who: { handle: string; token: string } = receptionist) =>
  api(t.app, who)('deleteUser', { params: { id } });

const today = () => riyadhToday(t.clock.now());
const trail = async () =>
  (await api(t.app, a)('listAuditEvents', { query: { startDate: today(), endDate: today() } })).json() as AuditEvent[];

const inAcademy = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(t.deps.db, a.id, work);
const moneyRows = () =>
  inAcademy(async (tx) => ({
    subscriptions: (await tx.select({ id: subscriptions.id }).from(subscriptions)).length,
    payments: (await tx.select({ id: payments.id }).from(payments)).length,
    invoices: (await tx.select({ n: invoices.invoiceNumber }).from(invoices).orderBy(invoices.invoiceNumber)).map((r) => r.n),
  }));

describe('deleting a player with payments', () => {
  it('answers 409 to the receptionist and keeps the player, the payment, the invoice, its public link and the numbering', async () => {
    const paid = await newPlayer('Paid Player', true);
    const later = await newPlayer('Later Payer', true);
    expect((await payCash(paid.subscriptionId!)).statusCode).toBe(200);
    expect((await payCash(later.subscriptionId!)).statusCode).toBe(200);
    const [invoice] = await inAcademy((tx) => tx.select().from(invoices).where(eq(invoices.userId, paid.playerId)));
    const before = await moneyRows();
    expect(before.invoices).toEqual([1, 2]);
    const auditRows = (await trail()).length;

    const res = await deletePlayer(paid.playerId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'player.has_payments',
      message: 'This player has payments or invoices, which must be kept, so the player cannot be deleted',
    });

    // Nothing changed: the player, their subscription, payment and invoice stay, numbered 1 and 2.
    expect((await api(t.app, a)('getUser', { params: { id: paid.playerId } })).statusCode).toBe(200);
    expect(await moneyRows()).toEqual(before);
    const pdf = await api(t.app)('invoicePdf', { params: { id: invoice.id }, headers: { host: academyHost(a.handle) } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // A refused call leaves no audit row.
    expect((await trail()).length).toBe(auditRows);
  });

  it('is refused by the database whatever the code path: the player, the subscription and the payment of an invoice stay', async () => {
    const paid = await newPlayer('Kept By Keys', true);
    expect((await payCash(paid.subscriptionId!)).statusCode).toBe(200);
    const [payment] = await inAcademy((tx) => tx.select().from(payments).where(eq(payments.subscriptionId, paid.subscriptionId!)));
    const before = await moneyRows();
    await expect(inAcademy((tx) => tx.delete(users).where(eq(users.id, paid.playerId)))).rejects.toThrow();
    await expect(inAcademy((tx) => tx.delete(subscriptions).where(eq(subscriptions.id, paid.subscriptionId!)))).rejects.toThrow();
    await expect(inAcademy((tx) => tx.delete(payments).where(eq(payments.id, payment.id)))).rejects.toThrow();
    expect(await moneyRows()).toEqual(before);
    expect(await inAcademy((tx) => tx.select({ id: users.id }).from(users).where(eq(users.id, paid.playerId)))).toHaveLength(1);
  });

  it('never loses a payment recorded at the same moment: either the delete is refused or the payment finds no subscription', async () => {
    const racing = await newPlayer('Racing Player', true);
    const [del, pay] = await Promise.all([deletePlayer(racing.playerId), payCash(racing.subscriptionId!)]);
    expect([del.statusCode, pay.statusCode].sort()).toEqual(del.statusCode === 204 ? [204, 404] : [200, 409]);
    const left = await inAcademy((tx) => tx.select().from(payments).where(eq(payments.subscriptionId, racing.subscriptionId!)));
    expect(left).toHaveLength(pay.statusCode === 200 ? 1 : 0);
  });
});

describe('deleting a player without payments', () => {
  it('answers 204, takes their unpaid subscription with them and writes an audit row naming the player', async () => {
    const unpaid = await newPlayer('Never Paid', true);
    const res = await deletePlayer(unpaid.playerId);
    expect(res.statusCode).toBe(204);
    expect(await inAcademy((tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, unpaid.subscriptionId!)))).toEqual([]);
    const row = (await trail()).find((r) => r.action === 'deleteUser' && r.targetId === unpaid.playerId);
    expect(row).toMatchObject({
      actor: { name: 'Noura' },
      details: { effect: { player: { name: 'Never Paid' }, subscriptionsDeleted: 1 } },
    });
  });

  it('answers 404 for an unknown player and audits nothing', async () => {
    const auditRows = (await trail()).length;
    expect((await deletePlayer('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await trail()).length).toBe(auditRows);
  });
});

describe('adding a player with a package', () => {
  it('writes an audit row with the subscription it opened; without a package, none', async () => {
    const withPackage = await newPlayer('Subscribed Player', true);
    const rows = await trail();
    expect(rows.find((r) => r.action === 'createParentPlayer' && r.targetId === withPackage.playerId)).toMatchObject({
      actor: { id: a.userId },
      details: { effect: { subscription: { id: withPackage.subscriptionId, packageId: monthly, status: 'PENDING' } } },
    });
    const without = await newPlayer('Unsubscribed Player', false);
    expect((await trail()).filter((r) => r.action === 'createParentPlayer' && r.targetId === without.playerId)).toEqual([]);
  });
});
