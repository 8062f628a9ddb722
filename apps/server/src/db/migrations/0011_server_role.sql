-- Least privilege (docs/architecture.md, "Database roles"): the server may log in as an ordinary
-- role (not a superuser, not the tables' owner). At start-up the migrating connection grants it
-- kora_app (tenant transactions, row-level security) and kora_system, which holds exactly what
-- the system transactions need: the global tables below. A new global table must be added here.
DO $$ BEGIN
  CREATE ROLE kora_system NOLOGIN NOSUPERUSER NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT kora_system TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO kora_system;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON academies, sessions, password_resets, outgoing_mails, calendar_feeds TO kora_system;
--> statement-breakpoint
-- Academies keep row-level security for tenants; system work (registration, look-ups by handle) sees them all.
CREATE POLICY academies_system ON academies TO kora_system USING (true) WITH CHECK (true);
