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
