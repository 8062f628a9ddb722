import { type AuditEvent, allFlags, EVENTS_DELETED_HEADER, type Event, type PermissionFlags, riyadhToday } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlayer, coachLogin } from '../../../test/fixtures.js';
import {
  type Academy,
  asMember,
  countStatements,
  createTestApp,
  expectInvalid,
  LIST_STATEMENTS,
  registerAndLogin,
  type TestContext,
} from '../../../test/harness.js';
import { accountTypes, eventCoaches, events, eventTeams, packages, participants, subscriptions, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

let t: TestContext;
let a: Academy;
let b: Academy;
let coach: { id: string; handle: string; token: string };
let otherCoach: { id: string; handle: string; token: string };
const p: Record<'one' | 'two' | 'three', string> = { one: '', two: '', three: '' };
const team: Record<'one' | 'two' | 'three' | 'foreign', string> = { one: '', two: '', three: '', foreign: '' };

type Who = { handle: string; token: string };
const api = (who: Who = a) => asMember(t.app, who);
const post = (payload: object, who: Who = a) => api(who)({ method: 'POST', url: '/api/events', payload });
const put = (id: string, payload: object, scope?: string, who: Who = a) =>
  api(who)({ method: 'PUT', url: `/api/events/${id}${scope ? `?scope=${scope}` : ''}`, payload });
const del = (id: string, scope?: string, who: Who = a) =>
  api(who)({ method: 'DELETE', url: `/api/events/${id}${scope ? `?scope=${scope}` : ''}` });
const list = async (startDate: string, endDate: string, who: Who = a, extra = '') => {
  const res = await api(who)({ method: 'GET', url: `/api/events?startDate=${startDate}&endDate=${endDate}${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Event[];
};
const mark = (participantId: string, status: string, who: Who = a) =>
  api(who)({ method: 'PATCH', url: `/api/participants/${participantId}/status`, payload: { status } });

async function makeTeam(academy: Academy, name: string, playerIds: string[]) {
  const res = await asMember(t.app, academy)({ method: 'POST', url: '/api/teams', payload: { name, playerIds } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** Gives a user a new account type with exactly these flags. */
async function giveFlags(academy: Academy, userId: string, flags: Partial<PermissionFlags>) {
  await withTenant(t.deps.db, academy.id, async (tx) => {
    const [type] = await tx
      .insert(accountTypes)
      .values({ academyId: academy.id, name: `type-${Math.random()}`, ...allFlags(false), ...flags })
      .returning();
    await tx.update(users).set({ accountTypeId: type.id }).where(eq(users.id, userId));
  });
}

const training = (over: object = {}) => ({
  type: 'TRAINING_SESSION',
  date: '2026-11-24',
  time: '17:00',
  endTime: '18:30',
  field: 'الملعب ١',
  teamIds: [team.one],
  coachIds: [coach.id],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  a = await registerAndLogin(t.app);
  b = await registerAndLogin(t.app);
  coach = await coachLogin(t.app, a, 'Coach Waleed');
  otherCoach = await coachLogin(t.app, a, 'Coach Majed');
  p.one = await addPlayer(t.app, a, { name: 'Ali One', medicalCondition: 'Asthma' });
  p.two = await addPlayer(t.app, a, { name: 'Badr Two' });
  p.three = await addPlayer(t.app, a, { name: 'Omar Three' });
  team.one = await makeTeam(a, 'U10 Hawks', [p.one]);
  team.two = await makeTeam(a, 'U12 Eagles', [p.two]);
  team.three = await makeTeam(a, 'U14 Lions', [p.three, p.two]);
  team.foreign = await makeTeam(b, 'Foreign', []);
});
afterAll(() => t.close());

describe('events', () => {
  it('creates an event whose participants are the players of its team, PENDING, and lists, edits and deletes it', async () => {
    const res = await post(training());
    expect(res.statusCode, res.body).toBe(201);
    const event = res.json() as Event;
    expect(event).toEqual({
      id: expect.any(String),
      type: 'TRAINING_SESSION',
      date: '2026-11-24',
      time: '17:00',
      endTime: '18:30',
      field: 'الملعب ١',
      seriesId: null,
      teams: [{ id: team.one, name: 'U10 Hawks', nameArabic: null, color: 'GREY' }],
      coaches: [{ id: coach.id, name: 'Coach Waleed', nameArabic: null, avatar: null }],
      participants: [
        {
          id: expect.any(String),
          status: 'PENDING',
          teamId: team.one,
          cantCome: null,
          user: { id: p.one, name: 'Ali One', nameArabic: null, avatar: null, condition: 'Asthma', hasMedicalNote: true },
        },
      ],
      expectedPlayers: 1,
    });
    expect((await list('2026-11-24', '2026-11-24')).map((e) => e.id)).toEqual([event.id]);

    const edited = await put(event.id, training({ type: 'MATCH', time: '16:00', endTime: '17:30', field: '', coachIds: [] }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: event.id, type: 'MATCH', time: '16:00', endTime: '17:30', field: '', coaches: [] });

    expect((await del(event.id)).statusCode).toBe(204);
    expect(await list('2026-11-24', '2026-11-24')).toEqual([]);
    expect((await put(event.id, training())).statusCode).toBe(404);
    expect((await del(event.id)).json().code).toBe('event.not_found');
  });

  it('lists the range with both ends included, by date then time, and only a coach’s events with coachId', async () => {
    const ids = [];
    for (const [date, time, coachIds] of [
      ['2026-12-03', '18:00', [coach.id]],
      ['2026-12-01', '17:00', [otherCoach.id]],
      ['2026-12-03', '09:30', [coach.id, otherCoach.id]],
      ['2026-12-07', '17:00', [coach.id]],
      ['2026-11-30', '17:00', [coach.id]],
    ] as const) {
      const res = await post(training({ date, time, endTime: '19:00', coachIds }));
      ids.push(res.json().id as string);
    }
    const week = await list('2026-12-01', '2026-12-07');
    expect(week.map((e) => [e.date, e.time])).toEqual([
      ['2026-12-01', '17:00'],
      ['2026-12-03', '09:30'],
      ['2026-12-03', '18:00'],
      ['2026-12-07', '17:00'],
    ]);
    const mine = await list('2026-12-01', '2026-12-07', a, `&coachId=${coach.id}`);
    expect(mine.map((e) => [e.date, e.time])).toEqual([
      ['2026-12-03', '09:30'],
      ['2026-12-03', '18:00'],
      ['2026-12-07', '17:00'],
    ]);
    for (const id of ids) await del(id);
  });

  it('answers 400 with the code and path of each broken rule', async () => {
    const expect400 = async (res: Awaited<ReturnType<typeof post>>, code: string, path: string) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe(code);
      expect(res.json().issues[0]).toMatchObject({ path, code });
    };
    await expect400(await post(training({ endTime: '17:00' })), 'event.end_before_start', 'endTime');
    await expect400(await post(training({ endTime: '16:00' })), 'event.end_before_start', 'endTime');
    await expect400(await post(training({ teamIds: [] })), 'event.team_required', 'teamIds');
    await expect400(await post(training({ teamIds: [team.one, team.two] })), 'event.one_team_for_training', 'teamIds');
    await expect400(await post(training({ time: '25:00' })), 'time.invalid', 'time');
    await expect400(await post(training({ date: '2026-02-30' })), 'validation.invalid_format', 'date');
    await expect400(await post(training({ type: 'PARTY' })), 'validation.invalid_value', 'type');
    await expect400(await post(training({ teamIds: [team.foreign] })), 'team.unknown', 'teamIds');
    await expect400(await post(training({ coachIds: [p.one] })), 'coach.unknown', 'coachIds');
    await expect400(await post(training({ repeat: { until: '2027-11-24' } })), 'event.repeat_until_invalid', 'repeat.until');
    await expect400(await post(training({ repeat: { until: '2026-11-23' } })), 'event.repeat_until_invalid', 'repeat.until');
    const match = await post(training({ type: 'MATCH', teamIds: [team.one, team.two] }));
    expect(match.statusCode).toBe(201);
    await expect400(await put(match.json().id, training({ teamIds: [team.one, team.two] })), 'event.one_team_for_training', 'teamIds');
    await del(match.json().id);

    const badList = async (query: string, code: string) => {
      const res = await api()({ method: 'GET', url: `/api/events?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe(code);
    };
    await badList('startDate=2026-12-07&endDate=2026-12-01', 'event.range_invalid');
    await badList('startDate=2026-01-01&endDate=2027-01-02', 'event.range_too_long');
    await badList('endDate=2026-12-01', 'validation.invalid_type');
    await badList('startDate=2026-12-01&endDate=2026-12-07&coachId=x', 'validation.invalid_format');
    expect((await api()({ method: 'GET', url: '/api/events?startDate=2026-01-01&endDate=2027-01-01' })).statusCode).toBe(200);
    expectInvalid(await del('00000000-0000-4000-8000-000000000000', 'sometimes'), 'validation.invalid_value', 'querystring.scope');
  });

  it('needs a token (401), W:Schedule to write and a read right to list (403)', async () => {
    const id = (await post(training())).json().id as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/events?startDate=2026-11-24&endDate=2026-11-24' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/events', payload: training() })).statusCode).toBe(401);
    // The default Coach type reads the schedule but does not write it.
    expect((await list('2026-11-24', '2026-11-24', coach)).map((e) => e.id)).toContain(id);
    expect((await post(training(), coach)).statusCode).toBe(403);
    expect((await put(id, training(), undefined, coach)).statusCode).toBe(403);
    expect((await del(id, undefined, coach)).statusCode).toBe(403);
    const clerk = await coachLogin(t.app, a, 'Clerk');
    await giveFlags(a, clerk.id, { canReadGrowth: true });
    expect((await api(clerk)({ method: 'GET', url: '/api/events?startDate=2026-11-24&endDate=2026-11-24' })).statusCode).toBe(403);
    await del(id);
  });

  it('shows a member who reads only My Trainings the events they coach, and no one else’s', async () => {
    const trainee = await coachLogin(t.app, a, 'Coach Trainee');
    await giveFlags(a, trainee.id, { canReadMyTrainings: true, canWriteMyTrainings: true });
    const theirs = (await post(training({ date: '2026-12-10', coachIds: [trainee.id] }))).json().id as string;
    const others = (await post(training({ date: '2026-12-10', coachIds: [coach.id] }))).json().id as string;
    expect((await list('2026-12-10', '2026-12-10', trainee)).map((e) => e.id)).toEqual([theirs]);
    expect((await list('2026-12-10', '2026-12-10', trainee, `&coachId=${trainee.id}`)).map((e) => e.id)).toEqual([theirs]);
    const res = await api(trainee)({ method: 'GET', url: `/api/events?startDate=2026-12-10&endDate=2026-12-10&coachId=${coach.id}` });
    expect(res.statusCode).toBe(403);
    expect((await list('2026-12-10', '2026-12-10')).map((e) => e.id).sort()).toEqual([theirs, others].sort());
    await del(theirs);
    await del(others);
  });

  it("keeps academies apart: another academy's event is 404 and never listed", async () => {
    const id = (await post(training({ date: '2026-12-20' }))).json().id as string;
    expect(await list('2026-12-20', '2026-12-20', b)).toEqual([]);
    expect((await put(id, { ...training(), teamIds: [team.foreign], coachIds: [] }, undefined, b)).statusCode).toBe(404);
    expect((await del(id, undefined, b)).statusCode).toBe(404);
    const participant = (await list('2026-12-20', '2026-12-20'))[0].participants[0];
    expect((await mark(participant.id, 'ATTENDED', b)).statusCode).toBe(404);
    expect((await list('2026-12-20', '2026-12-20')).map((e) => e.id)).toEqual([id]);
    await del(id);
  });
});

