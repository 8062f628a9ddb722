import { allFlags, type CalendarFeedReply, type Event } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachLogin } from '../../../test/fixtures.js';
import { type Academy, academyHost, asMember, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';
import { accountTypes, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

let t: TestContext;
let a: Academy;
let b: Academy;
let coach: { id: string; handle: string; token: string };
let otherCoach: { id: string; handle: string; token: string };
let hawks: string;
let eagles: string;
const ev: Record<string, Event> = {};

type Who = { handle: string; token: string };
const feedPath = (url: string) => new URL(url).pathname;

async function createFeed(who: Who, payload?: object) {
  const res = await asMember(t.app, who)({ method: 'POST', url: '/api/calendar-feed', ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CalendarFeedReply;
}

/** Fetches a feed as a calendar app would (no token, no academy host) and parses it back with ical.js. */
async function readFeed(url: string) {
  const res = await t.app.inject({ method: 'GET', url: feedPath(url) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  return { calendar, zone, events, text: res.body };
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-22T09:00:00Z');
  a = await registerAndLogin(t.app);
  b = await registerAndLogin(t.app);
  coach = await coachLogin(t.app, a, 'Coach Waleed');
  otherCoach = await coachLogin(t.app, a, 'Coach Majed');
  const team = async (name: string, nameArabic?: string) =>
    (await asMember(t.app, a)({ method: 'POST', url: '/api/teams', payload: { name, nameArabic } })).json().id as string;
  hawks = await team('U10 Hawks', 'صقور تحت ١٠');
  eagles = await team('U12 Eagles');
  const make = async (key: string, over: object) => {
    const res = await asMember(
      t.app,
      a,
    )({
      method: 'POST',
      url: '/api/events',
      payload: {
        type: 'TRAINING_SESSION',
        time: '17:00',
        endTime: '18:30',
        field: 'الملعب ١',
        teamIds: [hawks],
        coachIds: [coach.id],
        ...over,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    ev[key] = res.json();
  };
  await make('coached', { date: '2026-11-24' });
  await make('match', {
    date: '2026-11-28',
    type: 'MATCH',
    time: '09:00',
    endTime: '10:30',
    teamIds: [hawks, eagles],
    coachIds: [otherCoach.id],
  });
  await make('eagles', { date: '2027-02-10', teamIds: [eagles], coachIds: [otherCoach.id], field: '' });
  await make('lastMonth', { date: '2026-10-25' });
  await make('tooOld', { date: '2026-10-21' });
  await make('tooFar', { date: '2027-05-23' });
  await asMember(
    t.app,
    b,
  )({
    method: 'POST',
    url: '/api/events',
    payload: {
      type: 'TRAINING_SESSION',
      date: '2026-11-24',
      time: '17:00',
      endTime: '18:00',
      teamIds: [(await asMember(t.app, b)({ method: 'POST', url: '/api/teams', payload: { name: 'B' } })).json().id],
    },
  });
});
afterAll(() => t.close());

describe('calendar feed', () => {
  it("serves a member who reads the schedule and asks for the academy every event from a month back to six months ahead, in Riyadh's time zone", async () => {
    const feed = await createFeed(a, { scope: 'academy' });
    expect(feed).toMatchObject({ scope: 'academy', teamId: null, language: 'en' });
    expect(feed.url).toMatch(new RegExp(`^http://${a.handle}\\.kora\\.test/api/calendar/[A-Za-z0-9_-]{40,}\\.ics$`));
    const { zone, events } = await readFeed(feed.url);
    expect(zone?.getFirstPropertyValue('tzid')).toBe('Asia/Riyadh');
    expect(events.map((e) => e.uid).sort()).toEqual([ev.coached.id, ev.match.id, ev.eagles.id, ev.lastMonth.id].sort());

    const training = events.find((e) => e.uid === ev.coached.id);
    expect(training?.summary).toBe('Training: U10 Hawks');
    expect(training?.location).toBe('الملعب ١');
    expect(training?.description).toBe('Coaches: Coach Waleed');
    expect(training?.startDate.zone?.tzid).toBe('Asia/Riyadh');
    expect(training?.startDate.toString()).toBe('2026-11-24T17:00:00');
    // 17:00 in Riyadh is 14:00 UTC.
    expect(training?.startDate.toJSDate().toISOString()).toBe('2026-11-24T14:00:00.000Z');
    expect(training?.endDate.toJSDate().toISOString()).toBe('2026-11-24T15:30:00.000Z');

    const match = events.find((e) => e.uid === ev.match.id);
    expect(match?.summary).toBe('Match: U10 Hawks, U12 Eagles');
    expect(match?.startDate.toJSDate().toISOString()).toBe('2026-11-28T06:00:00.000Z');
    expect(events.find((e) => e.uid === ev.eagles.id)?.location).toBeNull();
  });

  it('keeps the UID of an event when it is edited, and follows the edit with a new SEQUENCE and LAST-MODIFIED', async () => {
    const feed = await createFeed(a, { scope: 'academy' });
    const before = (await readFeed(feed.url)).events.find((e) => e.uid === ev.coached.id);
    expect(before?.sequence).toBe(0);
    const lastModified = (e: typeof before) => e?.component.getFirstPropertyValue('last-modified')?.toString();
    expect(lastModified(before)).toBe('2026-11-22T09:00:00Z');
    t.clock.set('2026-11-22T09:30:00Z');
    const res = await asMember(
      t.app,
      a,
    )({
      method: 'PUT',
      url: `/api/events/${ev.coached.id}`,
      payload: {
        type: 'TRAINING_SESSION',
        date: '2026-11-25',
        time: '18:00',
        endTime: '19:00',
        field: 'الملعب ٢',
        teamIds: [hawks],
        coachIds: [coach.id],
      },
    });
    expect(res.statusCode).toBe(200);
    const moved = (await readFeed(feed.url)).events.find((e) => e.uid === ev.coached.id);
    expect(moved?.startDate.toJSDate().toISOString()).toBe('2026-11-25T15:00:00.000Z');
    expect(moved?.location).toBe('الملعب ٢');
    expect(moved?.sequence).toBe(1);
    expect(lastModified(moved)).toBe('2026-11-22T09:30:00Z');
    // An untouched event keeps its sequence.
    expect((await readFeed(feed.url)).events.find((e) => e.uid === ev.match.id)?.sequence).toBe(0);

    // Renaming a team changes the summary of its events: they move on too.
    const renamed = await asMember(t.app, a)({ method: 'PUT', url: `/api/teams/${eagles}`, payload: { name: 'U12 Eagles' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = (await readFeed(feed.url)).events;
    expect(after.find((e) => e.uid === ev.eagles.id)?.sequence).toBe(0);
    const rename = await asMember(t.app, a)({ method: 'PUT', url: `/api/teams/${eagles}`, payload: { name: 'U12 Falcons' } });
    expect(rename.statusCode, rename.body).toBe(200);
    const renamedFeed = (await readFeed(feed.url)).events;
    expect(renamedFeed.find((e) => e.uid === ev.eagles.id)?.sequence).toBe(1);
    expect(renamedFeed.find((e) => e.uid === ev.match.id)?.summary).toBe('Match: U10 Hawks, U12 Falcons');
    expect(renamedFeed.find((e) => e.uid === ev.coached.id)?.sequence).toBe(1);
    await asMember(t.app, a)({ method: 'PUT', url: `/api/teams/${eagles}`, payload: { name: 'U12 Eagles' } });
  });

  it('holds only the events a member coaches when they ask for their own events, even if they read the schedule', async () => {
    const feed = await createFeed(coach, { scope: 'mine' });
    expect(feed).toMatchObject({ scope: 'mine', teamId: null });
    expect((await readFeed(feed.url)).events.map((e) => e.uid).sort()).toEqual([ev.coached.id, ev.lastMonth.id].sort());
    // Without a scope the feed is the member's own events too: what the dialog's first choice says.
    expect((await readFeed((await createFeed(coach)).url)).events.map((e) => e.uid).sort()).toEqual(
      [ev.coached.id, ev.lastMonth.id].sort(),
    );
  });

  it('writes the summaries in the language of the UI that made the feed, with the Arabic names where they exist', async () => {
    const feed = await createFeed(a, { scope: 'academy', language: 'ar' });
    expect(feed.language).toBe('ar');
    const { calendar, events } = await readFeed(feed.url);
    expect(events.find((e) => e.uid === ev.coached.id)?.summary).toBe('تدريب: صقور تحت ١٠');
    expect(events.find((e) => e.uid === ev.coached.id)?.description).toBe('المدربون: Coach Waleed');
    // A team without an Arabic name keeps its name; the Arabic comma joins them.
    expect(events.find((e) => e.uid === ev.match.id)?.summary).toBe('مباراة: صقور تحت ١٠، U12 Eagles');
    expect(calendar.getFirstPropertyValue('prodid')).toMatch(/\/\/AR$/);
  });

  it("gives a member without R:Schedule only their own events, refusing the academy's or a team's (403), and a team's feed only that team's events", async () => {
    await withTenant(t.deps.db, a.id, async (tx) => {
      const [type] = await tx
        .insert(accountTypes)
        .values({ academyId: a.id, name: 'Trainings only', ...allFlags(false), canReadMyTrainings: true, canWriteMyTrainings: true })
        .returning();
      await tx.update(users).set({ accountTypeId: type.id }).where(eq(users.id, otherCoach.id));
    });
    const own = await createFeed(otherCoach, { scope: 'mine' });
    expect((await readFeed(own.url)).events.map((e) => e.uid).sort()).toEqual([ev.match.id, ev.eagles.id].sort());
    for (const payload of [{ scope: 'academy' }, { scope: 'team', teamId: hawks }, { teamId: eagles }]) {
      const res = await asMember(t.app, otherCoach)({ method: 'POST', url: '/api/calendar-feed', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
    }
    // The refused requests left the member's feed as it was.
    expect((await t.app.inject({ method: 'GET', url: feedPath(own.url) })).statusCode).toBe(200);

    const eaglesFeed = await createFeed(a, { scope: 'team', teamId: eagles });
    expect(eaglesFeed).toMatchObject({ scope: 'team', teamId: eagles });
    expect((await readFeed(eaglesFeed.url)).events.map((e) => e.uid).sort()).toEqual([ev.match.id, ev.eagles.id].sort());
    // A team without a scope is a team feed; a team feed needs its team, and only it names one.
    expect((await createFeed(a, { teamId: hawks })).scope).toBe('team');
    for (const [payload, code] of [
      [{ scope: 'team' }, 'calendar.team_required'],
      [{ scope: 'academy', teamId: hawks }, 'calendar.team_unexpected'],
    ] as const) {
      const res = await asMember(t.app, a)({ method: 'POST', url: '/api/calendar-feed', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0]).toMatchObject({ path: 'teamId', code });
    }
  });

  it('stops an academy feed with 403 once its member no longer reads the schedule, rather than holding other events', async () => {
    const lena = await coachLogin(t.app, a, 'Coach Lena');
    const feed = await createFeed(lena, { scope: 'academy' });
    expect((await readFeed(feed.url)).events.length).toBeGreaterThan(0);
    await withTenant(t.deps.db, a.id, async (tx) => {
      const [type] = await tx
        .insert(accountTypes)
        .values({ academyId: a.id, name: 'Trainings only 2', ...allFlags(false), canReadMyTrainings: true })
        .returning();
      await tx.update(users).set({ accountTypeId: type.id }).where(eq(users.id, lena.id));
    });
    expect((await t.app.inject({ method: 'GET', url: feedPath(feed.url) })).statusCode).toBe(403);
  });

  it('rotates the URL on every creation and revokes it on DELETE: an old, revoked or unknown token is 404', async () => {
    const first = await createFeed(coach);
    const second = await createFeed(coach);
    expect(second.url).not.toBe(first.url);
    const old = await t.app.inject({ method: 'GET', url: feedPath(first.url) });
    expect(old.statusCode).toBe(404);
    expect(old.json().code).toBe('calendar.not_found');
    expect((await t.app.inject({ method: 'GET', url: feedPath(second.url) })).statusCode).toBe(200);
    expect((await asMember(t.app, coach)({ method: 'DELETE', url: '/api/calendar-feed' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: feedPath(second.url) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/not-a-real-token.ics' })).statusCode).toBe(404);
    // Another member's feed is untouched by this revocation.
    const admins = await createFeed(a);
    await asMember(t.app, coach)({ method: 'DELETE', url: '/api/calendar-feed' });
    expect((await t.app.inject({ method: 'GET', url: feedPath(admins.url) })).statusCode).toBe(200);
  });

  it('tells a member whether they have a live feed and what it holds, never its URL', async () => {
    const nora = await coachLogin(t.app, a, 'Coach Nora');
    const status = async (who: Who) => {
      const res = await asMember(t.app, who)({ method: 'GET', url: '/api/calendar-feed' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await status(nora)).toEqual({ feed: null });
    const made = await createFeed(nora, { scope: 'mine', language: 'ar' });
    const live = await status(nora);
    expect(live).toEqual({ feed: { scope: 'mine', teamId: null, language: 'ar', createdAt: expect.any(String) } });
    expect(JSON.stringify(live)).not.toContain(made.url.split('/').pop()?.replace('.ics', ''));
    // Another member's feed is theirs alone; a revoked one is no feed.
    const other = await coachLogin(t.app, a, 'Coach Omar');
    expect(await status(other)).toEqual({ feed: null });
    await asMember(t.app, nora)({ method: 'DELETE', url: '/api/calendar-feed' });
    expect(await status(nora)).toEqual({ feed: null });
  });

  it("answers a feed only on its own academy's host: on another academy's subdomain it is not found", async () => {
    const feed = await createFeed(a, { scope: 'academy' });
    const on = (host: string) => t.app.inject({ method: 'GET', url: feedPath(feed.url), headers: { host } });
    const elsewhere = await on(academyHost(b.handle));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('calendar.not_found');
    expect((await on(academyHost(a.handle))).statusCode).toBe(200);
  });

  it('gives no feed to a member who reads neither the schedule nor My Trainings, not even of the events they coach', async () => {
    const nasser = await coachLogin(t.app, a, 'Coach Nasser');
    const made = await asMember(
      t.app,
      a,
    )({
      method: 'POST',
      url: '/api/events',
      payload: { type: 'TRAINING_SESSION', date: '2026-11-26', time: '17:00', endTime: '18:00', teamIds: [hawks], coachIds: [nasser.id] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const feed = await createFeed(nasser);
    await withTenant(t.deps.db, a.id, async (tx) => {
      const [type] = await tx
        .insert(accountTypes)
        .values({ academyId: a.id, name: 'No rights', ...allFlags(false) })
        .returning();
      await tx.update(users).set({ accountTypeId: type.id }).where(eq(users.id, nasser.id));
    });
    // Rights are read on every request: the feed stops with them, and no new one is made.
    const read = await t.app.inject({ method: 'GET', url: feedPath(feed.url) });
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain('BEGIN:VEVENT');
    expect((await asMember(t.app, nasser)({ method: 'POST', url: '/api/calendar-feed' })).statusCode).toBe(403);
  });

  it("refuses another academy's team (400), needs a token to create or revoke (401), and keeps academies apart", async () => {
    const foreignTeam = (await asMember(t.app, b)({ method: 'GET', url: '/api/teams' })).json()[0].id as string;
    const res = await asMember(t.app, a)({ method: 'POST', url: '/api/calendar-feed', payload: { teamId: foreignTeam } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toMatchObject({ path: 'teamId', code: 'team.unknown' });
    expect((await t.app.inject({ method: 'POST', url: '/api/calendar-feed' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/calendar-feed' })).statusCode).toBe(401);
    const feedOfB = await createFeed(b, { scope: 'academy' });
    const { events } = await readFeed(feedOfB.url);
    expect(events).toHaveLength(1);
    expect(Object.values(ev).map((e) => e.id)).not.toContain(events[0].uid);
  });
});
