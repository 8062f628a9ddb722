import { allFlags } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachLogin } from '../../../test/fixtures.js';
import { type Academy, asMember, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';
import {
  accountTypes,
  autoRenewals,
  packages,
  parentPlayers,
  paymentAttempts,
  payments,
  renewalCharges,
  savedCards,
  subscriptions,
  users,
} from '../../db/schema.js';
import { type TenantTx, withTenant } from '../../db/tenant.js';

let t: TestContext;
let a: Academy;
let b: Academy;
const ids: Record<string, string> = {};

const collections = async (who: Academy | { handle: string; token: string } = a) => {
  const res = await asMember(t.app, who)({ method: 'GET', url: '/api/stats/collections' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

type Sub = Partial<typeof subscriptions.$inferInsert>;

async function family(tx: TenantTx, parentName: string | null, children: [string, Sub[]][], pkgId: string) {
  let parentId: string | null = null;
  if (parentName) {
    const [parent] = await tx
      .insert(users)
      .values({ academyId: tx.academyId, role: 'PARENT', name: parentName, nameArabic: `${parentName} (ar)` })
      .returning();
    parentId = parent.id;
  }
  for (const [name, subs] of children) {
    const [player] = await tx.insert(users).values({ academyId: tx.academyId, role: 'PLAYER', name }).returning();
    ids[name] = player.id;
    if (parentId) await tx.insert(parentPlayers).values({ academyId: tx.academyId, parentId, playerId: player.id });
    let n = 0;
    for (const row of subs) {
      const [sub] = await tx
        .insert(subscriptions)
        .values({ academyId: tx.academyId, playerId: player.id, packageId: pkgId, createdAt: new Date(Date.UTC(2026, 9, 1 + n++)), ...row })
        .returning();
      ids[`${name}#${n}`] = sub.id;
    }
  }
}

const paid = (academyId: string, subscriptionId: string, amountHalalas: number, paidAt: string, status: 'PAID' | 'FAILED' = 'PAID') => ({
  academyId,
  subscriptionId,
  amountHalalas,
  method: 'Card' as const,
  status,
  paidAt: status === 'PAID' ? new Date(paidAt) : null,
  createdAt: new Date(paidAt),
});

beforeAll(async () => {
  t = await createTestApp();
  a = await registerAndLogin(t.app);
  b = await registerAndLogin(t.app);
  await withTenant(t.deps.db, a.id, async (tx) => {
    const [monthly] = await tx
      .insert(packages)
      .values({ academyId: a.id, name: 'Monthly', nameArabic: 'شهري', monthsNumber: 1, priceHalalas: 30000 })
      .returning();
    const [term] = await tx.insert(packages).values({ academyId: a.id, name: 'Term', monthsNumber: 3, priceHalalas: 80000 }).returning();
    // Today is 2026-12-10 in Riyadh.
    await family(
      tx,
      'Huda',
      [
        ['Sara', [{ status: 'PENDING', startDate: '2026-12-05', endDate: '2027-01-04' }]], // overdue since the 5th
        ['Omar', [{ status: 'ACTIVE', startDate: '2026-11-21', endDate: '2026-12-20' }]], // due on the 21st
      ],
      monthly.id,
    );
    await family(
      tx,
      'Khalid',
      [['Lina', [{ status: 'ACTIVE', startDate: '2026-09-04', endDate: '2026-12-03', packageId: term.id }]]],
      monthly.id,
    );
    await family(
      tx,
      null,
      [
        ['Old lapse', [{ status: 'INACTIVE', startDate: '2026-10-11', endDate: '2026-11-10' }]], // fell due in November: not this month's
        ['Paid ahead', [{ status: 'ACTIVE', startDate: '2026-12-02', endDate: '2027-01-01' }]], // nothing due
        // Lapsed on 30 November, then cancelled: the later subscription ends it.
        [
          'Left',
          [
            { status: 'INACTIVE', startDate: '2026-11-01', endDate: '2026-11-30' },
            { status: 'CANCELLED', startDate: '2026-12-01', endDate: '2026-12-31' },
          ],
        ],
        ['Cancelled', [{ status: 'CANCELLED', startDate: '2026-12-01', endDate: '2026-12-31' }]],
        ['Paused', [{ status: 'PAUSED', startDate: '2026-11-01', endDate: '2026-12-05' }]],
        // Out of sessions on 8 December (Riyadh), no parent: its own family, due that day.
        [
          'Sessions',
          [{ status: 'INACTIVE', startDate: '2026-11-01', sessionsLeft: 0, totalSessions: 8, updatedAt: new Date('2026-12-08T10:00:00Z') }],
        ],
        ['Pending long', [{ status: 'PENDING', startDate: '2026-10-20', endDate: '2026-11-19' }]], // unpaid since October: still due, overdue
        ['January', [{ status: 'PENDING', startDate: '2027-01-02', endDate: '2027-02-01' }]], // next month's
      ],
      monthly.id,
    );
    // Lina's renewal was declined this month: failing. Omar's, declined in November, then a page left pending: not failing.
    const attempt = (subscriptionId: string, outcome: 'declined' | 'pending', createdAt: string, ref: string) => ({
      academyId: a.id,
      subscriptionId,
      retrySubscriptionId: subscriptionId,
      retryPage: 'renew' as const,
      provider: 'sandbox',
      providerRef: ref,
      amountHalalas: 80000,
      outcome,
      createdAt: new Date(createdAt),
    });
    await tx
      .insert(paymentAttempts)
      .values([
        attempt(ids['Lina#1'], 'declined', '2026-12-04T08:00:00Z', 'T1'),
        attempt(ids['Omar#1'], 'declined', '2026-11-25T08:00:00Z', 'T2'),
        attempt(ids['Omar#1'], 'pending', '2026-12-09T08:00:00Z', 'T3'),
      ]);
    await tx.insert(payments).values([
      paid(a.id, ids['Paid ahead#1'], 30000, '2026-12-02T09:00:00Z'), // December
      paid(a.id, ids['Omar#1'], 30000, '2026-11-30T21:00:00Z'), // 00:00 on 1 December in Riyadh
      paid(a.id, ids['Sara#1'], 30000, '2026-11-30T20:59:00Z'), // still November in Riyadh
      paid(a.id, ids['Lina#1'], 80000, '2026-12-04T08:00:00Z', 'FAILED'), // a failed charge collects nothing
    ]);
  });
  await withTenant(t.deps.db, b.id, async (tx) => {
    const [pkg] = await tx
      .insert(packages)
      .values({ academyId: b.id, name: 'B monthly', monthsNumber: 1, priceHalalas: 99900 })
      .returning();
    await family(tx, 'B parent', [['B child', [{ status: 'PENDING', startDate: '2026-12-01', endDate: '2026-12-31' }]]], pkg.id);
    await tx.insert(payments).values(paid(b.id, ids['B child#1'], 12300, '2026-12-03T09:00:00Z'));
  });
});
afterAll(() => t.close());

describe('collected this month', () => {
  it('counts what is due, collected, failing and overdue in the Riyadh month, families once', async () => {
    t.clock.set('2026-12-10T09:00:00Z');
    const body = await collections();
    expect(body.month).toBe('2026-12-01');
    // Due: Sara 300, Omar 300 (Huda's two), Lina 800 (Khalid), Sessions 300, Pending long 300.
    expect(body.due).toEqual({ amount: 2000, families: 4 });
    // Paid on 1 and 2 December (Riyadh): Omar's (Huda) and Paid ahead's (its own family).
    expect(body.collected).toEqual({ amount: 600, families: 2 });
    expect(body.failing).toEqual({ amount: 800, families: 1 });
    // Sara's start (5th), Sessions' (8th) and Pending long's (October) have passed.
    expect(body.overdue).toEqual({ amount: 900, families: 3 });
    expect(
      body.items.map((i: { player: { name: string }; state: string; dueDate: string }) => [i.player.name, i.state, i.dueDate]),
    ).toEqual([
      ['Pending long', 'overdue', '2026-10-20'],
      ['Sara', 'overdue', '2026-12-05'],
      ['Sessions', 'overdue', '2026-12-08'],
      ['Lina', 'failing', '2026-12-04'],
      ['Omar', 'due', '2026-12-21'],
    ]);
    expect(body.items[1]).toEqual({
      subscriptionId: ids['Sara#1'],
      subscriptionStatus: 'PENDING',
      state: 'overdue',
      dueDate: '2026-12-05',
      amount: 300,
      player: { id: ids.Sara, name: 'Sara', nameArabic: null },
      family: { name: 'Huda', nameArabic: 'Huda (ar)' },
      package: { name: 'Monthly', nameArabic: 'شهري' },
      autoRenewal: null,
    });
    expect(body.items[3]).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      amount: 800,
      family: { name: 'Khalid' },
      package: { name: 'Term' },
    });
    expect(body.items[2].family).toEqual({ name: 'Sessions', nameArabic: null });
  });

  it('moves with the Riyadh month: at 21:00 UTC on 30 November it is December', async () => {
    t.clock.set('2026-11-30T20:30:00Z');
    const november = await collections();
    expect(november.month).toBe('2026-11-01');
    // Sara's payment at 23:59 on the 30th (Riyadh) is November's; Omar's a minute later is not.
    expect(november.collected).toEqual({ amount: 300, families: 1 });
    // Pending long since 20 October, Old lapse on 11 November; December's starts and ends are not yet due.
    expect(november.items.map((i: { player: { name: string } }) => i.player.name)).toEqual(['Pending long', 'Old lapse']);
    t.clock.set('2026-11-30T21:00:00Z');
    expect((await collections()).month).toBe('2026-12-01');
  });

  it('keeps academies apart: each sees only its own payments and subscriptions', async () => {
    t.clock.set('2026-12-10T09:00:00Z');
    const other = await collections(b);
    expect(other.due).toEqual({ amount: 999, families: 1 });
    expect(other.collected).toEqual({ amount: 123, families: 1 });
    expect(other.items.map((i: { player: { name: string } }) => i.player.name)).toEqual(['B child']);
    expect((await collections()).collected).toEqual({ amount: 600, families: 2 });
  });

  it('needs a token (401) and R:Settings, the payments history’s right (403 for a coach who reads the dashboard)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/collections' })).statusCode).toBe(401);
    const coach = await coachLogin(t.app, a, 'Coach Money');
    expect((await asMember(t.app, coach)({ method: 'GET', url: '/api/stats/collections' })).statusCode).toBe(403);
    await withTenant(t.deps.db, a.id, async (tx) => {
      const [type] = await tx
        .insert(accountTypes)
        .values({ academyId: a.id, name: 'Accounts', ...allFlags(false), canReadDashboard: true, canReadSettings: true })
        .returning();
      await tx.update(users).set({ accountTypeId: type.id }).where(eq(users.id, coach.id));
    });
    expect((await collections(coach)).due.amount).toBe(2000);
  });

  it('shows what a saved card renews: its next charge, and a refused renewal as failing', async () => {
    t.clock.set('2026-12-10T09:00:00Z');
    await withTenant(t.deps.db, a.id, async (tx) => {
      const [renewing] = await tx
        .insert(packages)
        .values({ academyId: a.id, name: 'Renewing', monthsNumber: 1, priceHalalas: 25000, autoRenew: true })
        .returning();
      // Renews itself on the 15th; Declined's renewal on the 8th was refused and is tried again today.
      await family(
        tx,
        'Reem',
        [
          ['Renews', [{ status: 'ACTIVE', startDate: '2026-11-16', endDate: '2026-12-15' }]],
          ['Declined', [{ status: 'ACTIVE', startDate: '2026-11-09', endDate: '2026-12-08' }]],
        ],
        renewing.id,
      );
      const [parent] = await tx.select({ id: parentPlayers.parentId }).from(parentPlayers).where(eq(parentPlayers.playerId, ids.Renews));
      const [card] = await tx
        .insert(savedCards)
        .values({
          academyId: a.id,
          parentId: parent.id,
          provider: 'sandbox',
          token: 'tok-reem',
          firstTranRef: 'TST-REEM-1',
          label: 'Visa •••• 1111',
          consentVersion: '1',
          consentLang: 'ar',
          consentedAt: new Date('2026-11-16T09:00:00Z'),
        })
        .returning();
      await tx.insert(autoRenewals).values([
        { academyId: a.id, subscriptionId: ids['Renews#1'], savedCardId: card.id },
        { academyId: a.id, subscriptionId: ids['Declined#1'], savedCardId: card.id },
      ]);
      await tx.insert(renewalCharges).values({
        academyId: a.id,
        subscriptionId: ids['Declined#1'],
        periodKey: 'end:2026-12-08',
        dueOn: '2026-12-08',
        state: 'due',
        tries: 1,
        nextTryOn: '2026-12-10',
        lastStatus: 'D',
        lastMessage: 'Declined',
        updatedAt: new Date('2026-12-08T06:00:00Z'),
      });
    });
    const body = await collections();
    const row = (name: string) => body.items.find((i: { player: { name: string } }) => i.player.name === name);
    expect(row('Renews')).toMatchObject({ state: 'due', dueDate: '2026-12-16', autoRenewal: { nextChargeOn: '2026-12-15' } });
    expect(row('Declined')).toMatchObject({ state: 'failing', dueDate: '2026-12-09', autoRenewal: { nextChargeOn: '2026-12-10' } });
    // Lina's declined page (800) and Declined's refused renewal (250): two families failing.
    expect(body.failing).toEqual({ amount: 1050, families: 2 });
    // A subscription no saved card renews says so.
    expect(row('Omar').autoRenewal).toBeNull();

    // The tries are over: still failing, no next charge.
    await withTenant(t.deps.db, a.id, (tx) =>
      tx.update(renewalCharges).set({ state: 'failed', nextTryOn: null }).where(eq(renewalCharges.subscriptionId, ids['Declined#1'])),
    );
    const after = (await collections()).items.find((i: { player: { name: string } }) => i.player.name === 'Declined');
    expect(after).toMatchObject({ state: 'failing', autoRenewal: { nextChargeOn: null } });
  });
});
