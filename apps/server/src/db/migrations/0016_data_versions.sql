-- A version per academy that every committed change of its data moves on (docs/performance.md,
-- "Cached lists"). A list built for version v stays right while the version is v, so a process may
-- answer it again from memory after one look-up; the version is read with the session
-- (session_member, 0017). The bump runs at commit (a deferred trigger), so the row is locked only
-- for the commit's last moment and never ahead of a transaction's other row locks; once per
-- transaction and academy. Writes made outside any academy (a superuser's script) move every
-- academy on.
CREATE TABLE data_versions (
  academy_id uuid PRIMARY KEY REFERENCES academies(id) ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
ALTER TABLE data_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE data_versions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON data_versions USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON data_versions TO kora_app;
--> statement-breakpoint
CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  academy text := coalesce(nullif(current_setting('app.academy_id', true), ''), '*');
BEGIN
  IF current_setting('kora.data_version_bumped', true) = academy THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('kora.data_version_bumped', academy, true);
  IF academy = '*' THEN
    INSERT INTO data_versions (academy_id, version) SELECT id, 1 FROM academies
      ON CONFLICT (academy_id) DO UPDATE SET version = data_versions.version + 1;
  ELSE
    INSERT INTO data_versions (academy_id, version) VALUES (academy::uuid, 1)
      ON CONFLICT (academy_id) DO UPDATE SET version = data_versions.version + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['account_types', 'users', 'academy_users', 'parent_players', 'teams', 'team_coaches', 'team_players',
    'events', 'event_teams', 'event_coaches', 'participants', 'packages', 'subscriptions', 'payments', 'invoices', 'growth_metrics']
  LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version()', t || '_data_version', t);
  END LOOP;
END
$$;
