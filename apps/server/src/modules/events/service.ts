import { randomUUID } from 'node:crypto';
import {
  addDaysIso,
  daysBetween,
  type Event,
  type EventListQuery,
  type EventScope,
  type ParsedEventBody,
  type ParsedEventCreateBody,
} from '@kora/contracts';
import { and, asc, eq, gt, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { eventCoaches, events, eventTeams, participants, teamPlayers, teams, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { badRequest, notFound } from '../../http/errors.js';
import { returnSessions } from '../attendance/service.js';

type EventRow = typeof events.$inferSelect;

/** Groups rows by a key in one pass (lists join their relations in memory, never per row). */
function groupBy<T, K>(rows: T[], key: (row: T) => K) {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/**
 * The events matching `where` with their teams, coaches and participants, by date and time: four
 * statements whatever their number (each relation is read once, for all events, through the same
 * filter as a subquery, so no id list grows with the range).
 */
export async function loadEvents(tx: TenantTx, where: SQL | undefined, opts: { participants?: boolean } = {}): Promise<Event[]> {
  const rows = await tx
    .select()
    .from(events)
    .where(where)
    .orderBy(asc(events.date), asc(events.time), asc(events.createdAt), asc(events.id));
  if (rows.length === 0) return [];
  const ids = tx.select({ id: events.id }).from(events).where(where);
  // One transaction is one connection: its queries run one after another (no Promise.all).
  const teamRows = await tx
    .select({ eventId: eventTeams.eventId, id: teams.id, name: teams.name, nameArabic: teams.nameArabic, color: teams.color })
    .from(eventTeams)
    .innerJoin(teams, eq(teams.id, eventTeams.teamId))
    .where(inArray(eventTeams.eventId, ids))
    .orderBy(asc(teams.name));
  const coachRows = await tx
    .select({ eventId: eventCoaches.eventId, id: users.id, name: users.name, nameArabic: users.nameArabic, avatar: users.avatar })
    .from(eventCoaches)
    .innerJoin(users, eq(users.id, eventCoaches.coachId))
    .where(inArray(eventCoaches.eventId, ids))
    .orderBy(asc(users.name));
  const participantRows =
    opts.participants === false
      ? []
      : await tx
          .select({
            eventId: participants.eventId,
            id: participants.id,
            userId: participants.userId,
            name: users.name,
            nameArabic: users.nameArabic,
            avatar: users.avatar,
            condition: users.condition,
            status: participants.status,
            teamId: participants.teamId,
          })
          .from(participants)
          .innerJoin(users, eq(users.id, participants.userId))
          .where(inArray(participants.eventId, ids))
          .orderBy(asc(users.name), asc(participants.id));
  const teamsOf = groupBy(teamRows, (r) => r.eventId);
  const coachesOf = groupBy(coachRows, (r) => r.eventId);
  const participantsOf = groupBy(participantRows, (r) => r.eventId);
  return rows.map((e) => ({
    id: e.id,
    type: e.type,
    date: e.date,
    time: e.time,
    endTime: e.endTime,
    field: e.field,
    seriesId: e.seriesId,
    teams: (teamsOf.get(e.id) ?? []).map(({ eventId: _, ...t }) => t),
    coaches: (coachesOf.get(e.id) ?? []).map(({ eventId: _, ...c }) => c),
    participants: (participantsOf.get(e.id) ?? []).map(({ eventId: _, ...p }) => p),
  }));
}

/** Events whose date lies in [startDate, endDate], only those `coachId` coaches when given. */
export const eventsInRange = (startDate: string, endDate: string, coachId?: string) =>
  and(
    sql`${events.date} between ${startDate} and ${endDate}`,
    coachId
      ? sql`exists (select 1 from ${eventCoaches} where ${eventCoaches.eventId} = ${events.id} and ${eventCoaches.coachId} = ${coachId})`
      : undefined,
  );

export function listEvents(tx: TenantTx, query: EventListQuery) {
  return loadEvents(tx, eventsInRange(query.startDate, query.endDate, query.coachId));
}

export async function getEvent(tx: TenantTx, id: string): Promise<Event> {
  const [event] = await loadEvents(tx, eq(events.id, id));
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
 * Gives events their teams, coaches and participants (docs/domain.md, "Events"): the participants
 * are the players of the teams; on an edit a PENDING participant no longer in any of the teams is
 * removed, while one whose attendance was marked is kept; players added by the teams join PENDING.
 */
async function setRelations(tx: TenantTx, eventIds: string[], teamIds: string[], coachIds: string[], replace: boolean) {
  const { academyId } = tx;
  if (replace) {
    await tx.delete(eventTeams).where(inArray(eventTeams.eventId, eventIds));
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

  if (replace) {
    await tx
      .delete(participants)
      .where(
        and(
          inArray(participants.eventId, eventIds),
          eq(participants.status, 'PENDING'),
          players.length ? notInArray(participants.userId, players) : undefined,
        ),
      );
  }
  const rows = eventIds.flatMap((eventId) => players.map((userId) => ({ academyId, eventId, userId, teamId: teamOf.get(userId) ?? null })));
  await insertChunked(rows, (chunk) =>
    tx
      .insert(participants)
      .values(chunk)
      .onConflictDoUpdate({
        target: [participants.academyId, participants.eventId, participants.userId],
        set: { teamId: sql`excluded.team_id` },
      }),
  );
}

/** The dates of a weekly series from `date` to `until` (inclusive). */
export function weeklyDates(date: string, until: string) {
  const dates: string[] = [];
  for (let d = date; d <= until; d = addDaysIso(d, 7)) dates.push(d);
  return dates;
}

/** Creates one event, or with `repeat` one per week until `repeat.until` sharing a new series id; answers the first. */
export async function createEvent(tx: TenantTx, body: ParsedEventCreateBody): Promise<Event> {
  const teamIds = await checkTeams(tx, body.teamIds);
  const coachIds = await checkCoaches(tx, body.coachIds);
  const dates = body.repeat ? weeklyDates(body.date, body.repeat.until) : [body.date];
  const seriesId = dates.length > 1 ? randomUUID() : null;
  const { type, time, endTime, field } = body;
  const created = await tx
    .insert(events)
    .values(dates.map((date) => ({ academyId: tx.academyId, type, date, time, endTime, field, seriesId })))
    .returning({ id: events.id });
  const ids = created.map((e) => e.id);
  await setRelations(tx, ids, teamIds, coachIds, false);
  return getEvent(tx, ids[0]);
}

/** The event (404 otherwise), locked, and the events a change of it applies to. */
async function eventsInScope(tx: TenantTx, id: string, scope: EventScope): Promise<{ event: EventRow; ids: string[] }> {
  const [event] = await tx.select().from(events).where(eq(events.id, id)).for('update');
  if (!event) throw notFound('event.not_found');
  if (scope === 'this' || !event.seriesId) return { event, ids: [event.id] };
  // This event and the later ones of its series.
  const later = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.seriesId, event.seriesId), ne(events.id, event.id), gt(events.date, event.date)));
  return { event, ids: [event.id, ...later.map((e) => e.id)] };
}

/**
 * Edits an event, or (scope=following) this event and the later ones of its series: each gets the
 * same type, times, field, teams and coaches, and its date moves by the same number of days as this
 * one's. Attendance already marked is kept.
 */
export async function updateEvent(tx: TenantTx, id: string, body: ParsedEventBody, scope: EventScope): Promise<Event> {
  const { event, ids } = await eventsInScope(tx, id, scope);
  const teamIds = await checkTeams(tx, body.teamIds);
  const coachIds = await checkCoaches(tx, body.coachIds);
  const offset = daysBetween(event.date, body.date);
  await tx
    .update(events)
    .set({
      type: body.type,
      time: body.time,
      endTime: body.endTime,
      field: body.field,
      ...(offset ? { date: sql`${events.date} + ${offset}::integer` } : {}),
    })
    .where(inArray(events.id, ids));
  await setRelations(tx, ids, teamIds, coachIds, true);
  return getEvent(tx, id);
}

/** Deletes an event, or (scope=following) this one and the later ones of its series; sessions used by their attendance come back. */
export async function deleteEvent(tx: TenantTx, id: string, scope: EventScope) {
  const { ids } = await eventsInScope(tx, id, scope);
  await returnSessions(tx, ids);
  await tx.delete(events).where(inArray(events.id, ids));
}