describe('participants follow the teams', () => {
  it('adds the players of added teams PENDING, removes unmarked players of removed teams, and keeps marked attendance', async () => {
    const match = (await post(training({ type: 'MATCH', teamIds: [team.one, team.two] }))).json() as Event;
    const byUser = (e: Event) => Object.fromEntries(e.participants.map((x) => [x.user.id, { status: x.status, teamId: x.teamId }]));
    expect(byUser(match)).toEqual({ [p.one]: { status: 'PENDING', teamId: team.one }, [p.two]: { status: 'PENDING', teamId: team.two } });

    const one = match.participants.find((x) => x.user.id === p.one);
    expect((await mark(one?.id ?? '', 'ATTENDED')).statusCode).toBe(200);

    // Team one leaves (its player was marked: kept), team three joins (p.three added; p.two now plays for team two still).
    const moved = (await put(match.id, training({ type: 'MATCH', teamIds: [team.two, team.three] }))).json() as Event;
    expect(byUser(moved)).toEqual({
      [p.one]: { status: 'ATTENDED', teamId: team.one },
      [p.two]: { status: 'PENDING', teamId: team.two },
      [p.three]: { status: 'PENDING', teamId: team.three },
    });
    expect(moved.participants.find((x) => x.user.id === p.one)?.id).toBe(one?.id);

    // Only team three: p.two stays (a player of team three too, now for it), p.one is still kept.
    const narrowed = (await put(match.id, training({ type: 'MATCH', teamIds: [team.three] }))).json() as Event;
    expect(byUser(narrowed)).toEqual({
      [p.one]: { status: 'ATTENDED', teamId: team.one },
      [p.two]: { status: 'PENDING', teamId: team.three },
      [p.three]: { status: 'PENDING', teamId: team.three },
    });
    // Back to team one alone: the unmarked players of team three leave.
    const back = (await put(match.id, training({ teamIds: [team.one] }))).json() as Event;
    expect(byUser(back)).toEqual({ [p.one]: { status: 'ATTENDED', teamId: team.one } });
    await mark(one?.id ?? '', 'PENDING');
    await del(match.id);
  });

  it('uses a session when a participant of an API-created event is marked ATTENDED, and gives it back when the event is deleted', async () => {
    const subscriber = await addPlayer(t.app, a, { name: 'Sami Sessions' });
    const squad = await makeTeam(a, 'Sessions squad', [subscriber]);
    const subId = await withTenant(t.deps.db, a.id, async (tx) => {
      const [pkg] = await tx
        .insert(packages)
        .values({ academyId: a.id, name: '10 sessions', packageType: 'SESSION_BASED', sessionsCount: 10 })
        .returning();
      const [sub] = await tx
        .insert(subscriptions)
        .values({ academyId: a.id, playerId: subscriber, packageId: pkg.id, status: 'ACTIVE', sessionsLeft: 1, totalSessions: 10 })
        .returning();
      return sub.id;
    });
    const sub = async () =>
      (await withTenant(t.deps.db, a.id, (tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, subId))))[0];

    const event = (await post(training({ teamIds: [squad], date: '2026-11-21' }))).json() as Event;
    const participant = event.participants[0];
    expect(participant.user.id).toBe(subscriber);
    expect((await mark(participant.id, 'ATTENDED')).json()).toEqual({ id: participant.id, status: 'ATTENDED' });
    expect(await sub()).toMatchObject({ sessionsLeft: 0, status: 'INACTIVE' });
    // Editing the event keeps the attendance, and so the session stays used.
    await put(event.id, training({ teamIds: [squad], date: '2026-11-21', time: '18:00', endTime: '19:00' }));
    expect(await sub()).toMatchObject({ sessionsLeft: 0, status: 'INACTIVE' });
    const deleted = await del(event.id);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.headers[EVENTS_DELETED_HEADER]).toBe('1');
    expect(await sub()).toMatchObject({ sessionsLeft: 1, status: 'ACTIVE' });
    // The delete took attendance and gave a session back: the audit trail says who, and what went.
    const today = riyadhToday(t.clock.now());
    const trail = (await api()({ method: 'GET', url: `/api/audit-events?startDate=${today}&endDate=${today}` })).json() as AuditEvent[];
    expect(trail.find((r) => r.action === 'deleteEvent' && r.targetId === event.id)).toMatchObject({
      actor: { id: a.userId },
      details: { effect: { eventsDeleted: 1, attended: 1, sessionsReturned: [{ subscriptionId: subId, sessions: 1 }] } },
    });
  });
});

