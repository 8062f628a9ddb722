/**
 * What the schedule tells (docs/domain.md, "Messages: every one accounted for"): a training or match of a
 * child's team cancelled, moved (date, time or place) or added → the team's parents; a coach's sessions
 * added, changed or cancelled → the coach. Written in the transaction of the change (the route calls
 * these around the events service), keyed by the event and its revision, so each change is told once.
 */
import { type EventScope, eventTypeSchema, type FamilyLanguage, riyadhInstant, URGENT_WITHIN_HOURS } from '@kora/contracts';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { eventCoaches, events, eventTeams, participants, teamPlayers } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { academyDefaults, childrenIn, type MessagingConfig, parentsOfPlayers, tell } from './enqueue.js';
import { WORDS } from './templates.js';

interface EventState {
  id: string;
  type: 'TRAINING_SESSION' | 'MATCH';
  date: string;
  time: string;
  field: string;
  revision: number;
  teamIds: string[];
  coachIds: string[];
}

/** The events and their teams and coaches, as they are now in this transaction. */
export async function eventStates(tx: TenantTx, ids: string[]): Promise<Map<string, EventState>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: events.id, type: events.type, date: events.date, time: events.time, field: events.field, revision: events.revision })
    .from(events)
    .where(inArray(events.id, ids));
  const teams = await tx.select().from(eventTeams).where(inArray(eventTeams.eventId, ids));
  const coaches = await tx.select().from(eventCoaches).where(inArray(eventCoaches.eventId, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        ...r,
        type: eventTypeSchema.parse(r.type),
        teamIds: teams.filter((t) => t.eventId === r.id).map((t) => t.teamId),
        coachIds: coaches.filter((c) => c.eventId === r.id).map((c) => c.coachId),
      },
    ]),
  );
}

/** The ids a change of `id` with `scope` reaches: it, and with `following` the later events of its series (as the service does). */
export async function eventsInScopeIds(tx: TenantTx, id: string, scope: EventScope): Promise<string[]> {
  const [event] = await tx.select({ id: events.id, seriesId: events.seriesId, date: events.date }).from(events).where(eq(events.id, id));
  if (!event) return [];
  if (scope === 'this' || !event.seriesId) return [event.id];
  const later = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.seriesId, event.seriesId), gt(events.date, event.date)));
  return [event.id, ...later.map((e) => e.id)];
}

const urgentAt = (e: Pick<EventState, 'date' | 'time'>, now: Date) =>
  riyadhInstant(e.date, e.time).getTime() - now.getTime() < URGENT_WITHIN_HOURS * 3600_000;

const place = (field: string, lang: FamilyLanguage) => field.trim() || WORDS.noPlace[lang];

async function tellParents(
  tx: TenantTx,
  m: MessagingConfig,
  kind: 'event_cancelled' | 'event_moved' | 'event_added',
  e: EventState,
  now: Date,
  cause: string,
) {
  if (e.teamIds.length === 0) return 0;
  const players = await tx.selectDistinct({ id: teamPlayers.playerId }).from(teamPlayers).where(inArray(teamPlayers.teamId, e.teamIds));
  const parents = await parentsOfPlayers(
    tx,
    players.map((p) => p.id),
  );
  return tell(
    tx,
    m,
    { kind, cause, path: '/family/availability', eventId: e.id, urgent: kind !== 'event_added' && urgentAt(e, now) },
    [...parents].map(([userId, children]) => ({
      userId,
      words: (lang: FamilyLanguage) => ({
        child: childrenIn(children, lang),
        event: WORDS[e.type][lang],
        date: e.date,
        time: e.time,
        place: place(e.field, lang),
      }),
    })),
  );
}

async function tellCoaches(
  tx: TenantTx,
  m: MessagingConfig,
  change: 'added' | 'changed' | 'cancelled',
  e: EventState,
  coachIds: string[],
  cause: string,
) {
  return tell(
    tx,
    m,
    { kind: 'coach_schedule', cause, path: '/trainings', eventId: e.id },
    coachIds.map((userId) => ({
      userId,
      words: (lang: FamilyLanguage) => ({
        change: WORDS[change][lang],
        event: WORDS[e.type][lang],
        date: e.date,
        time: e.time,
        place: place(e.field, lang),
      }),
    })),
  );
}

