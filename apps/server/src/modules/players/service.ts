import type { ParticipantStatus } from '@kora/contracts';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { events, participants, teams, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { notFound } from '../../http/errors.js';
import { subscriptionsOf } from '../users/read.js';

/** The statuses that use one of a session-based subscription's sessions. */
export const ATTENDED_STATUSES: readonly ParticipantStatus[] = ['ATTENDED', 'PLAYED'];

async function requirePlayer(tx: TenantTx, id: string) {
  const [p] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'PLAYER')));
  if (!p) throw notFound('player.not_found');
}

export async function attendanceOf(tx: TenantTx, playerId: string) {
  await requirePlayer(tx, playerId);
  const rows = await tx
    .select({
      id: participants.id,
      status: participants.status,
      date: events.date,
      time: events.time,
      eventType: events.type,
      location: events.field,
    })
    .from(participants)
    .innerJoin(events, eq(events.id, participants.eventId))
    .where(eq(participants.userId, playerId))
    .orderBy(desc(events.date), desc(events.time));
  return rows;
}

export async function subscriptionsOfPlayer(tx: TenantTx, playerId: string, today: string) {
  await requirePlayer(tx, playerId);
  return subscriptionsOf(tx, [playerId], today);
}

/** The current session-based subscription's counters, or null when the player has none. */
export async function sessionStatsOf(tx: TenantTx, playerId: string, today: string) {
  const subs = await subscriptionsOfPlayer(tx, playerId, today);
  const current = subs.find(
    (s) => s.package.packageType === 'SESSION_BASED' && ['ACTIVE', 'TRIAL', 'PAUSED', 'PENDING', 'INACTIVE'].includes(s.status),
  );
  if (!current) return null;
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(participants)
    .innerJoin(events, eq(events.id, participants.eventId))
    .where(
      and(
        eq(participants.userId, playerId),
        inArray(participants.status, ATTENDED_STATUSES),
        gte(events.date, current.startDate ?? '1900-01-01'),
      ),
    );
  return {
    packageName: current.package.name,
    packageNameArabic: current.package.nameArabic,
    sessionsLeft: current.sessionsLeft ?? 0,
    totalSessions: current.totalSessions ?? 0,
    attendedSessionsCount: n,
  };
}

export async function participationsOf(tx: TenantTx, playerId: string) {
  await requirePlayer(tx, playerId);
  const rows = await tx
    .select({
      id: participants.id,
      status: participants.status,
      event: events,
      team: { id: teams.id, name: teams.name, nameArabic: teams.nameArabic, color: teams.color },
    })
    .from(participants)
    .innerJoin(events, eq(events.id, participants.eventId))
    .leftJoin(teams, eq(teams.id, participants.teamId))
    .where(eq(participants.userId, playerId))
    .orderBy(desc(events.date), asc(events.time));
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    event: {
      id: r.event.id,
      type: r.event.type,
      date: r.event.date,
      time: r.event.time,
      endTime: r.event.endTime,
      field: r.event.field,
    },
    team: r.team?.id ? { id: r.team.id, name: r.team.name, nameArabic: r.team.nameArabic, color: r.team.color } : null,
  }));
}
