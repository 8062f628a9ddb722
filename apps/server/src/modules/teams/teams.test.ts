import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { addPlayer } from '../../../test/fixtures.js';
import { countStatements, expectInvalid, LIST_STATEMENTS, registerAndLogin } from '../../../test/harness.js';
import { teamCoaches, teamPlayers, teams, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

const t = useTestApp({ academies: 2, coaches: 1 });
const [a, b] = t.academies;
const [coach] = t.coaches;
let playerA: string;
let playerB: string;
beforeAll(async () => {
  playerA = await addPlayer(t.app, a);
  playerB = await addPlayer(t.app, b);
});

const create = (payload: object, who: { handle: string; token: string } = a) => api(t.app, who)('createTeam', { body: payload });

describe('teams', () => {
  it('creates, reads, updates and deletes a team with its coaches and players', async () => {
    const res = await create({ name: 'U12 Eagles', color: 'ORANGE', coachIds: [coach.id], playerIds: [playerA] });
    expect(res.statusCode).toBe(201);
    const team = res.json();
    expect(team).toMatchObject({
      name: 'U12 Eagles',
      color: 'ORANGE',
      coaches: [{ id: coach.id, name: 'Coach Waleed', avatar: null }],
      players: [{ id: playerA }],
    });

    const list = await api(t.app, a)('listTeams');
    expect(list.json().map((x: { id: string }) => x.id)).toContain(team.id);
    const one = await api(t.app, a)('getTeam', { params: { id: team.id } });
    expect(one.json()).toEqual(team);

    const upd = await api(t.app, a)('updateTeam', {
      params: { id: team.id },
      body: { name: 'U12 Eagles A', color: 'BLUE', coachIds: [], playerIds: [playerA] },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ name: 'U12 Eagles A', color: 'BLUE', coaches: [] });

    const del = await api(t.app, a)('deleteTeam', { params: { id: team.id } });
    expect(del.statusCode).toBe(204);
    expect((await api(t.app, a)('getTeam', { params: { id: team.id } })).statusCode).toBe(404);
  });

  it('keeps an Arabic name: set on create, kept by an update without it, cleared by null', async () => {
    const team = (await create({ name: 'Riyadh Falcons', nameArabic: ' صقور الرياض ', coachIds: [coach.id] })).json();
    expect(team).toMatchObject({ name: 'Riyadh Falcons', nameArabic: 'صقور الرياض', coaches: [{ id: coach.id, nameArabic: null }] });
    const put = (payload: object) => api(t.app, a)('updateTeam', { params: { id: team.id }, body: payload });
    expect((await put({ name: 'Falcons', color: 'BLUE' })).json()).toMatchObject({ name: 'Falcons', nameArabic: 'صقور الرياض' });
    expect((await put({ playerIds: [playerA] })).json()).toMatchObject({ nameArabic: 'صقور الرياض' });
    expect((await put({ name: 'Falcons', nameArabic: null })).json()).toMatchObject({ nameArabic: null });
    expectInvalid(await create({ name: 'X', nameArabic: 'ص'.repeat(101) }), 'validation.too_big', 'nameArabic');
  });

  it("answers 'Please enter a valid name' for a blank name and a colour outside the enumeration", async () => {
    const blank = await create({ name: '  ', color: 'BLUE' });
    expectInvalid(blank, 'team.name_invalid', 'name');
    expect(blank.json().message).toBe('Please enter a valid name');
    const color = await create({ name: 'X', color: 'TEAL' });
    expect(color.statusCode).toBe(400);
    expect(color.json().issues[0].path).toBe('color');
  });

  it("refuses another academy's players or coaches, and players passed as coaches", async () => {
    expectInvalid(await create({ name: 'X', playerIds: [playerB] }), 'player.unknown', 'playerIds');
    expect((await create({ name: 'X', coachIds: [playerA] })).statusCode).toBe(400);
  });

  it('lets W:Players change only the players; W:ManageTeam is needed for the rest', async () => {
    const team = (await create({ name: 'Hawks', color: 'GREEN' })).json();
    // The default Coach type has neither ManageTeam nor Players write.
    const asCoach = api(t.app, coach);
    expect((await asCoach('updateTeam', { params: { id: team.id }, body: { playerIds: [playerA] } })).statusCode).toBe(403);
    expect((await asCoach('createTeam', { body: { name: 'Mine' } })).statusCode).toBe(403);
    expect((await asCoach('deleteTeam', { params: { id: team.id } })).statusCode).toBe(403);
    expect((await asCoach('listTeams')).statusCode).toBe(200);
    const onlyPlayers = await api(t.app, a)('updateTeam', { params: { id: team.id }, body: { playerIds: [playerA] } });
    expect(onlyPlayers.json()).toMatchObject({ name: 'Hawks', players: [{ id: playerA }] });
  });

  it("keeps academies apart: 404 for another academy's team, 401 without a token", async () => {
    const team = (await create({ name: 'Private', color: 'RED' })).json();
    const asB = api(t.app, b);
    expect((await asB('getTeam', { params: { id: team.id } })).statusCode).toBe(404);
    expect((await asB('updateTeam', { params: { id: team.id }, body: { name: 'Stolen' } })).statusCode).toBe(404);
    expect((await asB('deleteTeam', { params: { id: team.id } })).statusCode).toBe(404);
    expect((await asB('listTeams')).json().map((x: { name: string }) => x.name)).not.toContain('Private');
    expect((await api(t.app)('listTeams')).statusCode).toBe(401);
    expect(
      (await api(t.app)('getTeam', { params: { id: 'not-a-uuid' }, headers: { authorization: `Bearer ${a.token}` } })).statusCode,
    ).toBe(400);
  });

  it('lists 2 teams and 12 teams of 25 players in the same number of SQL statements', async () => {
    const c = await registerAndLogin(t.app);
    const seed = (count: number, from: number) =>
      withTenant(t.deps.db, c.id, async (tx) => {
        const created = await tx
          .insert(teams)
          .values(Array.from({ length: count }, (_, i) => ({ academyId: c.id, name: `Team ${from + i}` })))
          .returning();
        for (const team of created) {
          const people = await tx
            .insert(users)
            .values(
              Array.from({ length: 26 }, (_, i) => ({
                academyId: c.id,
                role: i ? ('PLAYER' as const) : ('COACH' as const),
                name: `${team.name} #${i}`,
              })),
            )
            .returning();
          await tx.insert(teamCoaches).values({ academyId: c.id, teamId: team.id, coachId: people[0].id });
          await tx.insert(teamPlayers).values(people.slice(1).map((p) => ({ academyId: c.id, teamId: team.id, playerId: p.id })));
        }
      });
    const list = () => api(t.app, c)('listTeams');
    await seed(2, 0);
    const small = await countStatements(list);
    expect(small.result.json()).toHaveLength(2);
    await seed(10, 2);
    const large = await countStatements(list);
    expect(large.result.json()).toHaveLength(12);
    expect(large.result.json()[11]).toMatchObject({ coaches: [expect.any(Object)], players: expect.arrayContaining([expect.any(Object)]) });
    expect(large.result.json()[11].players).toHaveLength(25);
    expect(small.statements).toBeGreaterThan(0);
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(LIST_STATEMENTS);
    console.info(`GET /api/teams: ${small.statements} SQL statements for 2 and for 12 teams`);
  });
});
