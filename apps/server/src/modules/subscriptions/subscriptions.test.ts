import { allFlags, type ManagedSubscription, type PermissionFlags, type SubscriptionRow, type SubscriptionStatus } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { addPlayer, coachLogin } from '../../../test/fixtures.js';
import { type Academy, asMember, countStatements, LIST_STATEMENTS, registerAndLogin } from '../../../test/harness.js';
import { accountTypes, invoices, packages, parentPlayers, payments, subscriptions, teamPlayers, teams, users } from '../../db/schema.js';
import { withSystem, withTenant } from '../../db/tenant.js';
import { createSession } from '../auth/sessions.js';

const t = useTestApp({ academies: 2 });
const [a, b] = t.academies;
/** Packages of academy a by purpose. */
const pkg = {
  /** 1 month, 450.50 SAR, may pause, no trial. */
  monthly: '',
  /** 1 month with a 7-day trial, may pause. */
  trial: '',
  /** 3 months, may not pause. */
  quarter: '',
  /** 2 sessions. */
  sessions: '',
  inactive: '',
  archived: '',
};
let foreignPkg = '';
const START = '2026-11-22T09:00:00Z'; // the harness clock's start: today is 2026-11-22 in Riyadh

type Who = { handle: string; token: string };
const call = (who: Who = a) => api(t.app, who);
const patch = (url: string, payload?: object, who: Who = a) =>
  asMember(t.app, who)({ method: 'PATCH', url: `/api/subscriptions/${url}`, ...(payload ? { payload } : {}) });
const create = (playerId: string, packageId: string, who: Who = a) =>
  call(who)('createSubscription', { params: { playerId }, body: { packageId, sendInvoice: false } });
const activate = (packageId: string, id: string, extra: object = {}, who: Who = a) =>
  patch(`${packageId}/${id}`, { status: 'ACTIVE', sendInvoice: false, paymentMethod: 'Cash', ...extra }, who);
const list = async (who: Who = a) => {
  const res = await call(who)('listSubscriptions');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SubscriptionRow[];
};
const rowOf = async (playerId: string) => (await list()).find((r) => r.player.id === playerId);

let seq = 0;
/** A player of academy a, straight into the database (the state table needs many). */
async function seedPlayer(name = `Player ${++seq}`, academy: Academy = a) {
  const [p] = await withTenant(t.deps.db, academy.id, (tx) =>
    tx.insert(users).values({ academyId: academy.id, role: 'PLAYER', name, birthdate: '2015-01-01' }).returning(),
  );
  return p.id;
}

/** A parent with an e-mail for a player, straight into the database: answers the address. */
async function seedParentOf(playerId: string) {
  const email = `parent-of-${playerId.slice(0, 8)}@example.sa`;
  await withTenant(t.deps.db, a.id, async (tx) => {
    const [parent] = await tx.insert(users).values({ academyId: a.id, role: 'PARENT', name: 'A Parent', email }).returning();
    await tx.insert(parentPlayers).values({ academyId: a.id, parentId: parent.id, playerId });
  });
  return email;
}

/** A subscription in any state, straight into the database. */
async function seedSubscription(playerId: string, values: Partial<typeof subscriptions.$inferInsert> & { packageId: string }) {
  const [s] = await withTenant(t.deps.db, a.id, (tx) =>
    tx
      .insert(subscriptions)
      .values({ academyId: a.id, playerId, status: 'PENDING', startDate: '2026-11-15', endDate: '2026-12-15', ...values })
      .returning(),
  );
  return s;
}
const dbRow = async (id: string) => {
  const [s] = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, id)));
  return s;
};
const paymentsOf = (id: string) => withTenant(t.deps.db, a.id, (tx) => tx.select().from(payments).where(eq(payments.subscriptionId, id)));
const invoicesOf = (id: string) => withTenant(t.deps.db, a.id, (tx) => tx.select().from(invoices).where(eq(invoices.subscriptionId, id)));

/** A member of academy a whose account type has exactly these flags. */
async function memberWith(flags: Partial<PermissionFlags>): Promise<Who> {
  const userId = await withTenant(t.deps.db, a.id, async (tx) => {
    const [type] = await tx
      .insert(accountTypes)
      .values({ academyId: a.id, name: `type-${Math.random()}`, ...allFlags(false), ...flags })
      .returning();
    const [u] = await tx.insert(users).values({ academyId: a.id, role: 'ADMIN', name: 'Staff', accountTypeId: type.id }).returning();
    return u.id;
  });
  const token = await withSystem(t.deps.db, (tx) => createSession(tx, a.id, userId));
  return { handle: a.handle, token };
}

