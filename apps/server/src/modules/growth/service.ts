import {
  ageGroupOf,
  GROWTH_METRICS,
  type GrowthMedians,
  type GrowthMetric,
  median,
  type ParsedGrowthMetricFields,
  recordOf,
  riyadhToday,
} from '@kora/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { jsonArray, jsonList } from '../../db/json.js';
import { growthMetrics, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { avatarSql } from '../players/sensitive.js';
import { teamListsOfPlayers } from '../users/read.js';

type Row = typeof growthMetrics.$inferSelect;

/** A growth record as the API answers it (the staff's growth pages and the family portal's progress). */
export const toGrowthMetric = (r: Row): GrowthMetric => ({
  id: r.id,
  playerId: r.playerId,
  date: r.date,
  height: r.height,
  weight: r.weight,
  armSpan: r.armSpan,
  handGrip: r.handGrip,
  sprint10m: r.sprint10m,
  sprint20m: r.sprint20m,
  standingLongJump: r.standingLongJump,
  verticalJump: r.verticalJump,
  breakfastSource: r.breakfastSource,
  sleepingHours: r.sleepingHours,
});

/**
 * Every player by name with their teams and latest growth record (latest date, then latest
 * entered), as the JSON text of GrowthPlayerRow[]: one statement whatever the number of players,
 * each player's latest record read from the end of its (player, date, created_at) index.
 */
export const growthPlayersJson = (tx: TenantTx) =>
  jsonList(
    tx,
    sql`
    with team_lists as (${teamListsOfPlayers(null)})
    select ${jsonArray(sql`json_build_object('player', row_to_json(pr), 'latest', row_to_json(lr))`, sql`u.name, u.id`)}::text as body
    from users u
    left join team_lists tl on tl.player_id = u.id
    left join lateral (
      select g.id, g.player_id as "playerId", g.date, g.height, g.weight, g.arm_span as "armSpan", g.hand_grip as "handGrip",
        g.sprint10m as "sprint10m", g.sprint20m as "sprint20m", g.standing_long_jump as "standingLongJump",
        g.vertical_jump as "verticalJump", g.breakfast_source as "breakfastSource", g.sleeping_hours as "sleepingHours"
      from growth_metrics g
      where g.player_id = u.id
      order by g.date desc, g.created_at desc, g.id desc
      limit 1
    ) lr on true
    cross join lateral (
      select u.id, u.name, u.name_arabic as "nameArabic", ${avatarSql(sql`u`)} as avatar, u.birthdate, coalesce(tl.list, '[]') as teams
    ) pr
    where u.role = 'PLAYER'`,
  );

/** A player of this academy (another academy's id is unknown, like any other). */
async function findPlayer(tx: TenantTx, id: string) {
  const [player] = await tx
    .select({ id: users.id, birthdate: users.birthdate })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'PLAYER')));
  return player ?? null;
}

/** A player's records by date (404 for an unknown player). */
export async function playerGrowth(tx: TenantTx, playerId: string): Promise<GrowthMetric[]> {
  if (!(await findPlayer(tx, playerId))) throw notFound('player.not_found');
  const rows = await tx
    .select()
    .from(growthMetrics)
    .where(eq(growthMetrics.playerId, playerId))
    .orderBy(asc(growthMetrics.date), asc(growthMetrics.createdAt));
  return rows.map(toGrowthMetric);
}

/** One record per player and day (docs/domain.md, "Growth"): a second one on the same date is refused with 409 growth.date_taken. */
async function refuseTakenDate(tx: TenantTx, ofPlayer: SQL | undefined, date: string) {
  const [taken] = await tx
    .select({ id: growthMetrics.id })
    .from(growthMetrics)
    .where(and(ofPlayer, eq(growthMetrics.date, date)))
    .limit(1);
  if (taken) throw conflict('growth.date_taken');
}

/** A record's date is a real date (the contract) that is not after Riyadh's today. */
function checkDate(date: string, now: Date) {
  if (date > riyadhToday(now)) throw badRequest('growth.date_in_future', 'date');
}

export async function createGrowthMetric(
  tx: TenantTx,
  body: ParsedGrowthMetricFields & { playerId: string },
  now: Date,
): Promise<GrowthMetric> {
  checkDate(body.date, now);
  if (!(await findPlayer(tx, body.playerId))) throw badRequest('player.unknown', 'playerId');
  await refuseTakenDate(tx, eq(growthMetrics.playerId, body.playerId), body.date);
  const [row] = await tx
    .insert(growthMetrics)
    .values({ ...body, academyId: tx.academyId })
    .returning();
  return toGrowthMetric(row);
}

export async function updateGrowthMetric(tx: TenantTx, id: string, body: ParsedGrowthMetricFields, now: Date): Promise<GrowthMetric> {
  checkDate(body.date, now);
  // The same player's other records (the subquery finds the player of this one).
  const samePlayer = sql`${growthMetrics.playerId} = (select player_id from growth_metrics where id = ${id}) and ${growthMetrics.id} <> ${id}`;
  await refuseTakenDate(tx, samePlayer, body.date);
  const [row] = await tx.update(growthMetrics).set(body).where(eq(growthMetrics.id, id)).returning();
  if (!row) throw notFound('growth.not_found');
  return toGrowthMetric(row);
}

export async function deleteGrowthMetric(tx: TenantTx, id: string) {
  const deleted = await tx.delete(growthMetrics).where(eq(growthMetrics.id, id)).returning({ id: growthMetrics.id });
  if (deleted.length === 0) throw notFound('growth.not_found');
}

/**
 * The medians of the player's age group (docs/domain.md, "Growth"): the peers are the academy's
 * players in the player's age group today (the player included); for each month, each peer's
 * latest record of the month counts once, and each metric's median is over the peers measured.
 * Two statements whatever the number of players or records.
 */
export async function ageGroupMedians(tx: TenantTx, playerId: string, now: Date): Promise<GrowthMedians> {
  const today = riyadhToday(now);
  const players = await tx.select({ id: users.id, birthdate: users.birthdate }).from(users).where(eq(users.role, 'PLAYER'));
  const player = players.find((p) => p.id === playerId);
  if (!player) throw notFound('player.not_found');
  const ageGroup = ageGroupOf(player.birthdate, today);
  if (!ageGroup) return { ageGroup: null, playersCount: 0, months: [] };
  const peers = players.filter((p) => ageGroupOf(p.birthdate, today) === ageGroup).map((p) => p.id);
  const month = sql<string>`to_char(${growthMetrics.date}, 'YYYY-MM')`;
  const rows = await tx
    .selectDistinctOn([growthMetrics.playerId, month], { month, metric: growthMetrics })
    .from(growthMetrics)
    .where(inArray(growthMetrics.playerId, peers))
    .orderBy(growthMetrics.playerId, month, desc(growthMetrics.date), desc(growthMetrics.createdAt));
  const byMonth = new Map<string, Row[]>();
  for (const r of rows) byMonth.set(r.month, [...(byMonth.get(r.month) ?? []), r.metric]);
  const months = [...byMonth.keys()].sort().map((m) => {
    const records = byMonth.get(m) ?? [];
    const medians = recordOf(GROWTH_METRICS, (key) => {
      const value = median(records.map((r) => r[key]).filter((v): v is number => v !== null));
      // Two decimals, as the records are entered (the mean of two middle values may not be exact in binary).
      return value === null ? null : Math.round(value * 100) / 100;
    });
    return { month: m, count: records.length, ...medians };
  });
  return { ageGroup, playersCount: peers.length, months };
}
