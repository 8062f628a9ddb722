import { TZDate } from '@date-fns/tz';
import {
  ACADEMY_TIME_ZONE,
  addMonthsIso,
  CALENDAR_FEED_WINDOW,
  type CalendarFeedLanguage,
  type CalendarFeedReply,
  type CalendarFeedScope,
  type CalendarFeedStatus,
  type Event,
  type ParsedCalendarFeedBody,
  riyadhInstant,
  riyadhToday,
} from '@kora/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import ical from 'ical-generator';
import { academies, accountTypes, calendarFeeds, events, eventTeams, teams, users } from '../../db/schema.js';
import { enterTenant, type SystemTx, type TenantTx } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import { requireAnyFlag } from '../../http/access.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { academyUrl, elsewhere, type HostInfo } from '../../http/host.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { AuthContext } from '../auth/sessions.js';
import { NO_SENSITIVE } from '../players/sensitive.js';
import { eventsInRange, loadEvents } from './service.js';

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

/** The rights a scope needs (any of them): `academy` and `team` show events one may not coach, so they need the schedule. */
const feedNeeds = (scope: CalendarFeedScope): ('canReadSchedule' | 'canReadMyTrainings')[] =>
  scope === 'mine' ? ['canReadSchedule', 'canReadMyTrainings'] : ['canReadSchedule'];

/**
 * Creates the member's private feed URL, revoking any earlier one (so calling it again rotates the
 * URL), holding exactly its scope (`mine`, `academy` or `team`, the last two for members who read
 * the schedule; 403 otherwise) with summaries in `language`. A team must be of this academy. Only
 * the token's SHA-256 is stored; the URL is shown once.
 */
export async function createCalendarFeed(deps: AppDeps, auth: AuthContext, body: ParsedCalendarFeedBody): Promise<CalendarFeedReply> {
  const { scope, teamId, language } = body;
  requireAnyFlag(auth, feedNeeds(scope));
  if (teamId) {
    const found = await deps.data.tenant(auth.academyId, (tx) => tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)));
    if (found.length === 0) throw badRequest('team.unknown', 'teamId');
  }
  const token = newToken();
  await deps.data.system(async (tx) => {
    await revokeFeeds(deps, tx, auth);
    await tx
      .insert(calendarFeeds)
      .values({ tokenHash: hashToken(token), academyId: auth.academyId, userId: auth.user.id, scope, teamId, language });
  });
  return { url: feedUrl(deps, auth.handle, token), scope, teamId, language };
}

async function revokeFeeds(deps: AppDeps, tx: SystemTx, auth: AuthContext) {
  await tx
    .update(calendarFeeds)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(calendarFeeds.academyId, auth.academyId), eq(calendarFeeds.userId, auth.user.id), isNull(calendarFeeds.revokedAt)));
}

/** The member's live feed (what it holds, when it was made), or null: the dialog's Revoke and its warning before a new link. */
export async function calendarFeedStatus(deps: AppDeps, auth: AuthContext): Promise<CalendarFeedStatus> {
  const [feed] = await deps.data.system((tx) =>
    tx
      .select({
        scope: calendarFeeds.scope,
        teamId: calendarFeeds.teamId,
        language: calendarFeeds.language,
        createdAt: calendarFeeds.createdAt,
      })
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.academyId, auth.academyId), eq(calendarFeeds.userId, auth.user.id), isNull(calendarFeeds.revokedAt)))
      .orderBy(desc(calendarFeeds.createdAt))
      .limit(1),
  );
  return { feed: feed ? { ...feed, createdAt: feed.createdAt.toISOString() } : null };
}

/** Revokes the member's feed URL: it answers 404 from now on. */
export function revokeCalendarFeed(deps: AppDeps, auth: AuthContext) {
  return deps.data.system((tx) => revokeFeeds(deps, tx, auth));
}

/**
 * The feed of a token (404 when unknown or revoked, or asked on another academy's subdomain), from
 * one month back to six months ahead, holding exactly its scope: the events the member coaches, every
 * event of the academy, or one team's. Rights are read at each request: a member who may no longer
 * read what the feed names gets no feed (403) rather than another set of events.
 */