beforeAll(async () => {
  const made = await withTenant(t.deps.db, a.id, (tx) =>
    tx
      .insert(packages)
      .values([
        { academyId: a.id, name: 'Monthly', nameArabic: 'شهري', priceHalalas: 45050, monthsNumber: 1, allowPause: true },
        { academyId: a.id, name: 'Trial monthly', priceHalalas: 30000, monthsNumber: 1, hasTrial: true, trialDays: 7, allowPause: true },
        { academyId: a.id, name: 'Quarter', priceHalalas: 120000, monthsNumber: 3 },
        { academyId: a.id, name: '2 sessions', priceHalalas: 20000, packageType: 'SESSION_BASED', sessionsCount: 2, allowPause: true },
        { academyId: a.id, name: 'Old', priceHalalas: 1000, monthsNumber: 1, isActive: false },
        { academyId: a.id, name: 'Archived', priceHalalas: 1000, monthsNumber: 1, archivedAt: new Date() },
      ])
      .returning(),
  );
  [pkg.monthly, pkg.trial, pkg.quarter, pkg.sessions, pkg.inactive, pkg.archived] = made.map((p) => p.id);
  const [foreign] = await withTenant(t.deps.db, b.id, (tx) =>
    tx.insert(packages).values({ academyId: b.id, name: 'B monthly', priceHalalas: 100, monthsNumber: 1 }).returning(),
  );
  foreignPkg = foreign.id;
}, 60_000);
afterEach(() => {
  t.clock.set(START);
});

describe('the lifecycle as a state table', () => {
  type Action = 'activate' | 'changePackage' | 'cancel' | 'pause' | 'resume' | 'create';
  const STATES: SubscriptionStatus[] = ['PENDING', 'ACTIVE', 'TRIAL', 'PAUSED', 'INACTIVE', 'CANCELLED'];
  /** The state after the action, or 409 when the state does not allow it. `create` is a new subscription for the same player. */
  const TABLE: Record<SubscriptionStatus, Record<Action, SubscriptionStatus | 409>> = {
    PENDING: { activate: 'ACTIVE', changePackage: 'PENDING', cancel: 'CANCELLED', pause: 409, resume: 409, create: 409 },
    ACTIVE: { activate: 409, changePackage: 409, cancel: 'CANCELLED', pause: 'PAUSED', resume: 409, create: 409 },
    TRIAL: { activate: 409, changePackage: 409, cancel: 'CANCELLED', pause: 'PAUSED', resume: 409, create: 409 },
    PAUSED: { activate: 409, changePackage: 409, cancel: 'CANCELLED', pause: 409, resume: 'ACTIVE', create: 409 },
    INACTIVE: { activate: 409, changePackage: 409, cancel: 'CANCELLED', pause: 409, resume: 409, create: 'PENDING' },
    CANCELLED: { activate: 409, changePackage: 409, cancel: 409, pause: 409, resume: 409, create: 'PENDING' },
  };
  /** Rows whose dates keep them in their state today (2026-11-22): nothing expires during the call. */
  const seedIn = (status: SubscriptionStatus, playerId: string) =>
    seedSubscription(playerId, {
      status,
      // A trial keeps its state only with trial days left; the others use a plain pausable package.
      packageId: status === 'TRIAL' ? pkg.trial : pkg.monthly,
      startDate: status === 'TRIAL' ? '2026-11-20' : '2026-11-15',
      endDate: status === 'INACTIVE' ? '2026-11-01' : '2026-12-15',
      pausedAt: status === 'PAUSED' ? new Date('2026-11-20T09:00:00Z') : null,
    });
  const run = (action: Action, s: { id: string; playerId: string; packageId: string }) => {
    switch (action) {
      case 'activate':
        return activate(s.packageId, s.id);
      case 'changePackage':
        return patch(`${s.id}/package`, { packageId: pkg.quarter });
      case 'create':
        return create(s.playerId, pkg.monthly);
      default:
        return patch(`${s.id}/${action}`);
    }
  };

  for (const state of STATES) {
    for (const action of Object.keys(TABLE[state]) as Action[]) {
      const expected = TABLE[state][action];
      it(`${action} on ${state} → ${expected === 409 ? '409, unchanged' : expected}`, async () => {
        const playerId = await seedPlayer();
        const before = await seedIn(state, playerId);
        const res = await run(action, before);
        if (expected === 409) {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json()).toMatchObject({ code: 'subscription.state_conflict', params: { status: state } });
          expect(await dbRow(before.id)).toEqual(before);
          expect(await paymentsOf(before.id)).toEqual([]);
          return;
        }
        expect(res.statusCode, res.body).toBe(action === 'create' ? 201 : 200);
        const answered = res.json() as ManagedSubscription;
        expect(answered.status).toBe(expected);
        expect(answered.userId).toBe(playerId);
        if (action === 'create') {
          expect(answered.id).not.toBe(before.id);
          expect(await dbRow(before.id)).toEqual(before);
        } else {
          expect(answered.id).toBe(before.id);
          expect((await dbRow(before.id)).status).toBe(expected);
        }
        if (action === 'changePackage') expect(answered.package.id).toBe(pkg.quarter);
        if (action === 'activate') expect(await paymentsOf(before.id)).toHaveLength(1);
        if (action === 'resume') expect(answered.endDate).toBe('2026-12-17'); // paused on the 20th, resumed on the 22nd
        if (action === 'pause') expect((await dbRow(before.id)).pausedAt).toEqual(t.clock.now());
      });
    }
  }
});

