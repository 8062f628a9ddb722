import type { Admin, Coach, Player, Role, Subscription } from '@kora/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { andIn, isoTimestamp, jsonArray, jsonList, parsedList } from '../../db/json.js';
import { subscriptions, teamCoaches, teams, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { notFound } from '../../http/errors.js';
import { avatarSql, conditionSql, hasMedicalNoteSql, nationalIdSql, type SensitiveView } from '../players/sensitive.js';
import { currentFirstSql } from '../subscriptions/lifecycle.js';
import { selectSubscriptions, subscriptionRowsSql, toSubscription } from '../subscriptions/shape.js';
import { nameOrder, playerRankSql } from './player-order.js';

type UserRow = typeof users.$inferSelect;

const teamRef = { id: teams.id, name: teams.name, nameArabic: teams.nameArabic, color: teams.color };

/** Subscriptions of the given players (null: of every player), the current one on `today` first (lifecycle.ts, `currentFirstSql`). */
export async function subscriptionsOf(tx: TenantTx, playerIds: string[] | null, today: string): Promise<Subscription[]> {
  if (playerIds?.length === 0) return [];
  const rows = await selectSubscriptions(tx)
    .where(playerIds ? inArray(subscriptions.playerId, playerIds) : undefined)
    .orderBy(currentFirstSql(sql`${subscriptions}`, today));
  return rows.map((r) => toSubscription(r.s, r.p));
}

/**
 * The teams of the given players (null: of every player) as `{player_id, list}` rows, `list` a JSON
 * array of TeamRef by team name: a CTE body the player lists join by player id.
 */
export const teamListsOfPlayers = (ids: string[] | null) => sql`
  select tp.player_id, json_agg(row_to_json(tr) order by tm.name, tm.id) as list
  from team_players tp
  join teams tm on tm.id = tp.team_id
  cross join lateral (select tm.id, tm.name, tm.name_arabic as "nameArabic", tm.color) tr
  where true ${andIn(sql`tp.player_id`, ids)}
  group by tp.player_id`;

/**
 * Players with their teams, parents and subscriptions (the current one first), in the players
 * list order (docs/domain.md): one statement whatever the number of players, answering the list
 * as JSON text (db/json.ts). Each relation is aggregated once per player, then hash-joined.
 * The medical condition and national id are the view's (players/sensitive.ts).
 */
const playersQuery = (ids: string[] | null, today: string, view: SensitiveView) => sql`
  with team_lists as (${teamListsOfPlayers(ids)}),
  parent_lists as (
    select pp.player_id, json_agg(row_to_json(pr) order by pp.created_at, pu.id) as list
    from parent_players pp
    join users pu on pu.id = pp.parent_id
    cross join lateral (
      select pu.id, pu.name, pu.name_arabic as "nameArabic", pu.phone_number as "phoneNumber",
        pu.emergency_phone1 as "emergencyPhone1", pu.emergency_phone2 as "emergencyPhone2"
    ) pr
    where true ${andIn(sql`pp.player_id`, ids)}
    group by pp.player_id
  ),
  subscription_lists as (
    select s.player_id,
      json_agg(row_to_json(sr) order by ${currentFirstSql(sql`s`, today)}) as list,
      (array_agg(st.status order by ${currentFirstSql(sql`s`, today)}))[1] as latest
    from ${subscriptionRowsSql()}
    where true ${andIn(sql`s.player_id`, ids)}
    group by s.player_id
  )
  select ${jsonArray(sql`row_to_json(r)`, sql`${playerRankSql(sql`sl.latest`, sql`tl.list is not null`)}, ${nameOrder(sql`u.name`)}, u.id`)}::text as body
  from users u
  left join team_lists tl on tl.player_id = u.id
  left join parent_lists pl on pl.player_id = u.id
  left join subscription_lists sl on sl.player_id = u.id
  cross join lateral (
    select u.id, u.role, u.name, u.name_arabic as "nameArabic", ${nationalIdSql(view, sql`u`)} as "nationalId", u.nationality,
      u.residential_neighborhood as "residentialNeighborhood", u.birthdate, u.gender, ${avatarSql(sql`u`)} as avatar,
      ${conditionSql(view, sql`u`)} as condition, ${hasMedicalNoteSql(sql`u`)} as "hasMedicalNote",
      u.phone_number as "phoneNumber", u.emergency_phone1 as "emergencyPhone1", u.emergency_phone2 as "emergencyPhone2",
      u.email, u.account_type_id as "accountTypeId", ${isoTimestamp(sql`u.created_at`)} as "createdAt",
      coalesce(tl.list, '[]') as "teamsPlaying", coalesce(pl.list, '[]') as parents, coalesce(sl.list, '[]') as subscriptions
  ) r
  where u.role = 'PLAYER' and u.erased_at is null ${andIn(sql`u.id`, ids)}`;

/** `GET /api/users?role=PLAYER`: the JSON text of Player[]. */
export const playersListJson = (tx: TenantTx, today: string, view: SensitiveView) => jsonList(tx, playersQuery(null, today, view));

/** The players of the given ids (other ids and roles left out), in the players list order. */
export const listPlayers = (tx: TenantTx, today: string, view: SensitiveView, ids?: string[]) =>
  parsedList<Player>(tx, playersQuery(ids ?? null, today, view));

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
