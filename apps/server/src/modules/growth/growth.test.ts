import { ageGroupOf, type GrowthMedians, type GrowthMetric, type GrowthPlayerRow } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { addPlayer, coachLogin } from '../../../test/fixtures.js';
import { countStatements, LIST_STATEMENTS, registerAndLogin } from '../../../test/harness.js';
import { growthMetrics, teamPlayers, teams, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

const t = useTestApp({ academies: 2, coaches: 1 }); // today is 22 November 2026 in Riyadh
const [a, b] = t.academies;
const [coach] = t.coaches; // the default Coach type reads and writes Growth
let ali: string;
let badr: string;

type Who = { handle: string; token: string };
const call = (who: Who = a) => api(t.app, who);
const post = (payload: object, who: Who = a) => call(who)('createGrowthMetric', { body: payload });
const put = (id: string, payload: object, who: Who = a) => call(who)('updateGrowthMetric', { params: { id }, body: payload });
const del = (id: string, who: Who = a) => call(who)('deleteGrowthMetric', { params: { id } });
const history = async (playerId: string, who: Who = a) => {
  const res = await call(who)('playerGrowth', { params: { playerId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GrowthMetric[];
};
const record = (over: object = {}) => ({
  playerId: ali,
  date: '2026-10-15',
  height: 141.5,
  weight: 35.7,
  armSpan: 143,
  handGrip: 18.2,
  sprint10m: 2.05,
  sprint20m: 3.71,
  standingLongJump: 165,
  verticalJump: 31.5,
  breakfastSource: 'Home',
  sleepingHours: 8.5,
  ...over,
});

beforeAll(async () => {
  ali = await addPlayer(t.app, a, { name: 'Ali Growth', birthdate: '2015-03-14' });
  badr = await addPlayer(t.app, a, { name: 'Badr Growth', birthdate: '2015-09-01' });
});

describe('growth records', () => {
  it('adds, lists by date, edits and deletes a player’s records (a coach may: W:Growth)', async () => {
    const first = await post(record(), coach);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(String), ...record() });
    const earlier = (await post(record({ date: '2026-08-15', height: 139, weight: 34.1, armSpan: null, breakfastSource: null }))).json();
    expect(earlier).toMatchObject({ armSpan: null, breakfastSource: null, handGrip: 18.2 });
    const minimal = await post({ playerId: ali, date: '2026-09-15', height: 140, weight: 35 });
    expect(minimal.json()).toMatchObject({ armSpan: null, sprint10m: null, breakfastSource: null, sleepingHours: null });
    expect((await history(ali)).map((r) => r.date)).toEqual(['2026-08-15', '2026-09-15', '2026-10-15']);

    const edited = await put(first.json().id, { ...record({ height: 142, breakfastSource: 'School' }), playerId: badr });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: first.json().id, playerId: ali, height: 142, breakfastSource: 'School' });
    expect((await del(minimal.json().id, coach)).statusCode).toBe(204);
    expect((await del(minimal.json().id)).json().code).toBe('growth.not_found');
    expect((await put(minimal.json().id, record())).statusCode).toBe(404);
    expect((await history(ali)).map((r) => r.date)).toEqual(['2026-08-15', '2026-10-15']);
  });

  it('refuses a second record of a player on the same day (409 growth.date_taken), on adding and on moving one there', async () => {
    const carl = await addPlayer(t.app, a, { name: 'Carl Growth', birthdate: '2015-05-05' });
    const day = record({ playerId: carl, date: '2026-07-01' });
    const first = await post(day);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post({ ...day, height: 150 });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'growth.date_taken',
      message: 'This player already has a record on this date: edit that one instead',
    });
    const other = (await post(record({ playerId: carl, date: '2026-07-02' }))).json();
    const moved = await put(other.id, record({ date: '2026-07-01' }));
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().code).toBe('growth.date_taken');
    // Editing a record on its own date, and another player on that date, are fine.
    expect((await put(first.json().id, record({ date: '2026-07-01', height: 151 }))).statusCode).toBe(200);
    expect((await post(record({ playerId: badr, date: '2026-07-01' }))).statusCode).toBe(201);
    expect((await del((await history(badr))[0].id)).statusCode).toBe(204);
    expect((await history(carl)).map((r) => r.date)).toEqual(['2026-07-01', '2026-07-02']);
  });

  it.each([
    ['a height of zero', { height: 0 }, 'growth.height_weight_positive', 'Height and weight must be greater than zero'],
    ['a negative weight', { weight: -3 }, 'growth.height_weight_positive', 'Height and weight must be greater than zero'],
    ['no height', { height: undefined }, 'growth.height_weight_positive', 'Height and weight must be greater than zero'],
    ['a negative sprint', { sprint10m: -1 }, 'growth.metric_negative', 'Values cannot be negative'],
    ['more than 24 hours of sleep', { sleepingHours: 24.5 }, 'growth.sleep_max', 'Sleeping hours cannot be more than 24'],
    ['an unknown breakfast source', { breakfastSource: 'Cafe' }, 'validation.invalid_value', undefined],
    ['a date that does not exist', { date: '2026-02-30' }, 'growth.date_invalid', 'Please enter a valid date'],
    ['a date in the future', { date: '2026-11-23' }, 'growth.date_in_future', 'The date cannot be in the future'],
    ['a player of another academy', { playerId: 'foreign' }, 'player.unknown', 'Unknown player'],
  ])('refuses %s with its message and saves nothing', async (_n, over, code, message) => {
    const foreign = await addPlayer(t.app, b);
    const body = record({ ...over, ...('playerId' in over ? { playerId: foreign } : {}) });
    const before = await history(ali);
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe(code);
    if (message) expect(res.json().message).toBe(message);
    expect(await history(ali)).toEqual(before);
    if (code === 'player.unknown') return; // an edit never moves a record to another player
    const edit = await put(before[0].id, { ...body, playerId: undefined });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().code).toBe(code);
    expect(await history(ali)).toEqual(before);
  });

  it('accepts today (Riyadh); reading needs R:Growth and writing W:Growth', async () => {
    const today = await post(record({ date: '2026-11-22' }));
    expect(today.statusCode).toBe(201);
    await del(today.json().id);
    const c = await registerAndLogin(t.app);
    const noRights = await coachLogin(t.app, c);
    await withTenant(t.deps.db, c.id, (tx) => tx.update(users).set({ accountTypeId: null }).where(eq(users.id, noRights.id)));
    expect((await call(noRights)('listGrowthPlayers')).statusCode).toBe(403);
    expect((await post(record(), noRights)).statusCode).toBe(403);
    expect((await api(t.app)('listGrowthPlayers')).statusCode).toBe(401);
  });

  it('keeps academies apart: another academy’s player or record is 404', async () => {
    const [some] = await history(ali);
    expect((await call(b)('playerGrowth', { params: { playerId: ali } })).statusCode).toBe(404);
    expect((await put(some.id, record(), b)).statusCode).toBe(404);
    expect((await del(some.id, b)).statusCode).toBe(404);
    const listB = (await call(b)('listGrowthPlayers')).json() as GrowthPlayerRow[];
    expect(listB.map((r) => r.player.id)).not.toContain(ali);
  });

  it('removes a player’s records with the player', async () => {
    const gone = await addPlayer(t.app, a, { name: 'Leaving Player' });
    const { id } = (await post(record({ playerId: gone }))).json();
    expect((await call()('deleteUser', { params: { id: gone } })).statusCode).toBe(204);
    const left = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(growthMetrics));
    expect(left.map((r) => r.id)).not.toContain(id);
    expect(left.every((r) => r.playerId !== gone)).toBe(true);
  });
});

