import type { ParsedTeamBody, Team } from '@kora/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { teamCoaches, teamPlayers, teams, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { badRequest, notFound } from '../../http/errors.js';

/** Teams with their coaches and players, in three statements whatever their number. */
export async function listTeams(tx: TenantTx, ids?: string[]): Promise<Team[]> {
  const rows = await tx
    .select()
    .from(teams)
    .where(ids ? inArray(teams.id, ids) : undefined)
    .orderBy(asc(teams.name));
  if (rows.length === 0) return [];
  const teamIds = rows.map((t) => t.id);
  const member = { teamId: teamCoaches.teamId, id: users.id, name: users.name, nameArabic: users.nameArabic, avatar: users.avatar };
  // One transaction is one connection: its queries run one after another (no Promise.all).
  const coaches = await tx
    .select(member)
    .from(teamCoaches)
    .innerJoin(users, eq(users.id, teamCoaches.coachId))
    .where(inArray(teamCoaches.teamId, teamIds))
    .orderBy(asc(users.name));
  const players = await tx
    .select({ ...member, teamId: teamPlayers.teamId })
    .from(teamPlayers)
    .innerJoin(users, eq(users.id, teamPlayers.playerId))
    .where(inArray(teamPlayers.teamId, teamIds))
    .orderBy(asc(users.name));
  const of = (list: typeof coaches, teamId: string) =>
    list.filter((m) => m.teamId === teamId).map(({ id, name, nameArabic, avatar }) => ({ id, name, nameArabic, avatar }));
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    nameArabic: t.nameArabic,
    color: t.color,
    coaches: of(coaches, t.id),
    players: of(players, t.id),
  }));
}

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

async function setMembers(tx: TenantTx, teamId: string, coachIds: string[] | null, playerIds: string[] | null) {
  const { academyId } = tx;
  if (coachIds) {
    await tx.delete(teamCoaches).where(eq(teamCoaches.teamId, teamId));
    if (coachIds.length) await tx.insert(teamCoaches).values(coachIds.map((coachId) => ({ academyId, teamId, coachId })));
  }
  if (playerIds) {
    await tx.delete(teamPlayers).where(eq(teamPlayers.teamId, teamId));
    if (playerIds.length) await tx.insert(teamPlayers).values(playerIds.map((playerId) => ({ academyId, teamId, playerId })));
  }
}

export async function createTeam(tx: TenantTx, body: ParsedTeamBody) {
  const { academyId } = tx;
  const coachIds = await checkMembers(tx, body.coachIds, 'COACH', 'coachIds');
  const playerIds = await checkMembers(tx, body.playerIds, 'PLAYER', 'playerIds');
  const [team] = await tx
    .insert(teams)
    .values({ academyId, name: body.name, nameArabic: body.nameArabic ?? null, color: body.color })
    .returning();
  await setMembers(tx, team.id, coachIds, playerIds);
  return getTeam(tx, team.id);
}

/** A full update, or (from the players list) only the players when `name` is absent. */
export async function updateTeam(tx: TenantTx, id: string, body: { playerIds: string[] } | ParsedTeamBody) {
  const [existing] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, id));
  if (!existing) throw notFound('team.not_found');
  const playerIds = await checkMembers(tx, body.playerIds, 'PLAYER', 'playerIds');
  if ('name' in body) {
    const coachIds = await checkMembers(tx, body.coachIds, 'COACH', 'coachIds');
    await tx.update(teams).set({ name: body.name, nameArabic: body.nameArabic, color: body.color }).where(eq(teams.id, id));
    await setMembers(tx, id, coachIds, playerIds);
  } else {
    await setMembers(tx, id, null, playerIds);
  }
  return getTeam(tx, id);
}

export async function deleteTeam(tx: TenantTx, id: string) {
  const deleted = await tx.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
  if (deleted.length === 0) throw notFound('team.not_found');
}
