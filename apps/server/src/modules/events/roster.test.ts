// Participants follow the rosters for what has not happened yet: whichever way a player joins
// or leaves a team, the team's events that have not started follow; the past keeps what happened.

import { readFile } from 'node:fs/promises';
import { type Event, IMPORT_COLUMNS, IMPORT_HEADERS } from '@kora/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlayer, multipart, paperConsents, parentInfo, playerInfo } from '../../../test/fixtures.js';
import { type Academy, asMember, countStatements, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';
import { packages, participants, subscriptions, teamPlayers, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';
import { csvDocument } from '../../lib/csv.js';

let t: TestContext;
let a: Academy;
const api = (who: { handle: string; token: string } = a) => asMember(t.app, who);

// The test clock starts at 2026-11-22T09:00Z: 12:00 in Riyadh.
const PAST = { date: '2026-11-20', time: '17:00', endTime: '18:00' };
const STARTED_TODAY = { date: '2026-11-22', time: '11:30', endTime: '12:30' };
const LATER_TODAY = { date: '2026-11-22', time: '17:00', endTime: '18:00' };
const COMING = { date: '2026-11-24', time: '17:00', endTime: '18:00' };

async function makeTeam(name: string, playerIds: string[] = []) {
  const res = await api()({ method: 'POST', url: '/api/teams', payload: { name, playerIds } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** The team editor's save: name, colour, coaches and players. */
const saveTeam = (id: string, name: string, playerIds: string[]) =>
  api()({ method: 'PUT', url: `/api/teams/${id}`, payload: { name, color: 'BLUE', coachIds: [], playerIds } });

/** The players list's team change: only the players, allowed with W:Players. */
const setPlayers = (id: string, playerIds: string[]) => api()({ method: 'PUT', url: `/api/teams/${id}`, payload: { playerIds } });

async function addEvent(teamIds: string[], when: { date: string; time: string; endTime: string }, type = 'TRAINING_SESSION') {
  const res = await api()({ method: 'POST', url: '/api/events', payload: { type, field: 'A', teamIds, ...when } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function event(id: string) {
  const res = await api()({ method: 'GET', url: '/api/events?startDate=2026-11-01&endDate=2027-02-01' });
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json() as Event[]).find((e) => e.id === id);
  if (!found) throw new Error(`no event ${id}`);
  return found;
}

const playersOf = async (id: string) => (await event(id)).participants.map((p) => p.user.id).sort();
const sorted = (ids: string[]) => [...ids].sort();

async function mark(eventId: string, userId: string, status: string) {
  const res = await api()({ method: 'PATCH', url: `/api/events/${eventId}/participants/${userId}`, payload: { status } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Three events of `teamId`: one that happened, one that started an hour ago, and one to come. */
async function threeEvents(teamId: string) {
  return {
    past: await addEvent([teamId], PAST),
    started: await addEvent([teamId], STARTED_TODAY),
    coming: await addEvent([teamId], COMING),
    later: await addEvent([teamId], LATER_TODAY),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await registerAndLogin(t.app);
});
afterAll(() => t.close());

describe('joining a team adds the player to its events that have not started', () => {
  it('through the team editor', async () => {
    const old = await addPlayer(t.app, a, { name: 'Editor Old' });
    const team = await makeTeam('Editor team', [old]);
    const ev = await threeEvents(team);
    const joiner = await addPlayer(t.app, a, { name: 'Editor Joiner' });

    expect((await saveTeam(team, 'Editor team', [old, joiner])).statusCode).toBe(200);
    expect(await playersOf(ev.coming)).toEqual(sorted([old, joiner]));
    expect(await playersOf(ev.later)).toEqual(sorted([old, joiner]));
    // What has happened (or begun) keeps its players.
    expect(await playersOf(ev.past)).toEqual([old]);
    expect(await playersOf(ev.started)).toEqual([old]);
    const joined = (await event(ev.coming)).participants.find((p) => p.user.id === joiner);
    expect(joined).toMatchObject({ status: 'PENDING', teamId: team, cantCome: null });
  });

  it("through the players list's team change", async () => {
    const from = await makeTeam('List from');
    const to = await makeTeam('List to');
    const mover = await addPlayer(t.app, a, { name: 'List Mover' });
    await setPlayers(from, [mover]);
    const fromEvents = await threeEvents(from);
    const toEvents = await threeEvents(to);
    const match = await addEvent([from, to], COMING, 'MATCH');

    // The players list moves them: off the old team, onto the new one.
    expect((await setPlayers(from, [])).statusCode).toBe(200);
    expect((await setPlayers(to, [mover])).statusCode).toBe(200);

    expect(await playersOf(toEvents.coming)).toEqual([mover]);
    expect(await playersOf(toEvents.later)).toEqual([mover]);
    expect(await playersOf(toEvents.past)).toEqual([]);
    expect(await playersOf(fromEvents.coming)).toEqual([]);
    expect(await playersOf(fromEvents.past)).toEqual([mover]);
    expect(await playersOf(fromEvents.started)).toEqual([mover]);
    // In a match of both teams they stay, now for the team they play in.
    expect((await event(match)).participants.map((p) => [p.user.id, p.teamId])).toEqual([[mover, to]]);
  });

  it('through an import of players with a teams column', async () => {
    const squad = await makeTeam('Import squad');
    const existing = await addPlayer(t.app, a, { name: 'Import Existing' });
    await setPlayers(squad, [existing]);
    const ev = await threeEvents(squad);

    const row = (cells: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>) => IMPORT_COLUMNS.map((c) => cells[c] ?? '');
    const rows = Array.from({ length: 5 }, (_, i) =>
      row({
        name: `Imported ${i}`,
        birthdate: '2015-03-04',
        gender: 'Male',
        teams: 'Import squad',
        parentName: `Parent ${i}`,
        parentPhone: `+96650111${String(2000 + i)}`,
      }),
    );
    const bytes = Buffer.from(csvDocument([IMPORT_COLUMNS.map((c) => IMPORT_HEADERS[c].en), ...rows]), 'utf8');
    const res = await api()({
      method: 'POST',
      url: '/api/players/import',
      ...multipart({}, { name: 'players.csv', bytes, type: 'text/csv', field: 'file' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 5 });

    const coming = (await event(ev.coming)).participants;
    expect(coming.map((p) => p.user.name).sort()).toEqual(['Import Existing', ...rows.map((_, i) => `Imported ${i}`)].sort());
    expect(coming.every((p) => p.status === 'PENDING' && p.teamId === squad)).toBe(true);
    expect((await event(ev.later)).participants).toHaveLength(6);
    expect(await playersOf(ev.past)).toEqual([existing]);
    expect(await playersOf(ev.started)).toEqual([existing]);
  });

  it("through a parent's registration, once the child is put in a team", async () => {
    const team = await makeTeam('Registration team');
    const ev = await threeEvents(team);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/parent',
      payload: { handle: a.handle, parentInfo, playerInfo: playerInfo({ name: 'Registered Child' }), consents: paperConsents },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const child = reg.json().player.id as string;

    expect((await setPlayers(team, [child])).statusCode).toBe(200);
    expect(await playersOf(ev.coming)).toEqual([child]);
    expect(await playersOf(ev.later)).toEqual([child]);
    expect(await playersOf(ev.past)).toEqual([]);
    expect(await playersOf(ev.started)).toEqual([]);
  });

  it('in the same number of statements for 1 player as for 40, across a series of events', async () => {
    const few = await makeTeam('Count few');
    const many = await makeTeam('Count many');
    for (const team of [few, many])
      await api()({
        method: 'POST',
        url: '/api/events',
        payload: { type: 'TRAINING_SESSION', field: '', teamIds: [team], ...COMING, repeat: { until: '2027-01-26' } },
      });
    const players = await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .insert(users)
        .values(Array.from({ length: 40 }, (_, i) => ({ academyId: a.id, role: 'PLAYER' as const, name: `Count ${i}` })))
        .returning({ id: users.id }),
    );
    const ids = players.map((p) => p.id);
    const one = await countStatements(() => setPlayers(few, ids.slice(0, 1)));
    const forty = await countStatements(() => setPlayers(many, ids));
    expect(one.result.statusCode).toBe(200);
    expect(forty.result.statusCode).toBe(200);
    expect(forty.statements).toBe(one.statements);
    const series = (await api()({ method: 'GET', url: '/api/events?startDate=2026-11-24&endDate=2027-01-26' })).json() as Event[];
    const ofMany = series.filter((e) => e.teams.some((team) => team.id === many));
    expect(ofMany).toHaveLength(10);
    expect(ofMany.every((e) => e.participants.length === 40)).toBe(true);
  });
});

describe('leaving a team', () => {
  it('removes the player from events that have not started where nothing was marked; marks and the past stay', async () => {
    const stays = await addPlayer(t.app, a, { name: 'Leave Stays' });
    const leaver = await addPlayer(t.app, a, { name: 'Leave Leaver' });
    const team = await makeTeam('Leave team', [stays, leaver]);
    const ev = await threeEvents(team);
    const marked = await addEvent([team], { date: '2026-11-25', time: '17:00', endTime: '18:00' });
    // A session package, so a used session shows whether a mark survived.
    const subId = await withTenant(t.deps.db, a.id, async (tx) => {
      const [pkg] = await tx
        .insert(packages)
        .values({ academyId: a.id, name: 'Leave sessions', packageType: 'SESSION_BASED', sessionsCount: 10 })
        .returning();
      const [sub] = await tx
        .insert(subscriptions)
        .values({ academyId: a.id, playerId: leaver, packageId: pkg.id, status: 'ACTIVE', sessionsLeft: 10, totalSessions: 10 })
        .returning();
      return sub.id;
    });
    await mark(ev.past, leaver, 'ATTENDED');
    await mark(marked, leaver, 'ATTENDED');

    expect((await setPlayers(team, [stays])).statusCode).toBe(200);

    expect(await playersOf(ev.coming)).toEqual([stays]);
    expect(await playersOf(ev.later)).toEqual([stays]);
    // Marked before they left: kept, with its status (and the session it used).
    const kept = (await event(marked)).participants.find((p) => p.user.id === leaver);
    expect(kept).toMatchObject({ status: 'ATTENDED', teamId: team });
    // What happened, or began, keeps them: marked or not.
    expect(await playersOf(ev.past)).toEqual(sorted([stays, leaver]));
    expect((await event(ev.past)).participants.find((p) => p.user.id === leaver)?.status).toBe('ATTENDED');
    expect(await playersOf(ev.started)).toEqual(sorted([stays, leaver]));
    const [sub] = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, subId)));
    expect(sub.sessionsLeft).toBe(8);

    // Back in the team: the coming events have them again, the marked one unchanged.
    expect((await setPlayers(team, [stays, leaver])).statusCode).toBe(200);
    expect(await playersOf(ev.coming)).toEqual(sorted([stays, leaver]));
    expect((await event(marked)).participants.find((p) => p.user.id === leaver)?.id).toBe(kept?.id);
  });

  it('when their team is deleted: its coming events lose them unless another of their teams plays', async () => {
    const player = await addPlayer(t.app, a, { name: 'Deleted Team Player' });
    const gone = await makeTeam('Gone team', [player]);
    const other = await makeTeam('Other team', [player]);
    const ev = await threeEvents(gone);
    const match = await addEvent([gone, other], COMING, 'MATCH');

    expect((await api()({ method: 'DELETE', url: `/api/teams/${gone}` })).statusCode).toBe(204);
    expect(await playersOf(ev.coming)).toEqual([]);
    expect(await playersOf(ev.past)).toEqual([player]);
    expect((await event(match)).participants.map((p) => [p.user.id, p.teamId])).toEqual([[player, other]]);
  });
});

describe("an event's own edit agrees", () => {
  it('an edit of a coming event takes the current roster; an edit of a past one keeps its players', async () => {
    const first = await addPlayer(t.app, a, { name: 'Edit First' });
    const team = await makeTeam('Edit team', [first]);
    const past = await addEvent([team], PAST);
    const coming = await addEvent([team], COMING);
    const late = await addPlayer(t.app, a, { name: 'Edit Late' });
    // Joined without the roster rule (as a database written before it would have it).
    await withTenant(t.deps.db, a.id, (tx) => tx.insert(teamPlayers).values({ academyId: a.id, teamId: team, playerId: late }));

    const edit = (id: string, when: object) =>
      api()({
        method: 'PUT',
        url: `/api/events/${id}`,
        payload: { type: 'TRAINING_SESSION', field: 'B', teamIds: [team], coachIds: [], ...when },
      });
    expect((await edit(past, PAST)).statusCode).toBe(200);
    expect(await playersOf(past)).toEqual([first]);
    expect((await edit(coming, COMING)).statusCode).toBe(200);
    expect(await playersOf(coming)).toEqual(sorted([first, late]));
  });
});

describe('the repair of an existing database (migration 0039)', () => {
  it("puts the rosters' players in every academy's events that have not started, and takes out unmarked leavers", async () => {
    // Dates around the database's own clock, which the migration reads: long past, and far ahead.
    const stays = await addPlayer(t.app, a, { name: 'Repair Stays' });
    const leaver = await addPlayer(t.app, a, { name: 'Repair Leaver' });
    const markedLeaver = await addPlayer(t.app, a, { name: 'Repair Marked Leaver' });
    const team = await makeTeam('Repair team', [stays, leaver, markedLeaver]);
    const past = await addEvent([team], { date: '2025-01-10', time: '17:00', endTime: '18:00' });
    const coming = await addEvent([team], { date: '2099-06-01', time: '17:00', endTime: '18:00' });
    await mark(coming, markedLeaver, 'ABSENT');
    // Memberships written the way they were before the roster rule: the events never heard of them.
    const joiner = await addPlayer(t.app, a, { name: 'Repair Joiner' });
    await withTenant(t.deps.db, a.id, async (tx) => {
      await tx.insert(teamPlayers).values({ academyId: a.id, teamId: team, playerId: joiner });
      await tx.delete(teamPlayers).where(and(eq(teamPlayers.teamId, team), inArray(teamPlayers.playerId, [leaver, markedLeaver])));
    });
    const of = (eventId: string) =>
      withTenant(t.deps.db, a.id, async (tx) =>
        (await tx.select().from(participants).where(eq(participants.eventId, eventId))).map((p) => [p.userId, p.status]).sort(),
      );
    expect(await of(coming)).toEqual(sorted([stays, leaver, markedLeaver]).map((id) => [id, id === markedLeaver ? 'ABSENT' : 'PENDING']));

    const repair = await readFile(new URL('../../db/migrations/0039_participants_follow_rosters.sql', import.meta.url), 'utf8');
    await withTenant(t.deps.db, a.id, (tx) => tx.execute(sql.raw(repair)));

    expect(await of(coming)).toEqual(sorted([stays, joiner, markedLeaver]).map((id) => [id, id === markedLeaver ? 'ABSENT' : 'PENDING']));
    expect(await of(past)).toEqual(sorted([stays, leaver, markedLeaver]).map((id) => [id, 'PENDING']));
  });
});