describe('GET /api/growth-metrics/players', () => {
  it('lists every player with teams and the latest record (or null)', async () => {
    const team = (await call()('createTeam', { body: { name: 'U12 Eagles', color: 'ORANGE', playerIds: [ali] } })).json();
    const rows = (await call(coach)('listGrowthPlayers')).json() as GrowthPlayerRow[];
    const rowOf = (id: string) => rows.find((r) => r.player.id === id);
    expect(rowOf(ali)).toEqual({
      player: {
        id: ali,
        name: 'Ali Growth',
        nameArabic: null,
        avatar: null,
        birthdate: '2015-03-14',
        teams: [{ id: team.id, name: 'U12 Eagles', nameArabic: null, color: 'ORANGE' }],
      },
      latest: expect.objectContaining({ date: '2026-10-15', height: 142 }),
    });
    expect(rowOf(badr)).toMatchObject({ player: { teams: [] }, latest: null });
  });

  it('runs the same number of SQL statements for 10 and for 300 players', async () => {
    const c = await registerAndLogin(t.app);
    const seed = (n: number, from: number) =>
      withTenant(t.deps.db, c.id, async (tx) => {
        const [team] = await tx
          .insert(teams)
          .values({ academyId: c.id, name: `T${from}` })
          .returning();
        const players = await tx
          .insert(users)
          .values(
            Array.from({ length: n }, (_, i) => ({
              academyId: c.id,
              role: 'PLAYER' as const,
              name: `P ${from + i}`,
              birthdate: '2014-01-01',
            })),
          )
          .returning();
        await tx.insert(teamPlayers).values(players.map((p) => ({ academyId: c.id, teamId: team.id, playerId: p.id })));
        await tx.insert(growthMetrics).values(
          players.flatMap((p) =>
            ['2026-08-01', '2026-09-01', '2026-10-01'].map((date, k) => ({
              academyId: c.id,
              playerId: p.id,
              date,
              height: 140 + k,
              weight: 35,
            })),
          ),
        );
      });
    const list = () => call(c)('listGrowthPlayers');
    await seed(10, 0);
    const small = await countStatements(list);
    expect(small.result.json()).toHaveLength(10);
    await seed(290, 10);
    const large = await countStatements(list);
    expect(large.result.json()).toHaveLength(300);
    expect(large.result.json()[0]).toMatchObject({ player: { teams: [expect.any(Object)] }, latest: { date: '2026-10-01', height: 142 } });
    expect(small.statements).toBeGreaterThan(0);
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(LIST_STATEMENTS);
    console.info(`growth list: ${small.statements} SQL statements for 10 players, ${large.statements} for 300`);
  });
});

