/**
 * The lists the database builds as JSON text (db/json.ts) skip the response serializer, so each is
 * held to its response schema here: parsing the answer through the schema changes nothing (no
 * missing or extra keys, every value of the contract's type), and a record listed is the same
 * record its own endpoint answers through the serializer.
 */
import { endpoints, type RouteKey } from '@kora/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { packages, subscriptions, users } from '../src/db/schema.js';
import { withTenant } from '../src/db/tenant.js';
import { seedDemo } from '../src/seed/demo.js';
import { api } from './api.js';
import { useTestApp } from './fixture.js';
import { type Academy, asMember, loginAs, registerAndLogin, uniqueHandle } from './harness.js';

const t = useTestApp();
let demo: { handle: string; token: string };
let bare: Academy;

beforeAll(async () => {
  // A realistic academy: teams, coaches, players with parents, subscriptions, events with attendance, growth records.
  const handle = uniqueHandle('lists');
  await seedDemo(t.deps, { handle, players: 24 });
  demo = { handle, token: await loginAs(t.app, handle, `admin@${handle}.kora.sa`, 'demo12345') };
  // And the edges: a player with nothing but a name, a price in halalas that is not whole SAR.
  bare = await registerAndLogin(t.app);
  await withTenant(t.deps.db, bare.id, async (tx) => {
    await tx.insert(users).values({ academyId: bare.id, role: 'PLAYER', name: 'Nameless Nada' });
    const [player] = await tx
      .insert(users)
      .values({ academyId: bare.id, role: 'PLAYER', name: 'Priced Pete', birthdate: '2014-03-09' })
      .returning();
    const [pkg] = await tx
      .insert(packages)
      .values({ academyId: bare.id, name: 'Odd', priceHalalas: 45_050, packageType: 'SESSION_BASED', sessionsCount: 8 })
      .returning();
    await tx
      .insert(subscriptions)
      .values({ academyId: bare.id, playerId: player.id, packageId: pkg.id, status: 'PENDING', sessionsLeft: 8, totalSessions: 8 });
  });
}, 120_000);

const LISTS: [RouteKey, string][] = [
  ['listUsers', '/api/users?role=PLAYER'],
  ['listTeams', '/api/teams'],
  ['listSubscriptions', '/api/subscriptions'],
  ['listGrowthPlayers', '/api/growth-metrics/players'],
  ['listEvents', '/api/events?startDate=2026-11-16&endDate=2026-11-28'],
];

const responseOf = (key: RouteKey) => (endpoints[key].responses as Record<number, z.ZodType>)[200];

describe('lists answered as JSON text by the database', () => {
  it.each(LISTS)('%s answers exactly its response schema', async (key, url) => {
    for (const who of [demo, bare]) {
      const res = await asMember(t.app, who)({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.json();
      expect(responseOf(key).parse(body)).toEqual(body);
      if (who === demo && key !== 'listTeams') expect(body.length, key).toBeGreaterThan(10);
    }
  });

  it('writes dates, times and money as the serializer did', async () => {
    // Nada (no subscription, no team) comes before Pete (PENDING: "the others") in the players list order.
    const [nada, pete] = (await api(t.app, bare)('listUsers', { query: { role: 'PLAYER' } })).json();
    expect(nada).toMatchObject({ name: 'Nameless Nada', teamsPlaying: [], parents: [], subscriptions: [], birthdate: null });
    expect(pete).toMatchObject({
      name: 'Priced Pete',
      birthdate: '2014-03-09',
      subscriptions: [
        { status: 'PENDING', startDate: null, endDate: null, sessionsLeft: 8, package: { price: 450.5, packageType: 'SESSION_BASED' } },
      ],
    });
    expect(new Date(pete.createdAt).toISOString()).toBe(pete.createdAt);
    const [, row] = (await api(t.app, bare)('listSubscriptions')).json();
    expect(row.subscription.package).toEqual(expect.objectContaining({ price: 450.5, allowPause: false }));
  });

  it('lists each player, team and latest growth record as its own endpoint answers it', async () => {
    const call = api(t.app, demo);
    const players = (await call('listUsers', { query: { role: 'PLAYER' } })).json();
    for (const p of players.slice(0, 5)) expect((await call('getUser', { params: { id: p.id } })).json()).toEqual(p);
    const teams = (await call('listTeams')).json();
    for (const team of teams) expect((await call('getTeam', { params: { id: team.id } })).json()).toEqual(team);
    const growth = (await call('listGrowthPlayers')).json();
    const measured = growth.find((r: { latest: unknown }) => r.latest);
    const history = (await call('playerGrowth', { params: { playerId: measured.player.id } })).json();
    expect(history.at(-1)).toEqual(measured.latest);
  });
});
