import { allFlags } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlayer, coachLogin } from '../../../test/fixtures.js';
import {
  type Academy,
  asMember,
  countStatements,
  createTestApp,
  LIST_STATEMENTS,
  registerAndLogin,
  type TestContext,
} from '../../../test/harness.js';
import { accountTypes, eventCoaches, events, packages, payments, subscriptions, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

let t: TestContext;
let a: Academy;
let b: Academy;
let coach: { id: string; handle: string; token: string };
let coach2: { id: string; handle: string; token: string };

const stats = async (who: Academy | typeof coach = a) => {
  const res = await asMember(t.app, who)({ method: 'GET', url: '/api/stats/monthly' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  a = await registerAndLogin(t.app);
  b = await registerAndLogin(t.app);
  coach = await coachLogin(t.app, a, 'Coach One');
  coach2 = await coachLogin(t.app, a, 'Coach Two');
  // Players and when they joined (UTC instants; Riyadh is UTC+3).
  const joined = {
    lateNovember: '2026-11-30T20:59:00Z', // 23:59 on 30 November in Riyadh
    firstOfDecember: '2026-11-30T21:00:00Z', // 00:00 on 1 December in Riyadh
    midDecember: '2026-12-15T10:00:00Z',
    october: '2026-10-10T10:00:00Z',
    alsoOctober: '2026-10-11T10:00:00Z',
  };
  const ids: Record<string, string> = {};
  for (const [key, createdAt] of Object.entries(joined)) {
    ids[key] = await addPlayer(t.app, a, { name: `Player ${key}` });
    await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .update(users)
        .set({ createdAt: new Date(createdAt) })
        .where(eq(users.id, ids[key])),
    );
  }
  await withTenant(t.deps.db, a.id, async (tx) => {
    const [pkg] = await tx.insert(packages).values({ academyId: a.id, name: 'Monthly', monthsNumber: 1 }).returning();
    const sub = (playerId: string, status: 'ACTIVE' | 'TRIAL' | 'CANCELLED' | 'PENDING', startDate: string, endDate: string) => ({
      academyId: a.id,
      playerId,
      packageId: pkg.id,
      status,
      startDate,
      endDate,
    });
    await tx.insert(subscriptions).values([
      sub(ids.october, 'ACTIVE', '2026-10-15', '2026-12-15'), // November and December
      sub(ids.firstOfDecember, 'TRIAL', '2026-12-01', '2026-12-08'), // December only
      sub(ids.alsoOctober, 'ACTIVE', '2026-09-01', '2026-11-30'), // up to the last day of November
      sub(ids.lateNovember, 'CANCELLED', '2026-11-01', '2027-01-01'), // not active
      sub(ids.midDecember, 'PENDING', '2026-12-20', '2027-01-20'), // not active
    ]);
    const event = (date: string, time: string, endTime: string, coachIds: string[]) => ({ date, time, endTime, coachIds });
    for (const e of [
      event('2026-11-30', '17:00', '18:00', [coach.id, coach2.id]), // November: 2 h
      event('2026-12-01', '17:00', '18:30', [coach.id, coach2.id]), // December: 3 h
      event('2026-12-31', '16:30', '18:00', [coach.id]), // December: 1.5 h
      event('2026-12-15', '10:00', '12:00', []), // no coach: 0 h
      event('2027-01-01', '17:00', '18:00', [coach.id]), // January
    ]) {
      const [row] = await tx
        .insert(events)
        .values({ academyId: a.id, type: 'TRAINING_SESSION', date: e.date, time: e.time, endTime: e.endTime })
        .returning();
      if (e.coachIds.length)
        await tx.insert(eventCoaches).values(e.coachIds.map((coachId) => ({ academyId: a.id, eventId: row.id, coachId })));
    }
  });
});
afterAll(() => t.close());

describe('monthly stats', () => {
  it('counts December in Riyadh once it is past midnight there, though still 30 November in UTC', async () => {
    t.clock.set('2026-11-30T21:30:00Z');
    expect(await stats()).toEqual({
      // ACTIVE/TRIAL overlapping December: the October and the first-of-December players.
      monthlyActivePlayers: 2,
      // Created on 1 December (Riyadh) or later in December.
      monthlyNewPlayers: 2,
      // November's active players were the October ones (both); one of them is still active: 50%.
      monthlyRetentionRate: 50,
      monthlyCoachHours: 4.5,
    });
  });

  it('counts November half an hour earlier', async () => {
    t.clock.set('2026-11-30T20:30:00Z');
    expect(await stats()).toEqual({
      monthlyActivePlayers: 2,
      monthlyNewPlayers: 1,
      // October's active players: both October ones, both still active in November.
      monthlyRetentionRate: 100,
      monthlyCoachHours: 2,
    });
  });

  it('answers zeros for an academy without data, 0 retention without last month, and keeps academies apart', async () => {
    t.clock.set('2026-11-30T21:30:00Z');
    expect(await stats(b)).toEqual({ monthlyActivePlayers: 0, monthlyNewPlayers: 0, monthlyRetentionRate: 0, monthlyCoachHours: 0 });
    t.clock.set('2026-10-05T12:00:00Z');
    // October: both October players; September had only the September-to-November one, still active: 100%. No events.
    expect(await stats()).toMatchObject({ monthlyActivePlayers: 2, monthlyRetentionRate: 100, monthlyCoachHours: 0 });
    t.clock.set('2026-09-05T12:00:00Z');
    expect(await stats()).toMatchObject({ monthlyActivePlayers: 1, monthlyRetentionRate: 0 });
  });

  it('answers the same in as many statements for an academy with data as for an empty one, at most LIST_STATEMENTS', async () => {
    t.clock.set('2026-11-15T12:00:00Z');
    const full = await countStatements(() => asMember(t.app, a)({ method: 'GET', url: '/api/stats/monthly' }));
    const empty = await countStatements(() => asMember(t.app, b)({ method: 'GET', url: '/api/stats/monthly' }));
    expect(full.result.json().monthlyActivePlayers).toBeGreaterThan(0);
    expect(full.statements).toBe(empty.statements);
    expect(full.statements).toBeLessThanOrEqual(LIST_STATEMENTS);
  });

  it('needs a token (401) and R:Dashboard (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/monthly' })).statusCode).toBe(401);
    // The default Coach type reads the dashboard.
    expect((await asMember(t.app, coach)({ method: 'GET', url: '/api/stats/monthly' })).statusCode).toBe(200);
    await withTenant(t.deps.db, a.id, async (tx) => {
      const [type] = await tx
        .insert(accountTypes)
        .values({ academyId: a.id, name: 'Schedule only', ...allFlags(false), canReadSchedule: true })
        .returning();
      await tx.update(users).set({ accountTypeId: type.id }).where(eq(users.id, coach.id));
    });
    expect((await asMember(t.app, coach)({ method: 'GET', url: '/api/stats/monthly' })).statusCode).toBe(403);
  });
});