describe('creating and changing a PENDING subscription', () => {
  it('creates a PENDING subscription starting today (Riyadh) with its period, and lists it as the latest', async () => {
    const playerId = await seedPlayer('Creation Case');
    // 23:30 in UTC is already the next day in Riyadh.
    t.clock.set('2026-11-22T22:30:00Z');
    const res = await create(playerId, pkg.monthly);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      status: 'PENDING',
      startDate: '2026-11-23',
      endDate: '2026-12-23',
      sessionsLeft: null,
      totalSessions: null,
      userId: playerId,
      package: { id: pkg.monthly, name: 'Monthly', nameArabic: 'شهري', packageType: 'TIME_BASED', price: 450.5, allowPause: true },
    });
    expect((await rowOf(playerId))?.subscription).toEqual(res.json());
  });

  it('gives a session-based subscription its sessions and no end date', async () => {
    const res = await create(await seedPlayer(), pkg.sessions);
    expect(res.json()).toMatchObject({ status: 'PENDING', endDate: null, sessionsLeft: 2, totalSessions: 2 });
  });

  it('refuses a second subscription while one is pending, with its status', async () => {
    const playerId = await seedPlayer();
    expect((await create(playerId, pkg.monthly)).statusCode).toBe(201);
    const again = await create(playerId, pkg.quarter);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'subscription.state_conflict',
      message: 'This action is not allowed for a subscription in its current state',
      params: { status: 'PENDING' },
    });
  });

  it('refuses inactive, archived and unknown packages and unknown players', async () => {
    const playerId = await seedPlayer();
    for (const id of [pkg.inactive, pkg.archived, foreignPkg, '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f']) {
      const res = await create(playerId, id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'package.not_found', issues: [{ path: 'packageId', code: 'package.not_found' }] });
    }
    const unknown = await create('3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f', pkg.monthly);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('player.not_found');
    // A coach is not a player.
    const coach = await coachLogin(t.app, a);
    expect((await create(coach.id, pkg.monthly)).statusCode).toBe(404);
    expect(await withTenant(t.deps.db, a.id, (tx) => tx.select().from(subscriptions).where(eq(subscriptions.playerId, playerId)))).toEqual(
      [],
    );
  });

  it('changes the package while PENDING: the period follows the new package, from the same start', async () => {
    const playerId = await seedPlayer();
    const created = (await create(playerId, pkg.monthly)).json() as ManagedSubscription;
    const toSessions = await patch(`${created.id}/package`, { packageId: pkg.sessions });
    expect(toSessions.statusCode, toSessions.body).toBe(200);
    expect(toSessions.json()).toMatchObject({
      status: 'PENDING',
      startDate: '2026-11-22',
      endDate: null,
      sessionsLeft: 2,
      totalSessions: 2,
      package: { id: pkg.sessions, packageType: 'SESSION_BASED' },
    });
    const toQuarter = await patch(`${created.id}/package`, { packageId: pkg.quarter });
    expect(toQuarter.json()).toMatchObject({
      endDate: '2027-02-22',
      sessionsLeft: null,
      totalSessions: null,
      package: { id: pkg.quarter },
    });
    const archived = await patch(`${created.id}/package`, { packageId: pkg.archived });
    expect(archived.statusCode).toBe(400);
    expect(archived.json().code).toBe('package.not_found');
    expect((await dbRow(created.id)).packageId).toBe(pkg.quarter);
  });
});