export async function renderCalendarFeed(deps: AppDeps, token: string, site: HostInfo): Promise<string> {
  return deps.data.system(async (tx) => {
    const [feed] = await tx
      .select({
        academyId: calendarFeeds.academyId,
        userId: calendarFeeds.userId,
        scope: calendarFeeds.scope,
        teamId: calendarFeeds.teamId,
        language: calendarFeeds.language,
        academy: academies.name,
        academyArabic: academies.nameArabic,
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
    if (!feedNeeds(feed.scope).some((flag) => member[flag])) throw forbidden();
    const list = await feedEvents(tenant, deps.clock.now(), {
      coachId: feed.scope === 'mine' ? feed.userId : undefined,
      teamId: feed.scope === 'team' ? feed.teamId : null,
    });
    const name = feed.language === 'ar' ? feed.academyArabic?.trim() || feed.academy : feed.academy;
    return toIcs(list, { name, now: deps.clock.now(), language: feed.language });
  });
}

async function feedEvents(tx: TenantTx, now: Date, filter: { coachId?: string; teamId: string | null }): Promise<FeedEvent[]> {
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
  const list = await loadEvents(tx, where, NO_SENSITIVE, { participants: false });
  const revisions = new Map(
    (await tx.select({ id: events.id, revision: events.revision, updatedAt: events.updatedAt }).from(events).where(where)).map((r) => [
      r.id,
      r,
    ]),
  );
  return list.map((e) => ({ ...e, revision: revisions.get(e.id)?.revision ?? 0, updatedAt: revisions.get(e.id)?.updatedAt ?? now }));
}

/** An event as the feed prints it: with its revision (SEQUENCE) and last change (LAST-MODIFIED). */
export type FeedEvent = Event & { revision: number; updatedAt: Date };

/** The words of a feed in each language; Arabic names where they exist, joined with the Arabic comma. */
const FEED_WORDS = {
  en: { types: { TRAINING_SESSION: 'Training', MATCH: 'Match' }, coaches: 'Coaches', comma: ', ', product: 'EN' },
  ar: { types: { TRAINING_SESSION: 'تدريب', MATCH: 'مباراة' }, coaches: 'المدربون', comma: '، ', product: 'AR' },
} as const;

const nameIn = (language: CalendarFeedLanguage, x: { name: string; nameArabic?: string | null }) =>
  language === 'ar' ? x.nameArabic?.trim() || x.name : x.name;

/** An event's date and time as the feed writes it: the instant, read on the academy's wall clock. */
const riyadhTime = (date: string, time: string) => new TZDate(riyadhInstant(date, time), ACADEMY_TIME_ZONE);

/**
 * iCalendar text: VTIMEZONE Asia/Riyadh, one VEVENT per event with the event id as its UID, its
 * revision as SEQUENCE and its last change as LAST-MODIFIED; summaries in the feed's language.
 */
export function toIcs(list: FeedEvent[], opts: { name: string; now: Date; language: CalendarFeedLanguage }) {
  const words = FEED_WORDS[opts.language];
  const cal = ical({
    name: opts.name,
    prodId: { company: 'Kora', product: 'Kora schedule', language: words.product },
    // No calendar-wide zone name: that would print floating times and a local DTSTAMP. Each event
    // names its zone (DTSTART;TZID=Asia/Riyadh) and the generator adds the VTIMEZONE it refers to.
    timezone: { name: null, generator: (tz) => (tz === ACADEMY_TIME_ZONE ? RIYADH_VTIMEZONE : null) },
    ttl: 3600,
    x: [['X-WR-TIMEZONE', ACADEMY_TIME_ZONE]],
  });
  for (const e of list) {
    const teamNames = e.teams.map((t) => nameIn(opts.language, t)).join(words.comma);
    const type = words.types[e.type];
    cal.createEvent({
      id: e.id,
      sequence: e.revision,
      lastModified: e.updatedAt,
      timezone: ACADEMY_TIME_ZONE,
      start: riyadhTime(e.date, e.time),
      end: riyadhTime(e.date, e.endTime),
      stamp: opts.now,
      summary: teamNames ? `${type}: ${teamNames}` : type,
      location: e.field || null,
      description: e.coaches.length ? `${words.coaches}: ${e.coaches.map((c) => nameIn(opts.language, c)).join(words.comma)}` : null,
    });
  }
  return cal.toString();
}