describe('weekly series', () => {
  const dates = async (seriesId: string) =>
    (await list('2026-12-01', '2027-02-28')).filter((e) => e.seriesId === seriesId).map((e) => `${e.date} ${e.time} ${e.type}`);

  it('creates one event per week until the date given, sharing a series id', async () => {
    const res = await post(training({ date: '2027-01-05', repeat: { until: '2027-01-26' } }));
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json() as Event;
    expect(first.date).toBe('2027-01-05');
    expect(first.seriesId).toEqual(expect.any(String));
    const series = (await list('2027-01-01', '2027-01-31')).filter((e) => e.seriesId === first.seriesId);
    expect(series.map((e) => e.date)).toEqual(['2027-01-05', '2027-01-12', '2027-01-19', '2027-01-26']);
    expect(series.every((e) => e.participants.length === 1 && e.participants[0].status === 'PENDING')).toBe(true);
    // The longest series: 52 weeks after the first date, 53 events.
    const long = (await post(training({ date: '2027-03-02', repeat: { until: '2028-02-29' } }))).json() as Event;
    expect((await list('2027-03-01', '2028-02-29')).filter((e) => e.seriesId === long.seriesId)).toHaveLength(53);
    const seriesStart = (await list('2027-03-02', '2027-03-02')).find((e) => e.seriesId === long.seriesId);
    const rest = await del(seriesStart?.id ?? '', 'following');
    expect(rest.statusCode).toBe(204);
    // The answer counts what went, so the schedule can say it.
    expect(rest.headers[EVENTS_DELETED_HEADER]).toBe('53');
    expect((await list('2027-03-01', '2028-02-29')).filter((e) => e.seriesId === long.seriesId)).toHaveLength(0);
    for (const e of series) await del(e.id);
  });

  it('edits this event only, or this one and the later ones of its series, moving dates by the same offset', async () => {
    const first = (await post(training({ date: '2026-12-01', repeat: { until: '2026-12-22' } }))).json() as Event;
    const seriesId = first.seriesId ?? '';
    const all = (await list('2026-12-01', '2026-12-31')).filter((e) => e.seriesId === seriesId);
    const [e1, e2, e3] = all;

    const single = await put(e1.id, training({ date: '2026-12-01', time: '08:00', endTime: '09:00' }));
    expect(single.json()).toMatchObject({ time: '08:00', seriesId });

    const following = await put(
      e2.id,
      training({ type: 'MATCH', date: '2026-12-09', time: '19:00', endTime: '20:30', teamIds: [team.two, team.three] }),
      'following',
    );
    expect(following.statusCode, following.body).toBe(200);
    expect(await dates(seriesId)).toEqual([
      '2026-12-01 08:00 TRAINING_SESSION',
      '2026-12-09 19:00 MATCH',
      '2026-12-16 19:00 MATCH',
      '2026-12-23 19:00 MATCH',
    ]);
    const later = (await list('2026-12-16', '2026-12-23')).filter((e) => e.seriesId === seriesId);
    for (const e of later) expect(e.teams.map((x) => x.id).sort()).toEqual([team.two, team.three].sort());
    for (const e of later) expect(e.participants.map((x) => x.user.id).sort()).toEqual([p.two, p.three].sort());

    // Delete this one only, then this one and the later ones.
    expect((await del(e3.id, 'this')).headers[EVENTS_DELETED_HEADER]).toBe('1');
    expect(await dates(seriesId)).toEqual(['2026-12-01 08:00 TRAINING_SESSION', '2026-12-09 19:00 MATCH', '2026-12-23 19:00 MATCH']);
    expect((await del(e2.id, 'following')).headers[EVENTS_DELETED_HEADER]).toBe('2');
    expect(await dates(seriesId)).toEqual(['2026-12-01 08:00 TRAINING_SESSION']);
    await del(e1.id, 'following');
    expect(await dates(seriesId)).toEqual([]);
  });

  it('treats scope=following of a one-off event as that event alone', async () => {
    const lone = (await post(training({ date: '2027-02-02' }))).json() as Event;
    const other = (await post(training({ date: '2027-02-09' }))).json() as Event;
    expect((await put(lone.id, training({ date: '2027-02-03' }), 'following')).json()).toMatchObject({
      date: '2027-02-03',
      seriesId: null,
    });
    expect((await del(lone.id, 'following')).headers[EVENTS_DELETED_HEADER]).toBe('1');
    expect((await list('2027-02-01', '2027-02-28')).map((e) => e.id)).toEqual([other.id]);
    await del(other.id);
  });
});

