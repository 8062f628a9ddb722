import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { addPlayer, coachLogin } from '../../../test/fixtures.js';
import { asMember, expectInvalid } from '../../../test/harness.js';
import { accountTypes, events, packages, participants, subscriptions } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

const t = useTestApp({ academies: 2 });
const [a, b] = t.academies;
let player: string;
let eventId: string;
let subId: string;
beforeAll(async () => {
  player = await addPlayer(t.app, a);
  await withTenant(t.deps.db, a.id, async (tx) => {
    const [pkg] = await tx
      .insert(packages)
      .values({ academyId: a.id, name: '12 sessions', priceHalalas: 60000, packageType: 'SESSION_BASED', sessionsCount: 12 })
      .returning();
    [{ id: subId }] = await tx
      .insert(subscriptions)
      .values({
        academyId: a.id,
        playerId: player,
        packageId: pkg.id,
        status: 'ACTIVE',
        startDate: '2026-11-01',
        sessionsLeft: 1,
        totalSessions: 12,
      })
      .returning();
    [{ id: eventId }] = await tx
      .insert(events)
      .values({ academyId: a.id, type: 'TRAINING_SESSION', date: '2026-11-20', time: '17:00', endTime: '18:30', field: 'Pitch 2' })
      .returning();
    await tx.insert(participants).values({ academyId: a.id, eventId, userId: player });
  });
});

const get = (url: string, who: { handle: string; token: string } = a) => asMember(t.app, who)({ method: 'GET', url });

describe('player reads', () => {
  it('answers attendance, subscriptions, sessions and participations', async () => {
    expect((await get(`/api/players/${player}/attendance`)).json()).toEqual([
      { id: expect.any(String), date: '2026-11-20', time: '17:00', eventType: 'TRAINING_SESSION', location: 'Pitch 2', status: 'PENDING' },
    ]);
    expect((await get(`/api/players/${player}/subscriptions`)).json()).toEqual([
      expect.objectContaining({ id: subId, status: 'ACTIVE', sessionsLeft: 1, totalSessions: 12 }),
    ]);
    expect((await get(`/api/players/${player}/sessions`)).json()).toEqual({
      packageName: '12 sessions',
      packageNameArabic: null,
      sessionsLeft: 1,
      totalSessions: 12,
      attendedSessionsCount: 0,
    });
    expect((await get(`/api/events/player/${player}`)).json()).toEqual([
      { id: expect.any(String), status: 'PENDING', event: expect.objectContaining({ id: eventId, field: 'Pitch 2' }), team: null },
    ]);
  });

  it('answers null sessions for a player without a session-based subscription', async () => {
    const other = await addPlayer(t.app, a, { name: 'No Sessions' });
    expect((await get(`/api/players/${other}/sessions`)).json()).toBeNull();
  });

  it('answers 404 for unknown and foreign players, 401 without a token, 403 without R:Players', async () => {
    for (const path of ['attendance', 'subscriptions', 'sessions']) {
      expect((await get(`/api/players/${player}/${path}`, b)).statusCode).toBe(404);
      expect((await get(`/api/players/00000000-0000-4000-8000-000000000000/${path}`)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/players/${player}/${path}` })).statusCode).toBe(401);
    }
    expect((await get(`/api/events/player/${player}`, b)).statusCode).toBe(404);
    // The default Coach type reads Players; take that flag away and the reads answer 403.
    const coach = await coachLogin(t.app, a);
    expect((await get(`/api/players/${player}/attendance`, coach)).statusCode).toBe(200);
    await withTenant(t.deps.db, a.id, (tx) => tx.update(accountTypes).set({ canReadPlayers: false }).where(eq(accountTypes.name, 'Coach')));
    expect((await get(`/api/players/${player}/attendance`, coach)).statusCode).toBe(403);
    expect((await get(`/api/events/player/${player}`, coach)).statusCode).toBe(403);
    await withTenant(t.deps.db, a.id, (tx) => tx.update(accountTypes).set({ canReadPlayers: true }).where(eq(accountTypes.name, 'Coach')));
  });
});

describe('attendance marking from the player page', () => {
  it('uses a session on ATTENDED, makes the subscription INACTIVE at 0, and gives it back', async () => {
    const mark = (status: string) => api(t.app, a)('setEventParticipantStatus', { params: { eventId, userId: player }, body: { status } });
    const res = await mark('ATTENDED');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(String), status: 'ATTENDED' });
    const sub = async () =>
      (await withTenant(t.deps.db, a.id, (tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, subId))))[0];
    expect(await sub()).toMatchObject({ sessionsLeft: 0, status: 'INACTIVE' });
    expect((await get(`/api/players/${player}/sessions`)).json()).toMatchObject({ sessionsLeft: 0, attendedSessionsCount: 1 });
    await mark('ATTENDED');
    expect(await sub()).toMatchObject({ sessionsLeft: 0 });
    await mark('ABSENT');
    expect(await sub()).toMatchObject({ sessionsLeft: 1, status: 'ACTIVE' });
  });

  it('validates the status and keeps academies apart', async () => {
    const bad = await api(t.app, a)('setEventParticipantStatus', {
      params: { eventId, userId: player },
      body: { status: 'MAYBE' },
    });
    expectInvalid(bad, 'validation.invalid_value', 'status');
    const foreign = await api(t.app, b)('setEventParticipantStatus', {
      params: { eventId, userId: player },
      body: { status: 'ABSENT' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
