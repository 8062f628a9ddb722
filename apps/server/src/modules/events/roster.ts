import { riyadhWallClock } from '@kora/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { TenantTx } from '../../db/tenant.js';

/**
 * Events that have not started at `now`: their date and time are Riyadh's wall clock, so an event
 * starting exactly now has started. `alias` names the events table in the statement.
 */
export const notStarted = (now: Date, alias: SQL = sql`events`) =>
  sql`(${alias}.date::timestamp + ${alias}.time::time) > ${riyadhWallClock(now)}::timestamp`;

/**
 * The one rule of participants and rosters (docs/domain.md, "Events, attendance and session
 * accounting"): what has not happened yet follows the teams. For each of `playerIds`, after a change
 * of their team memberships (the team editor, the players list, an import, a deleted team):
 *
 * - every event of one of their teams that has not started has them as a participant: added
 *   PENDING for the first of the event's teams they play in (by name), or moved to it when the team
 *   they took part for is no longer theirs;
 * - every event that has not started whose teams they no longer play in loses them, when nothing
 *   was marked for them (PENDING; a parent's "can't come" goes with it);
 * - events that have started keep what happened: nothing changes there, nor does any attendance mark.
 *
 * Two statements whatever the number of players and events. Called after the memberships are written,
 * in the same transaction; an event's own edit follows the same rule (events/service.ts, setRelations).
 */
export async function syncPlayerTeamEvents(tx: TenantTx, playerIds: string[], now: Date) {
  const ids = [...new Set(playerIds)];
  if (ids.length === 0) return;
  // The team a participation is for must be one of the event's teams that the player plays in.
  const stillTheirs = sql`exists (
    select 1 from event_teams et2 join team_players tp2 on tp2.team_id = et2.team_id
    where et2.event_id = participants.event_id and et2.team_id = participants.team_id and tp2.player_id = participants.user_id)`;
  await tx.execute(sql`
    insert into participants (academy_id, event_id, user_id, team_id)
    select distinct on (e.id, tp.player_id) e.academy_id, e.id, tp.player_id, tp.team_id
    from team_players tp
    join event_teams et on et.team_id = tp.team_id
    join events e on e.id = et.event_id
    join teams t on t.id = tp.team_id
    where tp.player_id in ${ids} and ${notStarted(now, sql`e`)}
    order by e.id, tp.player_id, t.name, t.id
    on conflict (academy_id, event_id, user_id) do update set team_id = excluded.team_id
    where participants.team_id is distinct from excluded.team_id and not ${stillTheirs}`);
  await tx.execute(sql`
    delete from participants p using events e
    where e.id = p.event_id and p.user_id in ${ids} and p.status = 'PENDING' and ${notStarted(now, sql`e`)}
      and not exists (
        select 1 from event_teams et join team_players tp on tp.team_id = et.team_id
        where et.event_id = p.event_id and tp.player_id = p.user_id)`);
}