describe('attendance rights', () => {
  it('lets a coach with W:MyTrainings alone mark only the events they coach; W:Players or W:Schedule mark any', async () => {
    const own = (await post(training({ date: '2026-12-14', coachIds: [coach.id] }))).json() as Event;
    const notOwn = (await post(training({ date: '2026-12-14', coachIds: [otherCoach.id] }))).json() as Event;
    // The default Coach type writes MyTrainings, not Players nor Schedule.
    expect((await mark(own.participants[0].id, 'ATTENDED', coach)).statusCode).toBe(200);
    const refused = await mark(notOwn.participants[0].id, 'ATTENDED', coach);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('attendance.not_your_event');
    const byEvent = await api(coach)({
      method: 'PATCH',
      url: `/api/events/${notOwn.id}/participants/${p.one}`,
      payload: { status: 'ABSENT' },
    });
    expect(byEvent.statusCode).toBe(403);
    expect((await list('2026-12-14', '2026-12-14')).find((e) => e.id === notOwn.id)?.participants[0].status).toBe('PENDING');
    // The owner (W:Players) marks any event, and so does a scheduler with W:Schedule alone.
    expect((await mark(notOwn.participants[0].id, 'ABSENT')).statusCode).toBe(200);
    const scheduler = await coachLogin(t.app, a, 'Scheduler');
    await giveFlags(a, scheduler.id, { canReadSchedule: true, canWriteSchedule: true });
    expect((await mark(notOwn.participants[0].id, 'ATTENDED', scheduler)).statusCode).toBe(200);
    const reader = await coachLogin(t.app, a, 'Reader');
    await giveFlags(a, reader.id, { canReadSchedule: true });
    expect((await mark(notOwn.participants[0].id, 'ABSENT', reader)).statusCode).toBe(403);
    await del(own.id);
    await del(notOwn.id);
  });
});