describe('manual (cash) activation', () => {
  it('records one cash payment of the price and, with sendInvoice, one invoice', async () => {
    const playerId = await seedPlayer();
    const created = (await create(playerId, pkg.monthly)).json() as ManagedSubscription;
    const res = await activate(pkg.monthly, created.id, { startDate: '2026-11-25', sendInvoice: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, status: 'ACTIVE', startDate: '2026-11-25', endDate: '2026-12-25' });
    const paid = await paymentsOf(created.id);
    expect(paid).toEqual([expect.objectContaining({ method: 'Cash', status: 'PAID', amountHalalas: 45050, providerRef: null })]);
    const issued = await invoicesOf(created.id);
    expect(issued).toEqual([
      expect.objectContaining({
        paymentId: paid[0].id,
        userId: playerId,
        totalHalalas: 45050,
        paymentMethod: 'Cash',
        packageName: 'Monthly',
      }),
    ]);
    // Done once: a second activation is a state conflict and pays nothing more.
    expect((await activate(pkg.monthly, created.id, { sendInvoice: true })).statusCode).toBe(409);
    expect(await paymentsOf(created.id)).toHaveLength(1);
    expect(await invoicesOf(created.id)).toHaveLength(1);
  });

  it('issues the invoice without sendInvoice too (every payment has one: in the history, the CSV and its totals), mailing no one; starts today without a start date', async () => {
    const playerId = await seedPlayer();
    const parentEmail = await seedParentOf(playerId);
    const created = (await create(playerId, pkg.quarter)).json() as ManagedSubscription;
    const res = await patch(`${pkg.quarter}/${created.id}`, { status: 'ACTIVE', sendInvoice: false, paymentMethod: 'Cash' });
    expect(res.json()).toMatchObject({ status: 'ACTIVE', startDate: '2026-11-22', endDate: '2027-02-22' });
    const paid = await paymentsOf(created.id);
    expect(paid).toHaveLength(1);
    const [invoice] = await invoicesOf(created.id);
    expect(invoice).toMatchObject({ paymentId: paid[0].id, paymentMethod: 'Cash', totalHalalas: paid[0].amountHalalas });
    const history = await call()('listInvoices', { query: { startDate: '2026-11-01', endDate: '2026-11-30' } });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toContainEqual(expect.objectContaining({ id: invoice.id, totalAmount: paid[0].amountHalalas / 100 }));
    const csv = await call()('exportInvoices', { query: { month: '2026-11' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(String(invoice.invoiceNumber));
    expect((await t.deps.mailer.outbox(500)).filter((m) => m.to === parentEmail)).toEqual([]);
  });

  it('with sendInvoice the parent is mailed the invoice, with its page and PDF links', async () => {
    const playerId = await seedPlayer();
    const parentEmail = await seedParentOf(playerId);
    const created = (await create(playerId, pkg.monthly)).json() as ManagedSubscription;
    expect((await activate(pkg.monthly, created.id, { sendInvoice: true })).statusCode).toBe(200);
    const [invoice] = await invoicesOf(created.id);
    const mails = (await t.deps.mailer.outbox(500)).filter((m) => m.to === parentEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`/subscription-invoice/${invoice.id}`);
    expect(mails[0].text).toContain(`/api/invoices/${invoice.id}`);
  });

  it('switches to the package of the path first when it differs', async () => {
    const created = (await create(await seedPlayer(), pkg.monthly)).json() as ManagedSubscription;
    const res = await activate(pkg.sessions, created.id);
    expect(res.json()).toMatchObject({ status: 'ACTIVE', endDate: null, sessionsLeft: 2, totalSessions: 2, package: { id: pkg.sessions } });
    expect((await paymentsOf(created.id))[0].amountHalalas).toBe(20000);
    const other = (await create(await seedPlayer(), pkg.monthly)).json() as ManagedSubscription;
    const inactive = await activate(pkg.inactive, other.id);
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().code).toBe('package.not_found');
    expect(await dbRow(other.id)).toMatchObject({ status: 'PENDING', packageId: pkg.monthly });
    expect(await paymentsOf(other.id)).toEqual([]);
  });

  it('a cash activation of a trial package is a paid period, ACTIVE from its start: a trial is free and starts at registration', async () => {
    const playerId = await seedPlayer();
    const first = (await create(playerId, pkg.trial)).json() as ManagedSubscription;
    const paid = await activate(pkg.trial, first.id, { startDate: '2026-11-22' });
    expect(paid.json()).toMatchObject({ status: 'ACTIVE', startDate: '2026-11-22', endDate: '2026-12-22' });
  });
});

describe('states that follow the calendar and attendance', () => {
  it('moves a paid TRIAL to ACTIVE after the trial days, an unpaid one to INACTIVE after its last day, and ACTIVE to INACTIVE after the end date, on read', async () => {
    const playerId = await seedPlayer();
    const unpaidPlayer = await seedPlayer();
    // Registered on 2026-11-22 with the 7-day trial: free until 2026-11-28; the first paid during it, its month from 2026-11-29.
    const created = await seedSubscription(playerId, {
      packageId: pkg.trial,
      status: 'TRIAL',
      startDate: '2026-11-22',
      endDate: '2026-12-29',
    });
    await seedSubscription(unpaidPlayer, { packageId: pkg.trial, status: 'TRIAL', startDate: '2026-11-22', endDate: '2026-11-28' });
    expect((await rowOf(playerId))?.subscription?.status).toBe('TRIAL');
    t.clock.set('2026-11-28T09:00:00Z');
    expect((await rowOf(playerId))?.subscription?.status).toBe('TRIAL');
    expect((await rowOf(unpaidPlayer))?.subscription?.status).toBe('TRIAL');
    t.clock.set('2026-11-29T09:00:00Z');
    expect((await rowOf(playerId))?.subscription?.status).toBe('ACTIVE');
    expect((await rowOf(unpaidPlayer))?.subscription?.status).toBe('INACTIVE');
    t.clock.set('2026-12-29T09:00:00Z');
    expect((await rowOf(playerId))?.subscription?.status).toBe('ACTIVE');
    t.clock.set('2026-12-30T09:00:00Z');
    expect((await rowOf(playerId))?.subscription).toMatchObject({ id: created.id, status: 'INACTIVE' });
    // Expired: a new subscription may be created, and becomes the latest once it has the later end date.
    const renewed = await create(playerId, pkg.monthly);
    expect(renewed.statusCode, renewed.body).toBe(201);
    expect((await rowOf(playerId))?.subscription).toMatchObject({ id: renewed.json().id, status: 'PENDING', endDate: '2027-01-30' });
  });

  it('ends a session-based subscription when attendance uses its last session, and returns it when unmarked', async () => {
    const playerId = await addPlayer(t.app, a, { name: 'Session Player' });
    const created = (await create(playerId, pkg.sessions)).json() as ManagedSubscription;
    await activate(pkg.sessions, created.id);
    const team = await call()('createTeam', { body: { name: 'Session team', playerIds: [playerId] } });
    expect(team.statusCode, team.body).toBe(201);
    const participantIds: string[] = [];
    for (const date of ['2026-11-23', '2026-11-24']) {
      const ev = await call()('createEvent', {
        body: { type: 'TRAINING_SESSION', date, time: '17:00', endTime: '18:00', field: 'A', teamIds: [team.json().id] },
      });
      expect(ev.statusCode, ev.body).toBe(201);
      const event = Array.isArray(ev.json()) ? ev.json()[0] : ev.json();
      participantIds.push(event.participants.find((x: { user: { id: string } }) => x.user.id === playerId).id);
    }
    const mark = (id: string, status: string) => call()('setParticipantStatus', { params: { participantId: id }, body: { status } });
    expect((await mark(participantIds[0], 'ATTENDED')).statusCode).toBe(200);
    expect((await rowOf(playerId))?.subscription).toMatchObject({ status: 'ACTIVE', sessionsLeft: 1, totalSessions: 2 });
    await mark(participantIds[1], 'ATTENDED');
    expect((await rowOf(playerId))?.subscription).toMatchObject({ status: 'INACTIVE', sessionsLeft: 0 });
    await mark(participantIds[1], 'ABSENT');
    expect((await rowOf(playerId))?.subscription).toMatchObject({ status: 'ACTIVE', sessionsLeft: 1 });
  });

  it('refuses to pause when the package does not allow it, and moves the end date by the days paused', async () => {
    const refused = (await create(await seedPlayer(), pkg.quarter)).json() as ManagedSubscription;
    await activate(pkg.quarter, refused.id);
    const res = await patch(`${refused.id}/pause`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'subscription.pause_not_allowed', message: 'This package does not allow pausing' });
    expect((await dbRow(refused.id)).status).toBe('ACTIVE');

    const created = (await create(await seedPlayer(), pkg.monthly)).json() as ManagedSubscription;
    await activate(pkg.monthly, created.id); // 2026-11-22 → 2026-12-22
    expect((await patch(`${created.id}/pause`)).json()).toMatchObject({ status: 'PAUSED', endDate: '2026-12-22' });
    // A paused subscription does not expire while paused.
    t.clock.set('2027-01-05T09:00:00Z');
    expect((await dbRow(created.id)).status).toBe('PAUSED');
    await list();
    expect((await dbRow(created.id)).status).toBe('PAUSED');
    const resumed = await patch(`${created.id}/resume`);
    expect(resumed.json()).toMatchObject({ status: 'ACTIVE', endDate: '2027-02-04' }); // 44 days later
    expect((await dbRow(created.id)).pausedAt).toBeNull();
  });
});

describe('the list', () => {
  it('answers every player once with teams and the latest subscription (latest end date), or null', async () => {
    const c = await registerAndLogin(t.app);
    const ids = await withTenant(t.deps.db, c.id, async (tx) => {
      const [p1, p2] = await tx
        .insert(users)
        .values([
          { academyId: c.id, role: 'PLAYER', name: 'Zaid', birthdate: '2014-02-02', condition: 'Asthma' },
          { academyId: c.id, role: 'PLAYER', name: 'Adel', birthdate: '2016-03-03' },
        ])
        .returning();
      await tx.insert(users).values({ academyId: c.id, role: 'COACH', name: 'Coach only' });
      const [team] = await tx.insert(teams).values({ academyId: c.id, name: 'Falcons', nameArabic: 'الصقور', color: 'RED' }).returning();
      await tx.insert(teamPlayers).values({ academyId: c.id, teamId: team.id, playerId: p1.id });
      const [p] = await tx.insert(packages).values({ academyId: c.id, name: 'M', priceHalalas: 100, monthsNumber: 1 }).returning();
      const [, latest] = await tx
        .insert(subscriptions)
        .values([
          { academyId: c.id, playerId: p1.id, packageId: p.id, status: 'CANCELLED', startDate: '2026-10-01', endDate: '2026-11-01' },
          { academyId: c.id, playerId: p1.id, packageId: p.id, status: 'ACTIVE', startDate: '2026-11-10', endDate: '2026-12-10' },
          { academyId: c.id, playerId: p1.id, packageId: p.id, status: 'CANCELLED', startDate: '2026-09-01', endDate: '2026-10-01' },
        ])
        .returning();
      return { p1: p1.id, p2: p2.id, team: team.id, latest: latest.id, pkg: p.id };
    });
    const rows = await list(c);
    // The players list order: ACTIVE with a team first, then no subscription without a team.
    expect(rows).toEqual([
      {
        player: {
          id: ids.p1,
          name: 'Zaid',
          nameArabic: null,
          avatar: null,
          birthdate: '2014-02-02',
          condition: 'Asthma',
          hasMedicalNote: true,
          teams: [{ id: ids.team, name: 'Falcons', nameArabic: 'الصقور', color: 'RED' }],
        },
        subscription: {
          id: ids.latest,
          status: 'ACTIVE',
          startDate: '2026-11-10',
          endDate: '2026-12-10',
          sessionsLeft: null,
          totalSessions: null,
          userId: ids.p1,
          package: { id: ids.pkg, name: 'M', nameArabic: null, packageType: 'TIME_BASED', price: 1, allowPause: false },
        },
      },
      {
        player: {
          id: ids.p2,
          name: 'Adel',
          nameArabic: null,
          avatar: null,
          birthdate: '2016-03-03',
          condition: null,
          hasMedicalNote: false,
          teams: [],
        },
        subscription: null,
      },
    ]);
  });

  it('shows the new PENDING subscription after a cancelled one that ends later, on every list, and it can be activated', async () => {
    const playerId = await seedPlayer('Renewal After Cancel');
    const quarter = (await create(playerId, pkg.quarter)).json() as ManagedSubscription;
    expect((await activate(pkg.quarter, quarter.id)).statusCode).toBe(200);
    expect((await patch(`${quarter.id}/cancel`)).statusCode).toBe(200);
    // The cancelled quarter ends 2027-02-22, after the new month's 2026-12-22 and the session package's start.
    for (const next of [pkg.monthly, pkg.sessions]) {
      const created = await create(playerId, next);
      expect(created.statusCode, created.body).toBe(201);
      const pending = created.json() as ManagedSubscription;
      expect((await rowOf(playerId))?.subscription).toMatchObject({ id: pending.id, status: 'PENDING' });
      const players = await call()('listUsers', { query: { role: 'PLAYER' } });
      expect(
        players
          .json()
          .find((p: { id: string }) => p.id === playerId)
          .subscriptions.map((s: { id: string }) => s.id),
      ).toEqual([pending.id, quarter.id, ...(next === pkg.sessions ? [expect.any(String)] : [])]);
      const detail = await call()('playerSubscriptions', { params: { id: playerId } });
      expect(detail.json()[0].id).toBe(pending.id);
      if (next === pkg.monthly) {
        expect((await patch(`${pending.id}/cancel`)).statusCode).toBe(200);
        continue;
      }
      expect((await activate(next, pending.id)).statusCode).toBe(200);
      expect((await rowOf(playerId))?.subscription).toMatchObject({ id: pending.id, status: 'ACTIVE', sessionsLeft: 2 });
    }
  });

  it('runs the same number of SQL statements for 10 and for 300 players', async () => {
    const c = await registerAndLogin(t.app);
    const seed = (n: number, from: number) =>
      withTenant(t.deps.db, c.id, async (tx) => {
        const [team] = await tx
          .insert(teams)
          .values({ academyId: c.id, name: `T${from}` })
          .returning();
        const [p] = await tx
          .insert(packages)
          .values({ academyId: c.id, name: `P${from}`, priceHalalas: 100, monthsNumber: 1 })
          .returning();
        const players = await tx
          .insert(users)
          .values(Array.from({ length: n }, (_, i) => ({ academyId: c.id, role: 'PLAYER' as const, name: `Player ${from + i}` })))
          .returning();
        await tx.insert(teamPlayers).values(players.map((x) => ({ academyId: c.id, teamId: team.id, playerId: x.id })));
        await tx.insert(subscriptions).values(
          players.flatMap((x) => [
            { academyId: c.id, playerId: x.id, packageId: p.id, status: 'ACTIVE' as const, startDate: '2026-11-01', endDate: '2026-12-01' },
            {
              academyId: c.id,
              playerId: x.id,
              packageId: p.id,
              status: 'INACTIVE' as const,
              startDate: '2026-10-01',
              endDate: '2026-11-01',
            },
          ]),
        );
      });
    const read = () => call(c)('listSubscriptions');
    await seed(10, 0);
    const small = await countStatements(read);
    expect(small.result.json()).toHaveLength(10);
    await seed(290, 10);
    const large = await countStatements(read);
    expect(large.result.json()).toHaveLength(300);
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(LIST_STATEMENTS);
    console.info(`GET /api/subscriptions: ${small.statements} SQL statements for 10 and for 300 players`);
  });
});

describe('validation', () => {
  it('says "Subscription package was not selected by user" without a package', async () => {
    const playerId = await seedPlayer();
    const noPackage = await call()('createSubscription', { params: { playerId }, body: { sendInvoice: false } });
    expect(noPackage.statusCode).toBe(400);
    expect(noPackage.json()).toMatchObject({
      code: 'subscription.package_required',
      message: 'Subscription package was not selected by user',
      issues: [{ path: 'packageId', code: 'subscription.package_required' }],
    });
    const created = (await create(playerId, pkg.monthly)).json() as ManagedSubscription;
    // The screen's "Activate" with nothing chosen sends an empty package in the path.
    const manual = await activate('undefined', created.id);
    expect(manual.statusCode).toBe(400);
    expect(manual.json()).toMatchObject({
      code: 'subscription.package_required',
      message: 'Subscription package was not selected by user',
    });
    const change = await patch(`${created.id}/package`, { packageId: '' });
    expect(change.json().code).toBe('subscription.package_required');
    expect(await dbRow(created.id)).toMatchObject({ status: 'PENDING', packageId: pkg.monthly });
  });

  it('checks the activation body: status ACTIVE, a real start date within a year, cash only', async () => {
    const created = (await create(await seedPlayer(), pkg.monthly)).json() as ManagedSubscription;
    const cases: [object, string][] = [
      [{ status: 'PAUSED' }, 'status'],
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ paymentMethod: 'Card' }, 'paymentMethod'],
    ];
    for (const [body, path] of cases) {
      const res = await activate(pkg.monthly, created.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues[0].path).toBe(path);
    }
    const far = await activate(pkg.monthly, created.id, { startDate: '2027-12-01' });
    expect(far.statusCode).toBe(400);
    expect(far.json()).toMatchObject({ code: 'subscription.start_out_of_range', issues: [{ path: 'startDate' }] });
    expect((await dbRow(created.id)).status).toBe('PENDING');
    const badId = await patch('not-an-id/cancel');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().issues[0].path).toBe('params.subscriptionId');
  });
});

