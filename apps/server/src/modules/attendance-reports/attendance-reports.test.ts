import type { AttendanceReport, ParticipantStatus } from '@kora/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { addPlayer, coachLogin } from '../../../test/fixtures.js';
import { asMember, countStatements, LIST_STATEMENTS, registerAndLogin } from '../../../test/harness.js';
import { events, eventTeams, participants, teamPlayers, teams, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

const t = useTestApp({ academies: 2 }); // today is 22 November 2026 in Riyadh
const [a, b] = t.academies;
let eagles: string;
let falcons: string;
const p: Record<'ali' | 'badr' | 'camil' | 'dana', string> = { ali: '', badr: '', camil: '', dana: '' };

type Who = { handle: string; token: string };
const api = (who: Who = a) => asMember(t.app, who);
const report = (query: string, who: Who = a) => api(who)({ method: 'GET', url: `/api/attendance-reports?${query}` });
const reportOf = async (query: string, who: Who = a) => {
  const res = await report(query, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AttendanceReport;
};
const OCTOBER = 'startDate=2026-10-01&endDate=2026-10-31';
const NOVEMBER = 'startDate=2026-11-01&endDate=2026-11-30';

async function event(
  teamId: string,
  date: string,
  time: string,
  endTime: string,
  marks: Partial<Record<keyof typeof p, ParticipantStatus>>,
) {
  const res = await api()({
    method: 'POST',
    url: '/api/events',
    payload: { type: 'TRAINING_SESSION', date, time, endTime, teamIds: [teamId] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (Array.isArray(res.json()) ? res.json()[0] : res.json()).id as string;
  for (const [who, status] of Object.entries(marks)) {
    const mark = await api()({
      method: 'PATCH',
      url: `/api/events/${id}/participants/${p[who as keyof typeof p]}`,
      payload: { status },
    });
    expect(mark.statusCode, mark.body).toBe(200);
  }
}

/**
 * The fixed data set: Eagles (Ali, Badr, Camil) train on 5 October, at 23:30 on 31 October (Riyadh:
 * still October) and at midnight on 1 November; Falcons (Dana) on 20 October and 10 November.
 */
beforeAll(async () => {
  p.ali = await addPlayer(t.app, a, { name: 'Ali Report' });
  p.badr = await addPlayer(t.app, a, { name: 'Badr Report', nameArabic: 'بدر' });
  p.camil = await addPlayer(t.app, a, { name: 'Camil Report' });
  p.dana = await addPlayer(t.app, a, { name: 'Dana Report' });
  const team = async (name: string, playerIds: string[]) =>
    (await api()({ method: 'POST', url: '/api/teams', payload: { name, color: 'ORANGE', playerIds } })).json().id as string;
  eagles = await team('Eagles', [p.ali, p.badr, p.camil]);
  falcons = await team('Falcons', [p.dana]);
  await event(eagles, '2026-10-05', '17:00', '18:00', { ali: 'ATTENDED', badr: 'ABSENT', camil: 'ATTENDED' });
  await event(eagles, '2026-10-31', '23:30', '23:59', { ali: 'ATTENDED', badr: 'NOT_ATTENDING', camil: 'ABSENT' });
  await event(eagles, '2026-11-01', '00:00', '01:00', { ali: 'ABSENT', badr: 'ABSENT' });
  await event(falcons, '2026-10-20', '17:00', '18:00', { dana: 'PLAYED' });
  await event(falcons, '2026-11-10', '17:00', '18:00', {});
});

const ref = (id: string, name: string, nameArabic: string | null = null) => ({ id, name, nameArabic, avatar: null });

describe('GET /api/attendance-reports', () => {
  it('counts a month by Riyadh dates: the 23:30 event of 31 October is October’s', async () => {
    const october = await reportOf(OCTOBER);
    expect(october.teams).toEqual([
      { team: { id: eagles, name: 'Eagles', nameArabic: null, color: 'ORANGE' }, events: 2, attended: 3, missed: 3, rate: 50 },
      { team: { id: falcons, name: 'Falcons', nameArabic: null, color: 'ORANGE' }, events: 1, attended: 1, missed: 0, rate: 100 },
    ]);
    expect(october.players).toEqual([
      { player: ref(p.ali, 'Ali Report'), attended: 2, missed: 0, rate: 100 },
      { player: ref(p.badr, 'Badr Report', 'بدر'), attended: 0, missed: 2, rate: 0 },
      { player: ref(p.camil, 'Camil Report'), attended: 1, missed: 1, rate: 50 },
      { player: ref(p.dana, 'Dana Report'), attended: 1, missed: 0, rate: 100 },
    ]);
    // Badr missed both of his sessions up to 31 October: two, not the three asked by default.
    expect(october.missedInARow).toEqual([]);
    expect((await reportOf(`${OCTOBER}&missed=2`)).missedInARow).toEqual([
      { player: ref(p.badr, 'Badr Report', 'بدر'), since: '2026-10-05', lastAttended: null },
    ]);
  });

  it('counts November apart; an unmarked participation counts in neither, its rate is null', async () => {
    const november = await reportOf(NOVEMBER);
    expect(november.teams.map((r) => [r.team.name, r.events, r.attended, r.missed, r.rate])).toEqual([
      ['Eagles', 1, 0, 2, 0],
      ['Falcons', 1, 0, 0, null],
    ]);
    expect(november.players.map((r) => [r.player.name, r.attended, r.missed, r.rate])).toEqual([
      ['Ali Report', 0, 1, 0],
      ['Badr Report', 0, 1, 0],
      ['Camil Report', 0, 0, null],
      ['Dana Report', 0, 0, null],
    ]);
    expect(november.missedInARow).toEqual([{ player: ref(p.badr, 'Badr Report', 'بدر'), since: '2026-10-05', lastAttended: null }]);
    // The last single marked session: Camil's 1 November is unmarked, so his last is 31 October.
    expect((await reportOf(`${NOVEMBER}&missed=1`)).missedInARow.map((r) => [r.player.name, r.since, r.lastAttended])).toEqual([
      ['Ali Report', '2026-11-01', '2026-10-31'],
      ['Badr Report', '2026-11-01', null],
      ['Camil Report', '2026-10-31', '2026-10-05'],
    ]);
  });

  it('keeps one team’s events and players when a team is chosen; a range across the months adds them up', async () => {
    const one = await reportOf(`${OCTOBER}&teamId=${falcons}`);
    expect(one.teams.map((r) => r.team.id)).toEqual([falcons]);
    expect(one.players.map((r) => r.player.id)).toEqual([p.dana]);
    const both = await reportOf('startDate=2026-10-15&endDate=2026-11-05');
    expect(both.teams.map((r) => [r.team.name, r.events, r.attended, r.missed, r.rate])).toEqual([
      ['Eagles', 2, 1, 4, 20],
      ['Falcons', 1, 1, 0, 100],
    ]);
  });

  it.each([
    ['an end before the start', 'startDate=2026-10-31&endDate=2026-10-01', 'event.range_invalid'],
    ['more than 366 days', 'startDate=2025-01-01&endDate=2026-10-01', 'event.range_too_long'],
    ['a date that does not exist', 'startDate=2026-02-30&endDate=2026-03-01', 'validation.invalid_value'],
    ['a year out of range', 'startDate=0001-01-01&endDate=0001-01-31', 'date.out_of_range'],
    ['no end', 'startDate=2026-10-01', 'validation.invalid_value'],
    ['missed=0', `${OCTOBER}&missed=0`, 'validation.invalid_value'],
    ['missed=abc', `${OCTOBER}&missed=abc`, 'validation.invalid_value'],
    ['a team id that is not an id', `${OCTOBER}&teamId=x`, 'validation.invalid_value'],
  ])('refuses %s with 400', async (_n, query, code) => {
    const res = await report(query);
    expect(res.statusCode, res.body).toBe(400);
    if (code !== 'validation.invalid_value') expect(res.json().code).toBe(code);
  });

  it('keeps academies apart: another academy sees none of it, and its team is unknown (404)', async () => {
    const theirs = await reportOf(OCTOBER, b);
    expect(theirs).toEqual({ teams: [], players: [], missedInARow: [] });
    const res = await report(`${OCTOBER}&teamId=${eagles}`, b);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('team.not_found');
    expect((await api(b)({ method: 'GET', url: `/api/attendance-reports/export?${OCTOBER}&teamId=${eagles}` })).statusCode).toBe(404);
  });

  it('is read by the default Coach (R:Schedule); without a token 401', async () => {
    const coach = await coachLogin(t.app, a);
    expect((await reportOf(OCTOBER, coach)).players).toHaveLength(4);
    expect((await t.app.inject({ method: 'GET', url: `/api/attendance-reports?${OCTOBER}` })).statusCode).toBe(401);
  });
});

describe('GET /api/attendance-reports/export', () => {
  it('writes the three tables as CSV, every text quoted, names and headers in the asked language', async () => {
    const res = await api()({ method: 'GET', url: `/api/attendance-reports/export?${OCTOBER}&missed=2` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="attendance-2026-10-01-2026-10-31.csv"');
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFF"Team","Events","Attended","Missed","Attendance rate (%)"',
      '"Eagles",2,3,3,50',
      '"Falcons",1,1,0,100',
      '',
      '"Player","Attended","Missed","Attendance rate (%)"',
      '"Ali Report",2,0,100',
      '"Badr Report",0,2,0',
      '"Camil Report",1,1,50',
      '"Dana Report",1,0,100',
      '',
      '"Missed their last 2 sessions","Since","Last attended"',
      '"Badr Report","2026-10-05",""',
      '',
    ]);
    const ar = await api()({ method: 'GET', url: `/api/attendance-reports/export?${NOVEMBER}&lang=ar` });
    const lines = ar.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFF"الفريق","الأحداث","حضر","غاب","نسبة الحضور (%)"');
    expect(lines).toContain('"Falcons",1,0,0,""');
    expect(lines).toContain('"غابوا عن آخر 3 حصص","منذ","آخر حضور"');
    expect(lines).toContain('"بدر","2026-10-05",""');
  });

  it('guards a name that would run as a formula', async () => {
    const c = await registerAndLogin(t.app);
    const evil = await addPlayer(t.app, c, { name: '=HYPERLINK("x")' });
    const team = (await api(c)({ method: 'POST', url: '/api/teams', payload: { name: 'T', color: 'ORANGE', playerIds: [evil] } })).json();
    await api(c)({
      method: 'POST',
      url: '/api/events',
      payload: { type: 'TRAINING_SESSION', date: '2026-10-02', time: '10:00', endTime: '11:00', teamIds: [team.id] },
    });
    const res = await api(c)({ method: 'GET', url: `/api/attendance-reports/export?${OCTOBER}` });
    expect(res.body).toContain('"\'=HYPERLINK(""x"")",0,0,""');
  });
});

describe('statements', () => {
  it('builds the report in the same number of statements for 10 and 300 players', async () => {
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
        await tx.insert(teamPlayers).values(players.map((pl) => ({ academyId: c.id, teamId: team.id, playerId: pl.id })));
        const made = await tx
          .insert(events)
          .values(
            ['2026-10-05', '2026-10-12', '2026-10-19'].map((date) => ({
              academyId: c.id,
              type: 'TRAINING_SESSION' as const,
              date,
              time: '17:00',
              endTime: '18:00',
            })),
          )
          .returning();
        await tx.insert(eventTeams).values(made.map((e) => ({ academyId: c.id, eventId: e.id, teamId: team.id })));
        await tx.insert(participants).values(
          made.flatMap((e, k) =>
            players.map((pl, i) => ({
              academyId: c.id,
              eventId: e.id,
              userId: pl.id,
              teamId: team.id,
              status: (i % 2 === 0 || k === 0 ? 'ATTENDED' : 'ABSENT') as ParticipantStatus,
            })),
          ),
        );
      });
    const get = () => report(`${OCTOBER}&missed=2`, c);
    await seed(10, 0);
    const small = await countStatements(get);
    expect((small.result.json() as AttendanceReport).players).toHaveLength(10);
    await seed(290, 10);
    const large = await countStatements(get);
    const body = large.result.json() as AttendanceReport;
    expect(body.players).toHaveLength(300);
    expect(body.missedInARow).toHaveLength(150);
    expect(small.statements).toBeGreaterThan(0);
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(LIST_STATEMENTS);
    console.info(`attendance report: ${small.statements} SQL statements for 10 players, ${large.statements} for 300`);
  });
});
