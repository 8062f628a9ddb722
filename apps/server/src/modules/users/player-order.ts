import { type SQL, sql } from 'drizzle-orm';

/**
 * Players list order (docs/domain.md, "Teams, coaches and players"): TRIAL with a team, ACTIVE with a team, TRIAL without,
 * ACTIVE without, INACTIVE/CANCELLED/none with a team, the same without, then the others; by name within.
 */
export function playerRank(latestStatus: string | null | undefined, hasTeam: boolean): number {
  const status = latestStatus ?? 'NONE';
  if (status === 'TRIAL') return hasTeam ? 0 : 2;
  if (status === 'ACTIVE') return hasTeam ? 1 : 3;
  if (status === 'INACTIVE' || status === 'CANCELLED' || status === 'NONE') return hasTeam ? 4 : 5;
  return 6;
}

export function sortPlayers<T extends { name: string; latestStatus: string | null; hasTeam: boolean }>(players: T[]): T[] {
  return [...players].sort(
    (a, b) => playerRank(a.latestStatus, a.hasTeam) - playerRank(b.latestStatus, b.hasTeam) || a.name.localeCompare(b.name),
  );
}

/**
 * `playerRank` in SQL, for the lists the database orders (users/read.ts, subscriptions/service.ts);
 * player-order.test.ts checks both agree for every status.
 */
export const playerRankSql = (latestStatus: SQL, hasTeam: SQL) => sql`case coalesce(${latestStatus}, 'NONE')
    when 'TRIAL' then case when ${hasTeam} then 0 else 2 end
    when 'ACTIVE' then case when ${hasTeam} then 1 else 3 end
    when 'INACTIVE' then case when ${hasTeam} then 4 else 5 end
    when 'CANCELLED' then case when ${hasTeam} then 4 else 5 end
    when 'NONE' then case when ${hasTeam} then 4 else 5 end
    else 6 end`;

/**
 * "By name within" as `sortPlayers` compares names (`localeCompare`, ICU's root collation): the
 * ICU collation PostgreSQL and PGlite both have, so the database orders exactly as the code did.
 */
export const nameOrder = (name: SQL) => sql`${name} collate "und-x-icu"`;