describe('access', () => {
  it('answers 401 without a token and 404 for an unknown subscription', async () => {
    const anonymous = await api(t.app)('listSubscriptions', { headers: { host: `${a.handle}.kora.test` } });
    expect(anonymous.statusCode).toBe(401);
    for (const action of ['cancel', 'pause', 'resume']) {
      const res = await patch(`3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f/${action}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'subscription.not_found', message: 'Subscription not found' });
    }
    expect((await activate(pkg.monthly, '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f')).statusCode).toBe(404);
  });

  it('lets R:Settings read but not act; cancelling says "You do not have permission to cancel subscriptions"', async () => {
    const reader = await memberWith({ canReadSettings: true, canWritePlayers: true });
    const playerId = await seedPlayer();
    const created = (await create(playerId, pkg.monthly)).json() as ManagedSubscription;
    expect((await list(reader)).some((r) => r.player.id === playerId)).toBe(true);
    const cancel = await patch(`${created.id}/cancel`, undefined, reader);
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json()).toEqual({ code: 'subscription.cancel_forbidden', message: 'You do not have permission to cancel subscriptions' });
    const pause = await patch(`${created.id}/pause`, undefined, reader);
    expect(pause.statusCode).toBe(403);
    expect(pause.json().code).toBe('auth.forbidden');
    expect((await activate(pkg.monthly, created.id, {}, reader)).statusCode).toBe(403);
    expect((await create(await seedPlayer(), pkg.monthly, reader)).statusCode).toBe(403);
    expect((await dbRow(created.id)).status).toBe('PENDING');
    // A coach (no Settings rights) does not even read the list.
    const coach = await coachLogin(t.app, a);
    expect((await call(coach)('listSubscriptions')).statusCode).toBe(403);
  });

  it("keeps academies apart: another academy's players, subscriptions and packages are unknown", async () => {
    const playerId = await seedPlayer('Isolated A');
    const created = (await create(playerId, pkg.monthly)).json() as ManagedSubscription;
    const bPlayer = await seedPlayer('Player of B', b);
    const rowsB = await list(b);
    expect(rowsB.map((r) => r.player.id)).toEqual([bPlayer]);
    expect((await list()).some((r) => r.player.id === bPlayer)).toBe(false);
    expect((await create(playerId, foreignPkg, b)).statusCode).toBe(404);
    expect((await create(bPlayer, pkg.monthly, b)).json().code).toBe('package.not_found');
    for (const action of ['cancel', 'pause', 'resume']) expect((await patch(`${created.id}/${action}`, undefined, b)).statusCode).toBe(404);
    expect((await patch(`${created.id}/package`, { packageId: foreignPkg }, b)).statusCode).toBe(404);
    expect((await activate(foreignPkg, created.id, {}, b)).statusCode).toBe(404);
    expect(await dbRow(created.id)).toMatchObject({ status: 'PENDING', packageId: pkg.monthly });
    expect(await paymentsOf(created.id)).toEqual([]);
  });
});

describe('routing', () => {
  it('tells /:subscriptionId/cancel|pause|resume|package from /:packageId/:subscriptionId', async () => {
    const created = (await create(await seedPlayer(), pkg.monthly)).json() as ManagedSubscription;
    // "package" is a static segment: this changes the package, it does not activate.
    const changed = await patch(`${created.id}/package`, { packageId: pkg.quarter });
    expect(changed.json()).toMatchObject({ status: 'PENDING', package: { id: pkg.quarter } });
    // Two ids: an activation.
    const activated = await activate(pkg.quarter, created.id);
    expect(activated.json()).toMatchObject({ id: created.id, status: 'ACTIVE' });
    // An id and "cancel": a cancellation, whatever the activation route would make of it.
    const cancelled = await patch(`${created.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ id: created.id, status: 'CANCELLED' });
    expect(await paymentsOf(created.id)).toHaveLength(1);
  });
});