/** Only events still ahead are worth telling (a past event edited for the record tells no one). */
const ahead = (e: Pick<EventState, 'date' | 'time'>, now: Date) => riyadhInstant(e.date, e.time).getTime() > now.getTime();

/** Events about to be deleted: their parents and coaches are told they are cancelled. Call before the delete. */
export async function tellCancelled(tx: TenantTx, m: MessagingConfig, ids: string[], now: Date) {
  let written = 0;
  for (const e of (await eventStates(tx, ids)).values()) {
    if (!ahead(e, now)) continue;
    const cause = `event:${e.id}:cancelled`;
    written += await tellParents(tx, m, 'event_cancelled', e, now, cause);
    written += await tellCoaches(tx, m, 'cancelled', e, e.coachIds, cause);
  }
  return written;
}

/** Events just created (a weekly series is told once, by its first event). */
export async function tellAdded(tx: TenantTx, m: MessagingConfig, firstId: string, now: Date) {
  const e = (await eventStates(tx, [firstId])).get(firstId);
  if (!e || !ahead(e, now)) return 0;
  const cause = `event:${e.id}:added`;
  return (await tellParents(tx, m, 'event_added', e, now, cause)) + (await tellCoaches(tx, m, 'added', e, e.coachIds, cause));
}

/**
 * After an edit: each event whose date, time or place moved is told to its teams' parents and its
 * coaches; a team newly on the event hears it as added, a coach newly on it too. Keyed by the
 * revision the edit gave the event.
 */
export async function tellEdited(tx: TenantTx, m: MessagingConfig, before: Map<string, EventState>, now: Date) {
  const after = await eventStates(tx, [...before.keys()]);
  let written = 0;
  for (const [id, was] of before) {
    const e = after.get(id);
    if (!e || !ahead(e, now)) continue;
    const moved = was.date !== e.date || was.time !== e.time || was.field.trim() !== e.field.trim();
    const cause = `event:${e.id}:r${e.revision}`;
    const newTeams = e.teamIds.filter((t) => !was.teamIds.includes(t));
    if (moved)
      written += await tellParents(tx, m, 'event_moved', { ...e, teamIds: e.teamIds.filter((t) => was.teamIds.includes(t)) }, now, cause);
    if (newTeams.length) written += await tellParents(tx, m, 'event_added', { ...e, teamIds: newTeams }, now, cause);
    const newCoaches = e.coachIds.filter((c) => !was.coachIds.includes(c));
    const keptCoaches = e.coachIds.filter((c) => was.coachIds.includes(c));
    if (moved) written += await tellCoaches(tx, m, 'changed', e, keptCoaches, cause);
    written += await tellCoaches(tx, m, 'added', e, newCoaches, cause);
  }
  return written;
}

/**
 * A player just marked absent without the parent having said they can't come: the parents hear it,
 * when the academy tells absences (Settings → Messages). Once per participant.
 */
export async function tellAbsent(tx: TenantTx, m: MessagingConfig, participantId: string) {
  const [row] = await tx
    .select({
      status: participants.status,
      cantComeAt: participants.cantComeAt,
      playerId: participants.userId,
      eventId: events.id,
      type: events.type,
      date: events.date,
    })
    .from(participants)
    .innerJoin(events, eq(events.id, participants.eventId))
    .where(eq(participants.id, participantId));
  if (row?.status !== 'ABSENT' || row.cantComeAt) return 0;
  if (!(await academyDefaults(tx)).absentWithoutNotice) return 0;
  const parents = await parentsOfPlayers(tx, [row.playerId]);
  return tell(
    tx,
    m,
    { kind: 'absent_without_notice', cause: `participant:${participantId}`, path: '/family/availability', eventId: row.eventId },
    [...parents].map(([userId, children]) => ({
      userId,
      words: (lang: FamilyLanguage) => ({
        child: childrenIn(children, lang),
        event: WORDS[eventTypeSchema.parse(row.type)][lang],
        date: row.date,
      }),
    })),
  );
}