describe('retention', () => {
  it("counts last month's players who lapsed, paused or cancelled since in its base: 2 of 6 retained, 33 %", async () => {
    const c = await registerAndLogin(t.app);
    await withTenant(t.deps.db, c.id, async (tx) => {
      const [pkg] = await tx.insert(packages).values({ academyId: c.id, name: 'Monthly', monthsNumber: 1 }).returning();
      type Row = Partial<typeof subscriptions.$inferInsert> & { paid?: boolean };
      // [player, subscriptions]: December 2026 is this month, November the base.
      const cases: [string, Row[]][] = [
        ['lapsed in November', [{ status: 'INACTIVE', startDate: '2026-10-20', endDate: '2026-11-20' }]],
        [
          'cancelled in November after paying',
          [
            {
              status: 'CANCELLED',
              startDate: '2026-11-01',
              endDate: '2026-12-01',
              updatedAt: new Date('2026-11-10T09:00:00Z'),
              paid: true,
            },
          ],
        ],
        [
          'paused in November',
          [{ status: 'PAUSED', startDate: '2026-10-01', endDate: '2026-12-31', pausedAt: new Date('2026-11-15T09:00:00Z') }],
        ],
        [
          'sessions used up in November',
          [
            {
              status: 'INACTIVE',
              startDate: '2026-10-01',
              endDate: null,
              sessionsLeft: 0,
              totalSessions: 8,
              updatedAt: new Date('2026-11-25T15:00:00Z'),
            },
          ],
        ],
        ['active across both months', [{ status: 'ACTIVE', startDate: '2026-11-20', endDate: '2026-12-20' }]],
        [
          'lapsed, then renewed in December',
          [
            { status: 'INACTIVE', startDate: '2026-10-25', endDate: '2026-11-25' },
            { status: 'ACTIVE', startDate: '2026-12-01', endDate: '2027-01-01' },
          ],
        ],
        // Not in the base:
        [
          'cancelled unpaid',
          [{ status: 'CANCELLED', startDate: '2026-11-01', endDate: '2026-12-01', updatedAt: new Date('2026-11-20T09:00:00Z') }],
        ],
        [
          'cancelled in October after paying',
          [
            {
              status: 'CANCELLED',
              startDate: '2026-10-01',
              endDate: '2026-11-30',
              updatedAt: new Date('2026-10-25T09:00:00Z'),
              paid: true,
            },
          ],
        ],
        [
          'paused in October',
          [{ status: 'PAUSED', startDate: '2026-10-01', endDate: '2026-12-31', pausedAt: new Date('2026-10-20T09:00:00Z') }],
        ],
        ['pending since November', [{ status: 'PENDING', startDate: '2026-11-01', endDate: '2026-12-01' }]],
        ['lapsed in October', [{ status: 'INACTIVE', startDate: '2026-09-30', endDate: '2026-10-30' }]],
      ];
      for (const [name, subs] of cases) {
        const [player] = await tx
          .insert(users)
          .values({ academyId: c.id, role: 'PLAYER', name, createdAt: new Date('2026-01-01T00:00:00Z') })
          .returning();
        for (const { paid, ...row } of subs) {
          const [sub] = await tx
            .insert(subscriptions)
            .values({ academyId: c.id, playerId: player.id, packageId: pkg.id, ...row })
            .returning();
          if (paid)
            await tx.insert(payments).values({
              academyId: c.id,
              subscriptionId: sub.id,
              amountHalalas: 100,
              method: 'Cash',
              status: 'PAID',
              paidAt: new Date(`${sub.startDate}T09:00:00Z`),
            });
        }
      }
    });
    t.clock.set('2026-12-10T09:00:00Z');
    // Base: the first six; still active in December: the last two of them.
    expect(await stats(c)).toEqual({ monthlyActivePlayers: 2, monthlyNewPlayers: 0, monthlyRetentionRate: 33, monthlyCoachHours: 0 });
  });
});
