import type { Admin, Coach, Player, Role, Subscription } from '@kora/contracts';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { packages, parentPlayers, subscriptions, teamCoaches, teamPlayers, teams, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { notFound } from '../../http/errors.js';
import { halalasToSar } from '../packages/mapper.js';
import { sortPlayers } from './player-order.js';

type UserRow = typeof users.$inferSelect;

const teamRef = { id: teams.id, name: teams.name, nameArabic: teams.nameArabic, color: teams.color };

/** Only the columns the Subscription shape needs (lists fetch hundreds of these). */
const subscriptionColumns = {
  id: subscriptions.id,
  status: subscriptions.status,
  startDate: subscriptions.startDate,
  endDate: subscriptions.endDate,
  sessionsLeft: subscriptions.sessionsLeft,
  totalSessions: subscriptions.totalSessions,
  playerId: subscriptions.playerId,
  packageId: packages.id,
  packageName: packages.name,
  packageNameArabic: packages.nameArabic,
  packageType: packages.packageType,
  priceHalalas: packages.priceHalalas,
};
/** Subscriptions of the given players (null: of every player), latest end date first (a missing end date counts as its start). */
export async function subscriptionsOf(tx: TenantTx, playerIds: string[] | null) {
  if (playerIds?.length === 0) return [];
  const rows = await tx
    .select(subscriptionColumns)
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .where(playerIds ? inArray(subscriptions.playerId, playerIds) : undefined)
    .orderBy(desc(sql`coalesce(${subscriptions.endDate}, ${subscriptions.startDate})`), desc(subscriptions.createdAt));
  return rows.map(
    (r): Subscription => ({
      id: r.id,
      status: r.status,
      startDate: r.startDate,
      endDate: r.endDate,
      sessionsLeft: r.sessionsLeft,
      totalSessions: r.totalSessions,
      userId: r.playerId,
      package: {
        id: r.packageId,
        name: r.packageName,
        nameArabic: r.packageNameArabic,
        packageType: r.packageType,
        price: halalasToSar(r.priceHalalas),
      },
    }),
  );
}

/**
 * Players with their teams, parents and subscriptions: four statements whatever the number of
 * players (each relation fetched once for all of them), sorted in the players list order (docs/domain.md).
 */
export async function listPlayers(tx: TenantTx, ids?: string[]): Promise<Player[]> {
  const rows = await tx
    .select()
    .from(users)
    .where(ids ? inArray(users.id, ids) : eq(users.role, 'PLAYER'))
    .orderBy(asc(users.name));
  const players = rows.filter((u) => u.role === 'PLAYER');
  if (players.length === 0) return [];
  const playerIds = ids ?? players.map((p) => p.id);
  // One transaction is one connection: the relation queries run one after another.
  const teamRows = await tx
    .select({ playerId: teamPlayers.playerId, ...teamRef })
    .from(teamPlayers)
    .innerJoin(teams, eq(teams.id, teamPlayers.teamId))
    .where(ids ? inArray(teamPlayers.playerId, playerIds) : undefined)
    .orderBy(asc(teams.name));
  const parentRows = await tx
    .select({
      playerId: parentPlayers.playerId,
      id: users.id,
      name: users.name,
      nameArabic: users.nameArabic,
      phoneNumber: users.phoneNumber,
      emergencyPhone1: users.emergencyPhone1,
      emergencyPhone2: users.emergencyPhone2,
    })
    .from(parentPlayers)
    .innerJoin(users, eq(users.id, parentPlayers.parentId))
    .where(ids ? inArray(parentPlayers.playerId, playerIds) : undefined)
    .orderBy(asc(parentPlayers.createdAt));
  const subs = await subscriptionsOf(tx, ids ? playerIds : null);
  const byPlayer = <T extends { playerId: string }>(list: T[]) => {
    const map = new Map<string, Omit<T, 'playerId'>[]>();
    for (const { playerId, ...rest } of list) {
      const entries = map.get(playerId);
      if (entries) entries.push(rest);
      else map.set(playerId, [rest]);
    }
    return map;
  };
  const teamsBy = byPlayer(teamRows);
  const parentsBy = byPlayer(parentRows);
  const subsBy = byPlayer(subs.map((s) => ({ ...s, playerId: s.userId })));
  const full = players.map((u) => {
    const subscriptionsOfPlayer = (subsBy.get(u.id) ?? []).map((s) => ({ ...s, userId: u.id }));
    return {
      ...toPlayerBase(u),
      teamsPlaying: (teamsBy.get(u.id) ?? []).map((t) => t),
      parents: parentsBy.get(u.id) ?? [],
      subscriptions: subscriptionsOfPlayer,
      latestStatus: subscriptionsOfPlayer[0]?.status ?? null,
      hasTeam: teamsBy.has(u.id),
    };
  });
  return sortPlayers(full).map(({ latestStatus: _s, hasTeam: _t, ...p }) => p);
}

const toPlayerBase = (u: UserRow) => ({
  id: u.id,
  role: 'PLAYER' as const,
  name: u.name,
  nameArabic: u.nameArabic,
  nationalId: u.nationalId,
  nationality: u.nationality,
  residentialNeighborhood: u.residentialNeighborhood,
  birthdate: u.birthdate,
  gender: u.gender,
  avatar: u.avatar,
  condition: u.condition,
  phoneNumber: u.phoneNumber,
  emergencyPhone1: u.emergencyPhone1,
  emergencyPhone2: u.emergencyPhone2,
  email: u.email,
  accountTypeId: u.accountTypeId,
  createdAt: u.createdAt.toISOString(),
});

export async function listCoaches(tx: TenantTx, ids?: string[]): Promise<Coach[]> {
  const rows = await tx
    .select()
    .from(users)
    .where(ids ? inArray(users.id, ids) : eq(users.role, 'COACH'))
    .orderBy(asc(users.name));
  const coaches = rows.filter((u) => u.role === 'COACH');
  if (coaches.length === 0) return [];
  const links = await tx
    .select({ coachId: teamCoaches.coachId, ...teamRef })
    .from(teamCoaches)
    .innerJoin(teams, eq(teams.id, teamCoaches.teamId))
    .where(
      inArray(
        teamCoaches.coachId,
        coaches.map((c) => c.id),
      ),
    )
    .orderBy(asc(teams.name));
  return coaches.map((c) => ({
    id: c.id,
    role: 'COACH' as const,
    name: c.name,
    nameArabic: c.nameArabic,
    email: c.email,
    avatar: c.avatar,
    coachType: c.coachType,
    accountTypeId: c.accountTypeId,
    hasLogin: c.passwordHash !== null,
    createdAt: c.createdAt.toISOString(),
    teamsCoaching: links.filter((l) => l.coachId === c.id).map(({ coachId: _c, ...t }) => t),
  }));
}

export async function listAdmins(tx: TenantTx, ids?: string[]) {
  const rows = await tx
    .select()
    .from(users)
    .where(ids ? inArray(users.id, ids) : eq(users.role, 'ADMIN'))
    .orderBy(asc(users.name));
  return rows.filter((u) => u.role === 'ADMIN').map(toAdmin);
}

/** A staff user of role ADMIN as the API answers it (Settings → Privileges: name, e-mail, type, date joined). */
export const toAdmin = (u: UserRow): Admin => ({
  id: u.id,
  role: 'ADMIN' as const,
  name: u.name,
  nameArabic: u.nameArabic,
  email: u.email,
  avatar: u.avatar,
  accountTypeId: u.accountTypeId,
  hasLogin: u.passwordHash !== null,
  createdAt: u.createdAt.toISOString(),
});

/** The role of a user id in this academy, or 404. */
export async function roleOf(tx: TenantTx, id: string): Promise<Role> {
  const [u] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id));
  if (!u) throw notFound('user.not_found');
  return u.role;
}
