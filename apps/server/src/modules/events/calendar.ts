import { TZDate } from '@date-fns/tz';
import { CALENDAR_FEED_WINDOW, type CalendarFeedReply, type Event, riyadhToday } from '@kora/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import ical from 'ical-generator';
import { academies, accountTypes, calendarFeeds, events, eventTeams, teams, users } from '../../db/schema.js';
import { enterTenant, type SystemTx, type TenantTx } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { academyUrl, elsewhere, type HostInfo } from '../../http/host.js';
import { addMonthsIso } from '../../lib/dates.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { AuthContext } from '../auth/sessions.js';
import { eventsInRange, loadEvents } from './service.js';

export const ACADEMY_TIME_ZONE = 'Asia/Riyadh';

/** Asia/Riyadh is UTC+3 all year (no daylight saving time since 1950), so one STANDARD block says it all. */
const RIYADH_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Asia/Riyadh',
  'X-LIC-LOCATION:Asia/Riyadh',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0300',
  'TZNAME:+03',
  'DTSTART:19700101T000000',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

const feedUrl = (deps: AppDeps, handle: string, token: string) => academyUrl(deps.config, handle, `/api/calendar/${token}.ics`);

/**
 * Creates the member's private feed URL, revoking any earlier one (so calling it again rotates the
 * URL). With `teamId` the feed shows only that team's events; the team must be of this academy.
 * Only the token's SHA-256 is stored; the URL is shown once.
 */
export async function createCalendarFeed(deps: AppDeps, auth: AuthContext, teamId: string | null): Promise<CalendarFeedReply> {
  if (teamId) {
    const found = await deps.data.tenant(auth.academyId, (tx) => tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)));
    if (found.length === 0) throw badRequest('team.unknown', 'teamId');
  }
  const token = newToken();
  await deps.data.system(async (tx) => {
    await revokeFeeds(deps, tx, auth);
    await tx.insert(calendarFeeds).values({ tokenHash: hashToken(token), academyId: auth.academyId, userId: auth.user.id, teamId });
  });
  return { url: feedUrl(deps, auth.handle, token), teamId };
}

async function revokeFeeds(deps: AppDeps, tx: SystemTx, auth: AuthContext) {
  await tx
    .update(calendarFeeds)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(calendarFeeds.academyId, auth.academyId), eq(calendarFeeds.userId, auth.user.id), isNull(calendarFeeds.revokedAt)));
}

/** Revokes the member's feed URL: it answers 404 from now on. */
export function revokeCalendarFeed(deps: AppDeps, auth: AuthContext) {
  return deps.data.system((tx) => revokeFeeds(deps, tx, auth));
}

/**
 * The feed of a token (404 when unknown or revoked, or asked on another academy's subdomain), from
 * one month back to six months ahead: a member who reads the schedule gets every event of the
 * academy (or of the feed's team); one who reads My Trainings only the events they coach (of the
 * feed's team, when it has one); one who reads neither, nothing (403), as on the screens. Rights
 * are read at each request, so a changed account type changes the feed.
 */
export async function renderCalendarFeed(deps: AppDeps, token: string, site: HostInfo): Promise<string> {
  return deps.data.system(async (tx) => {
    const [feed] = await tx
      .select({
        academyId: calendarFeeds.academyId,
        userId: calendarFeeds.userId,
        teamId: calendarFeeds.teamId,
        academy: academies.name,
        handle: academies.handle,
      })
      .from(calendarFeeds)
      .innerJoin(academies, eq(academies.id, calendarFeeds.academyId))
      .where(and(eq(calendarFeeds.tokenHash, hashToken(token)), isNull(calendarFeeds.revokedAt)));
    if (!feed || elsewhere(site, feed.handle)) throw notFound('calendar.not_found');
    const tenant = await enterTenant(tx, feed.academyId);
    const [member] = await tenant
      .select({ canReadSchedule: accountTypes.canReadSchedule, canReadMyTrainings: accountTypes.canReadMyTrainings })
      .from(users)
      .leftJoin(accountTypes, eq(accountTypes.id, users.accountTypeId))
      .where(eq(users.id, feed.userId));
    if (!member) throw notFound('calendar.not_found');
    if (!member.canReadSchedule && !member.canReadMyTrainings) throw forbidden();
    const list = await feedEvents(tenant, deps.clock.now(), {
      coachId: member.canReadSchedule ? undefined : feed.userId,
      teamId: feed.teamId,
    });
    return toIcs(list, { name: feed.academy, now: deps.clock.now() });
  });
}

async function feedEvents(tx: TenantTx, now: Date, filter: { coachId?: string; teamId: string | null }) {
  const today = riyadhToday(now);
  const from = addMonthsIso(today, -CALENDAR_FEED_WINDOW.monthsBack);
  const to = addMonthsIso(today, CALENDAR_FEED_WINDOW.monthsAhead);
  const where = and(
    eventsInRange(from, to, filter.coachId),
    filter.teamId
      ? sql`exists (select 1 from ${eventTeams} where ${eventTeams.eventId} = ${events.id} and ${eventTeams.teamId} = ${filter.teamId})`
      : undefined,
  );
  // The feed names no players: participants are not read.
  return loadEvents(tx, where, { participants: false });
}

const TYPE_NAMES = { TRAINING_SESSION: 'Training', MATCH: 'Match' } as const;

/** A wall-clock time of the academy's time zone. */
const riyadhTime = (date: string, time: string) => {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  return new TZDate(y, m - 1, d, hh, mm, ACADEMY_TIME_ZONE);
};

/** iCalendar text: VTIMEZONE Asia/Riyadh, one VEVENT per event with the event id as its UID. */
export function toIcs(list: Event[], opts: { name: string; now: Date }) {
  const cal = ical({
    name: opts.name,
    prodId: { company: 'Kora', product: 'Kora schedule', language: 'EN' },
    // No calendar-wide zone name: that would print floating times and a local DTSTAMP. Each event
    // names its zone (DTSTART;TZID=Asia/Riyadh) and the generator adds the VTIMEZONE it refers to.
    timezone: { name: null, generator: (tz) => (tz === ACADEMY_TIME_ZONE ? RIYADH_VTIMEZONE : null) },
    ttl: 3600,
    x: [['X-WR-TIMEZONE', ACADEMY_TIME_ZONE]],
  });
  for (const e of list) {
    const teamNames = e.teams.map((t) => t.name).join(', ');
    cal.createEvent({
      id: e.id,
      timezone: ACADEMY_TIME_ZONE,
      start: riyadhTime(e.date, e.time),
      end: riyadhTime(e.date, e.endTime),
      stamp: opts.now,
      summary: teamNames ? `${TYPE_NAMES[e.type]}: ${teamNames}` : TYPE_NAMES[e.type],
      location: e.field || null,
      description: e.coaches.length ? `Coaches: ${e.coaches.map((c) => c.name).join(', ')}` : null,
    });
  }
  return cal.toString();
}
