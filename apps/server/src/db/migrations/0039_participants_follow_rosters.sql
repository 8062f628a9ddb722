-- Participants follow the rosters for what has not happened yet (docs/domain.md, "Events,
-- attendance and session accounting"; apps/server/src/modules/events/roster.ts keeps it so from now on).
-- Until now a player who joined a team after its events were planned was in none of them, and one who
-- left stayed. This repairs every academy's events that have not started (their date and time are
-- Riyadh's): the players of their teams join PENDING (for the first team they play in, by name), and a
-- PENDING participant who plays in none of their teams leaves. Events that have started, and every
-- participant whose attendance was marked, stay as they are. Runs per academy with app.academy_id set,
-- so it works under the forced row-level security whoever runs it.
DO $$
DECLARE
  academy uuid;
BEGIN
  FOR academy IN SELECT id FROM academies LOOP
    PERFORM set_config('app.academy_id', academy::text, true);
    INSERT INTO participants (academy_id, event_id, user_id, team_id)
    SELECT DISTINCT ON (e.id, tp.player_id) e.academy_id, e.id, tp.player_id, tp.team_id
    FROM team_players tp
    JOIN event_teams et ON et.academy_id = tp.academy_id AND et.team_id = tp.team_id
    JOIN events e ON e.academy_id = et.academy_id AND e.id = et.event_id
    JOIN teams t ON t.academy_id = tp.academy_id AND t.id = tp.team_id
    WHERE tp.academy_id = academy
      AND (e.date::timestamp + e.time::time) > (now() AT TIME ZONE 'Asia/Riyadh')
    ORDER BY e.id, tp.player_id, t.name, t.id
    ON CONFLICT (academy_id, event_id, user_id) DO NOTHING;
    DELETE FROM participants p
    USING events e
    WHERE p.academy_id = academy AND e.academy_id = academy AND e.id = p.event_id
      AND p.status = 'PENDING'
      AND (e.date::timestamp + e.time::time) > (now() AT TIME ZONE 'Asia/Riyadh')
      AND NOT EXISTS (
        SELECT 1 FROM event_teams et
        JOIN team_players tp ON tp.academy_id = et.academy_id AND tp.team_id = et.team_id
        WHERE et.academy_id = academy AND et.event_id = p.event_id AND tp.player_id = p.user_id);
  END LOOP;
END $$;
