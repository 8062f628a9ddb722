import { randomUUID } from 'node:crypto';
import {
  addDaysIso,
  daysBetween,
  type Event,
  type EventListQuery,
  type EventScope,
  isWithinDateYears,
  type ParsedEventBody,
  type ParsedEventCreateBody,
  weeklyDates,
} from '@kora/contracts';
import { and, eq, gt, inArray, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { jsonArray, jsonList, parsedList } from '../../db/json.js';
import { eventCoaches, events, eventTeams, participants, teamPlayers, teams, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { badRequest, notFound } from '../../http/errors.js';
import { returnSessions } from '../attendance/sessions.js';
import { avatarSql, conditionSql, hasMedicalNoteSql, type SensitiveView } from '../players/sensitive.js';
import { notStarted } from './roster.js';

type EventRow = typeof events.$inferSelect;

/**
 * The events matching `where` (on the unaliased `events` table) with their teams, coaches and
 * participants, by date and time, as the JSON text of Event[]: one statement whatever their number
 * (each relation a subquery per event, read through its (academy, event) key).
 */
const eventsQuery = (where: SQL | undefined, withParticipants: boolean, view: SensitiveView) => sql`
  select ${jsonArray(sql`row_to_json(r)`, sql`events.date, events.time, events.created_at, events.id`)}::text as body
  from events
  cross join lateral (
    select events.id, events.type, events.date, events.time, events.end_time as "endTime", events.field, events.series_id as "seriesId",
      (select ${jsonArray(sql`row_to_json(tr)`, sql`t.name, t.id`)}
        from event_teams et
        join teams t on t.id = et.team_id
        cross join lateral (select t.id, t.name, t.name_arabic as "nameArabic", t.color) tr
        where et.event_id = events.id) as teams,
      (select ${jsonArray(sql`row_to_json(cr)`, sql`u.name, u.id`)}
        from event_coaches ec
        join users u on u.id = ec.coach_id
        cross join lateral (select u.id, u.name, u.name_arabic as "nameArabic", u.avatar) cr
        where ec.event_id = events.id) as coaches,
      ${
        withParticipants
          ? sql`(select ${jsonArray(sql`row_to_json(pr)`, sql`u.name, p.id`)}
        from participants p
        join users u on u.id = p.user_id
        cross join lateral (
          select p.id, p.status, p.team_id as "teamId",
            json_build_object('id', u.id, 'name', u.name, 'nameArabic', u.name_arabic, 'avatar', ${avatarSql(sql`u`)},
              'condition', ${conditionSql(view, sql`u`)}, 'hasMedicalNote', ${hasMedicalNoteSql(sql`u`)}) as "user",
            case when p.cant_come_at is null then null
              else json_build_object('reason', p.cant_come_reason, 'at', to_char(p.cant_come_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end as "cantCome"
        ) pr
        where p.event_id = events.id)`
          : sql`'[]'::json`
      } as participants${
        // A parent's "can't come" (the family portal, migration 0027): the players still expected.
        withParticipants
          ? sql`,
      (select count(*)::int from participants p where p.event_id = events.id and p.cant_come_at is null) as "expectedPlayers"`
          : sql``
      }
  ) r
  ${where ? sql`where ${where}` : sql``}`;

/** The events matching `where` (see eventsQuery), parsed. */
export const loadEvents = (tx: TenantTx, where: SQL | undefined, view: SensitiveView, opts: { participants?: boolean } = {}) =>
  parsedList<Event>(tx, eventsQuery(where, opts.participants !== false, view));

/** Events whose date lies in [startDate, endDate], only those `coachId` coaches when given. */
export const eventsInRange = (startDate: string, endDate: string, coachId?: string) =>
  and(
    sql`${events.date} between ${startDate} and ${endDate}`,
    coachId
      ? sql`exists (select 1 from ${eventCoaches} where ${eventCoaches.eventId} = ${events.id} and ${eventCoaches.coachId} = ${coachId})`
      : undefined,
  );

/** `GET /api/events`: the JSON text of Event[]. */
export function eventsListJson(tx: TenantTx, query: EventListQuery, view: SensitiveView) {
  return jsonList(tx, eventsQuery(eventsInRange(query.startDate, query.endDate, query.coachId), true, view));
}

export async function getEvent(tx: TenantTx, id: string, view: SensitiveView): Promise<Event> {
  const [event] = await loadEvents(tx, eq(events.id, id), view);
  if (!event) throw notFound('event.not_found');
  return event;
}

/** Every team id must be a team of this academy (RLS already hides the others): 400 on `teamIds` otherwise. */
async function checkTeams(tx: TenantTx, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await tx.select({ id: teams.id }).from(teams).where(inArray(teams.id, unique));
  if (found.length !== unique.length) throw badRequest('team.unknown', 'teamIds');
  return unique;
}

/** Every coach id must be a coach of this academy: 400 on `coachIds` otherwise. */
async function checkCoaches(tx: TenantTx, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.role, 'COACH')));
  if (found.length !== unique.length) throw badRequest('coach.unknown', 'coachIds');
  return unique;
}

/** Inserts in chunks, so a long series of a large match stays under the statement's parameter limit. */
async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 2000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Gives events their teams, coaches and participants (docs/domain.md, "Events, attendance and
 * session accounting"), by the rule rosters follow (roster.ts): a new event's participants are the
 * players of its teams. On an edit, an event that has not started follows its teams' rosters: players
 * of the teams join PENDING and a PENDING participant no longer in any of them leaves. An event that
 * has started keeps what happened and changes only by its teams: the players of an added team join,
 * and a PENDING participant for a removed team leaves unless they play in one of the event's teams.
 * A participant whose attendance was marked is always kept.
 */
async function setRelations(tx: TenantTx, eventIds: string[], teamIds: string[], coachIds: string[], replace: boolean, now: Date) {
  const { academyId } = tx;
  const before = new Map<string, Set<string>>();
  if (replace) {
    const old = await tx.delete(eventTeams).where(inArray(eventTeams.eventId, eventIds)).returning();
    for (const r of old) before.set(r.eventId, (before.get(r.eventId) ?? new Set()).add(r.teamId));
    await tx.delete(eventCoaches).where(inArray(eventCoaches.eventId, eventIds));
  }
  await tx.insert(eventTeams).values(eventIds.flatMap((eventId) => teamIds.map((teamId) => ({ academyId, eventId, teamId }))));
  if (coachIds.length)
    await tx.insert(eventCoaches).values(eventIds.flatMap((eventId) => coachIds.map((coachId) => ({ academyId, eventId, coachId }))));

  // A player in several of the event's teams takes part once, for the first team listed.
  const rosterRows = await tx
    .select({ playerId: teamPlayers.playerId, teamId: teamPlayers.teamId })
    .from(teamPlayers)
    .where(inArray(teamPlayers.teamId, teamIds));
  const teamOf = new Map<string, string>();
  for (const teamId of teamIds)
    for (const r of rosterRows) if (r.teamId === teamId && !teamOf.has(r.playerId)) teamOf.set(r.playerId, teamId);
  const players = [...teamOf.keys()];
  const participantOf = (eventId: string, userId: string) => ({ academyId, eventId, userId, teamId: teamOf.get(userId) ?? null });

  // A new event, and an edited one that has not started: the rosters of its teams.
  const coming = replace
    ? (
        await tx
          .select({ id: events.id })
          .from(events)
          .where(and(inArray(events.id, eventIds), notStarted(now)))
      ).map((e) => e.id)
    : eventIds;
  if (replace && coming.length)
    await tx
      .delete(participants)
      .where(
        and(
          inArray(participants.eventId, coming),
          eq(participants.status, 'PENDING'),
          players.length ? notInArray(participants.userId, players) : undefined,
        ),
      );
  await insertChunked(
    coming.flatMap((eventId) => players.map((userId) => participantOf(eventId, userId))),
    (chunk) =>
      tx
        .insert(participants)
        .values(chunk)
        .onConflictDoUpdate({
          target: [participants.academyId, participants.eventId, participants.userId],
          set: { teamId: sql`excluded.team_id` },
        }),
  );

  // An edited event that has started: only the change of its teams.
  const started = replace ? eventIds.filter((id) => !coming.includes(id)) : [];
  if (started.length === 0) return;
  const forOtherTeam = or(isNull(participants.teamId), notInArray(participants.teamId, teamIds));
  await tx
    .delete(participants)
    .where(
      and(
        inArray(participants.eventId, started),
        eq(participants.status, 'PENDING'),
        forOtherTeam,
        players.length ? notInArray(participants.userId, players) : undefined,
      ),
    );
  // Still a player of one of the event's teams: now for that team.
  if (teamOf.size)
    await tx.execute(sql`
      update ${participants} set team_id = v.team_id
      from (values ${sql.join(
        [...teamOf].map(([userId, teamId]) => sql`(${userId}::uuid, ${teamId}::uuid)`),
        sql`, `,
      )}) as v(user_id, team_id)
      where ${participants.userId} = v.user_id and ${inArray(participants.eventId, started)} and ${forOtherTeam}`);
  const joining = started.flatMap((eventId) => {
    const added = new Set(teamIds.filter((teamId) => !before.get(eventId)?.has(teamId)));
    return players
      .filter((userId) => rosterRows.some((r) => r.playerId === userId && added.has(r.teamId)))
      .map((userId) => participantOf(eventId, userId));
  });
  await insertChunked(joining, (chunk) => tx.insert(participants).values(chunk).onConflictDoNothing());
}

/** Creates one event, or with `repeat` one per week until `repeat.until` sharing a new series id; answers the first. */
export async function createEvent(tx: TenantTx, body: ParsedEventCreateBody, now: Date, view: SensitiveView): Promise<Event> {
  const teamIds = await checkTeams(tx, body.teamIds);
  const coachIds = await checkCoaches(tx, body.coachIds);
  const dates = body.repeat ? weeklyDates(body.date, body.repeat.until) : [body.date];
  const seriesId = dates.length > 1 ? randomUUID() : null;
  const { type, time, endTime, field } = body;
  const created = await tx
    .insert(events)
    .values(dates.map((date) => ({ academyId: tx.academyId, type, date, time, endTime, field, seriesId, updatedAt: now })))
    .returning({ id: events.id });
  const ids = created.map((e) => e.id);
  await setRelations(tx, ids, teamIds, coachIds, false, now);
  return getEvent(tx, ids[0], view);
}

/** The event (404 otherwise), locked, and the events a change of it applies to, with the last of their dates. */
async function eventsInScope(tx: TenantTx, id: string, scope: EventScope): Promise<{ event: EventRow; ids: string[]; lastDate: string }> {
  const [event] = await tx.select().from(events).where(eq(events.id, id)).for('update');
  if (!event) throw notFound('event.not_found');
  if (scope === 'this' || !event.seriesId) return { event, ids: [event.id], lastDate: event.date };
  // This event and the later ones of its series.
  const later = await tx
    .select({ id: events.id, date: events.date })
    .from(events)
    .where(and(eq(events.seriesId, event.seriesId), ne(events.id, event.id), gt(events.date, event.date)))
    .orderBy(events.date);
  return { event, ids: [event.id, ...later.map((e) => e.id)], lastDate: later.at(-1)?.date ?? event.date };
}

/**
 * Edits an event, or (scope=following) this event and the later ones of its series: each gets the
 * same type, times, field, teams and coaches, and its date moves by the same number of days as this
 * one's. Attendance already marked is kept. Each edited event's revision and last change move on
 * (the calendar feed's SEQUENCE and LAST-MODIFIED), so calendar apps replace their copies.
 */
export async function updateEvent(
  tx: TenantTx,
  id: string,
  body: ParsedEventBody,
  scope: EventScope,
  now: Date,
  view: SensitiveView,
): Promise<Event> {
  const { event, ids, lastDate } = await eventsInScope(tx, id, scope);
  const teamIds = await checkTeams(tx, body.teamIds);
  const coachIds = await checkCoaches(tx, body.coachIds);
  const offset = daysBetween(event.date, body.date);
  // The contract bounds the new date; the later events of the series move with it and must stay in the same years.
  if (!isWithinDateYears(addDaysIso(lastDate, offset))) throw badRequest('date.out_of_range', 'date');
  await tx
    .update(events)
    .set({
      type: body.type,
      time: body.time,
      endTime: body.endTime,
      field: body.field,
      revision: sql`${events.revision} + 1`,
      updatedAt: now,
      ...(offset ? { date: sql`${events.date} + ${offset}::integer` } : {}),
    })
    .where(inArray(events.id, ids));
  await setRelations(tx, ids, teamIds, coachIds, true, now);
  return getEvent(tx, id, view);
}

/**
 * Deletes an event, or (scope=following) this one and the later ones of its series; sessions used by
 * their attendance come back. Answers what went, for the audit row.
 */
export async function deleteEvent(tx: TenantTx, id: string, scope: EventScope) {
  const { ids } = await eventsInScope(tx, id, scope);
  const { attended, returned } = await returnSessions(tx, ids);
  await tx.delete(events).where(inArray(events.id, ids));
  return { eventsDeleted: ids.length, attended, sessionsReturned: returned };
}
