-- Kora's database roles: the one step of the least-privilege set-up that needs a database
-- administrator (docs/architecture.md, "Database roles"). Run it connected to Kora's database, as
-- a superuser, once (again after a new role appears in apps/server/src/db/migrate.ts; running it
-- twice changes nothing):
--
--   psql "postgres://postgres@db/kora" -v ON_ERROR_STOP=1 -f scripts/db-roles.sql
--
-- It works for the database's owner, the role MIGRATION_DATABASE_URL logs in as, which then runs
-- every migration without SUPERUSER or CREATEROLE, on PostgreSQL 15 and 16 alike:
--   * the five NOLOGIN roles the migrations grant rights to (created here if missing);
--   * each of them granted to the owner WITH ADMIN OPTION: the owner makes kora_lookup and
--     kora_auth own their SECURITY DEFINER functions, and at every start hands kora_app,
--     kora_system and kora_family (parents' requests) to the server's login;
--   * the schema public owned by the owner (PostgreSQL 15 no longer lets everyone create in it),
--     and CREATE on it for kora_lookup and kora_auth, which a function's new owner needs.
DO $$
DECLARE
  owner name := (SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database());
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['kora_app', 'kora_system', 'kora_lookup', 'kora_auth', 'kora_family'] LOOP
    BEGIN
      EXECUTE format('CREATE ROLE %I NOLOGIN NOSUPERUSER NOBYPASSRLS', r);
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
    EXECUTE format('GRANT %I TO %I WITH ADMIN OPTION', r, owner);
  END LOOP;
  EXECUTE format('ALTER SCHEMA public OWNER TO %I', owner);
  GRANT CREATE ON SCHEMA public TO kora_lookup, kora_auth;
END
$$;