describe('statement count', () => {
  it('lists a week of 10 events and a week of 300 in the same number of SQL statements', async () => {
    const c = await registerAndLogin(t.app);
    const players = [await addPlayer(t.app, c), await addPlayer(t.app, c), await addPlayer(t.app, c)];
    const squad = await makeTeam(c, 'Squad', players);
    const trainer = await coachLogin(t.app, c, 'Coach Count');
    await withTenant(t.deps.db, c.id, async (tx) => {
      const make = (date: string, n: number) =>
        Array.from({ length: n }, (_, i) => ({
          academyId: c.id,
          type: 'TRAINING_SESSION' as const,
          date,
          time: `${String(6 + (i % 16)).padStart(2, '0')}:00`,
          endTime: '23:00',
        }));
      const rows = await tx
        .insert(events)
        .values([...make('2027-03-03', 10), ...make('2027-03-10', 300)])
        .returning({ id: events.id });
      await tx.insert(eventTeams).values(rows.map((r) => ({ academyId: c.id, eventId: r.id, teamId: squad })));
      await tx.insert(eventCoaches).values(rows.map((r) => ({ academyId: c.id, eventId: r.id, coachId: trainer.id })));
      await tx
        .insert(participants)
        .values(rows.flatMap((r) => players.map((userId) => ({ academyId: c.id, eventId: r.id, userId, teamId: squad }))));
    });
    const week = (start: string, end: string) =>
      countStatements(() => asMember(t.app, c)({ method: 'GET', url: `/api/events?startDate=${start}&endDate=${end}` }));
    const small = await week('2027-03-01', '2027-03-07');
    const large = await week('2027-03-08', '2027-03-14');
    expect(small.result.json()).toHaveLength(10);
    expect(large.result.json()).toHaveLength(300);
    expect(large.result.json()[299].participants).toHaveLength(3);
    expect(small.statements).toBeGreaterThan(0);
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(LIST_STATEMENTS);
    console.info(`GET /api/events for a week: ${small.statements} SQL statements (10 or 300 events)`);
  });
});
