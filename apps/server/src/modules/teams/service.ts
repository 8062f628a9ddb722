import type { ParsedTeamBody, Team } from '@kora/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { andIn, jsonArray, jsonList, parsedList } from '../../db/json.js';
import { teamCoaches, teamPlayers, teams, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { badRequest, notFound } from '../../http/errors.js';
import { syncPlayerTeamEvents } from '../events/roster.js';
import { avatarSql } from '../players/sensitive.js';

/** Members of a team (coaches or players through `link`) as a JSON array of MemberRef by name. */
const members = (link: 'team_coaches' | 'team_players', member: 'coach_id' | 'player_id') => sql`(
  select ${jsonArray(sql`row_to_json(mr)`, sql`u.name, u.id`)}
  from ${sql.raw(link)} l
  join users u on u.id = l.${sql.raw(member)}
  cross join lateral (select u.id, u.name, u.name_arabic as "nameArabic", ${avatarSql(sql`u`)} as avatar) mr
  where l.team_id = t.id)`;

/** Teams with their coaches and players by name, as the JSON text of Team[]: one statement whatever their number. */
const teamsQuery = (ids: string[] | null) => sql`
  select ${jsonArray(sql`row_to_json(r)`, sql`t.name, t.id`)}::text as body
  from teams t
  cross join lateral (
    select t.id, t.name, t.name_arabic as "nameArabic", t.color,
      ${members('team_coaches', 'coach_id')} as coaches, ${members('team_players', 'player_id')} as players
  ) r
  where true ${andIn(sql`t.id`, ids)}`;

/** `GET /api/teams`: the JSON text of Team[]. */
export const teamsListJson = (tx: TenantTx) => jsonList(tx, teamsQuery(null));

export const listTeams = (tx: TenantTx, ids?: string[]) => parsedList<Team>(tx, teamsQuery(ids ?? null));

export async function getTeam(tx: TenantTx, id: string): Promise<Team> {
  const [team] = await listTeams(tx, [id]);
  if (!team) throw notFound('team.not_found');
  return team;
}

/** Every id must be a user of this academy with the given role (RLS already hides other academies). */
async function checkMembers(tx: TenantTx, ids: string[], role: 'COACH' | 'PLAYER', path: string) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.role, role)));
  if (found.length !== unique.length) throw badRequest(role === 'COACH' ? 'coach.unknown' : 'player.unknown', path);
  return unique;
}

/**
 * Replaces a team's coaches and/or players. The players who joined or left take part, or no longer,
 * in the team's events that have not started (events/roster.ts).
 */
async function setMembers(tx: TenantTx, teamId: string, coachIds: string[] | null, playerIds: string[] | null, now: Date) {
  const { academyId } = tx;
  if (coachIds) {
    await tx.delete(teamCoaches).where(eq(teamCoaches.teamId, teamId));
    if (coachIds.length) await tx.insert(teamCoaches).values(coachIds.map((coachId) => ({ academyId, teamId, coachId })));
  }
  if (playerIds) {
    const before = await tx.delete(teamPlayers).where(eq(teamPlayers.teamId, teamId)).returning({ playerId: teamPlayers.playerId });
    if (playerIds.length) await tx.insert(teamPlayers).values(playerIds.map((playerId) => ({ academyId, teamId, playerId })));
    await syncPlayerTeamEvents(tx, [...before.map((r) => r.playerId), ...playerIds], now);
  }
}

export async function createTeam(tx: TenantTx, body: ParsedTeamBody, now: Date) {
  const { academyId } = tx;
  const coachIds = await checkMembers(tx, body.coachIds, 'COACH', 'coachIds');
  const playerIds = await checkMembers(tx, body.playerIds, 'PLAYER', 'playerIds');
  const [team] = await tx
    .insert(teams)
    .values({ academyId, name: body.name, nameArabic: body.nameArabic ?? null, color: body.color })
    .returning();
  await setMembers(tx, team.id, coachIds, playerIds, now);
  return getTeam(tx, team.id);
}

/** A full update, or (from the players list) only the players when `name` is absent. */
export async function updateTeam(tx: TenantTx, id: string, body: { playerIds: string[] } | ParsedTeamBody, now: Date) {
  const [existing] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, id));
  if (!existing) throw notFound('team.not_found');
  const playerIds = await checkMembers(tx, body.playerIds, 'PLAYER', 'playerIds');
  if ('name' in body) {
    const coachIds = await checkMembers(tx, body.coachIds, 'COACH', 'coachIds');
    await tx.update(teams).set({ name: body.name, nameArabic: body.nameArabic, color: body.color }).where(eq(teams.id, id));
    await setMembers(tx, id, coachIds, playerIds, now);
  } else {
    await setMembers(tx, id, null, playerIds, now);
  }
  return getTeam(tx, id);
}

/** Deletes a team; its players leave its events that have not started (events/roster.ts), unless another of their teams plays in them. */
export async function deleteTeam(tx: TenantTx, id: string, now: Date) {
  const players = await tx.select({ id: teamPlayers.playerId }).from(teamPlayers).where(eq(teamPlayers.teamId, id));
  const deleted = await tx.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
  if (deleted.length === 0) throw notFound('team.not_found');
  await syncPlayerTeamEvents(
    tx,
    players.map((p) => p.id),
    now,
  );
}