describe('age groups and their medians', () => {
  it('places ages in U8–U18 as the spec defines them', () => {
    const today = '2026-11-22';
    expect(ageGroupOf('2020-01-01', today)).toBe('U8'); // 6
    expect(ageGroupOf('2018-11-23', today)).toBe('U8'); // 7, a day before turning 8
    expect(ageGroupOf('2018-11-20', today)).toBe('U10'); // 8
    expect(ageGroupOf('2016-11-20', today)).toBe('U12'); // 10
    expect(ageGroupOf('2010-11-20', today)).toBe('U18'); // 16
    expect(ageGroupOf('2009-01-01', today)).toBe('U18'); // 17
    expect(ageGroupOf('2008-11-20', today)).toBeNull(); // 18
    expect(ageGroupOf(null, today)).toBeNull();
  });

  it('answers month by month the median of each metric over the players of the age group', async () => {
    const c = await registerAndLogin(t.app);
    const [p1, p2, p3, older] = await Promise.all([
      addPlayer(t.app, c, { name: 'One', birthdate: '2015-03-14' }), // 11: U12
      addPlayer(t.app, c, { name: 'Two', birthdate: '2016-06-01' }), // 10: U12
      addPlayer(t.app, c, { name: 'Three', birthdate: '2015-01-10' }), // 11: U12
      addPlayer(t.app, c, { name: 'Older', birthdate: '2012-01-01' }), // 14: U16
    ]);
    const add = async (playerId: string, date: string, height: number, sprint10m: number | null = null) =>
      expect((await post({ playerId, date, height, weight: 30, sprint10m }, c)).statusCode).toBe(201);
    await add(p1, '2026-09-03', 140, 2.1);
    await add(p1, '2026-09-20', 141, 2.0); // the later one of the month counts
    await add(p2, '2026-09-10', 136);
    await add(p3, '2026-09-12', 150, 2.4);
    await add(p1, '2026-10-05', 142);
    await add(p2, '2026-10-07', 137);
    await add(older, '2026-09-10', 170, 1.8);
    const res = await countStatements(() => call(c)('growthAgeGroupMedians', { params: { playerId: p2 } }));
    expect(res.result.statusCode, res.result.body).toBe(200);
    const medians = res.result.json() as GrowthMedians;
    expect(medians).toMatchObject({ ageGroup: 'U12', playersCount: 3 });
    expect(medians.months).toEqual([
      expect.objectContaining({ month: '2026-09', count: 3, height: 141, weight: 30, sprint10m: 2.2, armSpan: null }),
      expect.objectContaining({ month: '2026-10', count: 2, height: 139.5, sprint10m: null }),
    ]);
    expect((await call(b)('growthAgeGroupMedians', { params: { playerId: p2 } })).statusCode).toBe(404);
  });
});
