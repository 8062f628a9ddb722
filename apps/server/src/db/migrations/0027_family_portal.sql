-- The family portal (docs/domain.md "The family portal"). Parents sign in without a
-- password on their academy's host (a 6-digit code or a link, family_codes), and their session
-- (family_sessions, a global table like sessions) is its own kind: staff routes never accept it.
-- A parent's requests run as the role kora_family with app.academy_id, app.parent_id (the parent
-- who signed in) and app.family_parents (the academy's parent rows with the same e-mail or mobile:
-- one person who registered each child separately) set: the academy policies of 0001 still apply,
-- and the RESTRICTIVE policies below narrow every table the role may read to those parents' own
-- rows and their children's, in the database itself.
--
-- 1. The role. Like kora_app, it cannot bypass row-level security.
DO $$ BEGIN
  CREATE ROLE kora_family NOLOGIN NOSUPERUSER NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT kora_family TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO kora_family;--> statement-breakpoint
-- 2. Columns: the parent's language, the academy's availability cut-off, and "can't come" beside a
-- participant (said by a parent; the attendance status stays the coach's, and updated_at, which
-- offline attendance compares, does not move).
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("language" IN ('en', 'ar'));--> statement-breakpoint
ALTER TABLE "academies" ADD COLUMN "availability_cutoff_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "cant_come_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "cant_come_reason" text;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "cant_come_by" uuid;--> statement-breakpoint
-- 3. Parent sessions: global (the request knows only its token), SHA-256 of the token.
CREATE TABLE "family_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"academy_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"parent_ids" uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "family_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "family_sessions" ADD CONSTRAINT "family_sessions_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_sessions_academy_parent_idx" ON "family_sessions" USING btree ("academy_id","parent_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON family_sessions TO kora_system;--> statement-breakpoint
-- Text messages (sms/sms.ts): what was sent, to whom and how it went; the development outbox keeps
-- the text (like outgoing_mails), a real provider's rows keep no live code once delivered.
CREATE TABLE "outgoing_sms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outgoing_sms" ADD CONSTRAINT "outgoing_sms_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outgoing_sms_academy_idx" ON "outgoing_sms" USING btree ("academy_id","created_at");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON outgoing_sms TO kora_system;--> statement-breakpoint
-- 4. Sign-in codes: a tenant table (the academy is the host's). Code and link token hashed; single
-- use, 10 minutes, a few wrong tries.
CREATE TABLE "family_codes" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"code_hash" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_codes_academy_id_id_pk" PRIMARY KEY("academy_id","id"),
	CONSTRAINT "family_codes_channel_check" CHECK ("channel" IN ('email', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "family_codes" ADD CONSTRAINT "family_codes_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_codes" ADD CONSTRAINT "family_codes_parent_id_fk" FOREIGN KEY ("academy_id","parent_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_codes_academy_address_idx" ON "family_codes" USING btree ("academy_id","address","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "family_codes_academy_token_idx" ON "family_codes" USING btree ("academy_id","token_hash");--> statement-breakpoint
CREATE INDEX "family_codes_academy_parent_idx" ON "family_codes" USING btree ("academy_id","parent_id");--> statement-breakpoint
-- 5. Announcements and who received them (a row per parent, with their language and when they opened it).
CREATE TABLE "announcements" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"audience" text NOT NULL,
	"team_id" uuid,
	"player_id" uuid,
	"title" text NOT NULL,
	"title_arabic" text,
	"body" text NOT NULL,
	"body_arabic" text,
	"sms" boolean DEFAULT false NOT NULL,
	"author_id" uuid,
	"author_name" text,
	"author_name_arabic" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_academy_id_id_pk" PRIMARY KEY("academy_id","id"),
	CONSTRAINT "announcements_audience_check" CHECK ("audience" IN ('academy', 'team', 'family'))
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_team_id_fk" FOREIGN KEY ("academy_id","team_id") REFERENCES "public"."teams"("academy_id","id") ON DELETE SET NULL ("team_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_player_id_fk" FOREIGN KEY ("academy_id","player_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_academy_created_idx" ON "announcements" USING btree ("academy_id","created_at");--> statement-breakpoint
CREATE TABLE "announcement_recipients" (
	"academy_id" uuid NOT NULL,
	"announcement_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"language" text NOT NULL,
	"opened_at" timestamp with time zone,
	CONSTRAINT "announcement_recipients_academy_id_announcement_id_parent_id_pk" PRIMARY KEY("academy_id","announcement_id","parent_id"),
	CONSTRAINT "announcement_recipients_language_check" CHECK ("language" IN ('en', 'ar'))
);
--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_announcement_id_fk" FOREIGN KEY ("academy_id","announcement_id") REFERENCES "public"."announcements"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_parent_id_fk" FOREIGN KEY ("academy_id","parent_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_recipients_parent_idx" ON "announcement_recipients" USING btree ("academy_id","parent_id");--> statement-breakpoint
-- 6. The new tenant tables: row-level security forced, as 0001 does for the others.
GRANT SELECT, INSERT, UPDATE, DELETE ON family_codes TO kora_app;--> statement-breakpoint
ALTER TABLE family_codes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE family_codes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON family_codes USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON announcements TO kora_app;--> statement-breakpoint
ALTER TABLE announcements ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE announcements FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON announcements USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON announcement_recipients TO kora_app;--> statement-breakpoint
ALTER TABLE announcement_recipients ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE announcement_recipients FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON announcement_recipients USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
-- 7. What kora_family may touch: reads of its own family's rows, the few columns a parent may
-- change, its audit rows and the data version the change moves (0016). Nothing else is granted.
GRANT SELECT ON academies TO kora_family;--> statement-breakpoint
CREATE POLICY academies_family_read ON academies FOR SELECT TO kora_family USING (id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
GRANT SELECT ON users, parent_players, teams, team_players, events, event_teams, participants, packages, subscriptions, invoices, growth_metrics, announcements, announcement_recipients TO kora_family;--> statement-breakpoint
GRANT UPDATE (phone_number, emergency_phone1, emergency_phone2, condition, language, updated_at) ON users TO kora_family;--> statement-breakpoint
GRANT UPDATE (cant_come_at, cant_come_reason, cant_come_by) ON participants TO kora_family;--> statement-breakpoint
GRANT UPDATE (opened_at) ON announcement_recipients TO kora_family;--> statement-breakpoint
GRANT INSERT ON audit_events TO kora_family;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON data_versions TO kora_family;--> statement-breakpoint
-- The family's own rows: its parents (app.family_parents) and the players parent_players links to them.
CREATE POLICY family_own ON parent_players AS RESTRICTIVE FOR ALL TO kora_family
  USING (parent_id = ANY (nullif(current_setting('app.family_parents', true), '')::uuid[]));--> statement-breakpoint
CREATE POLICY family_own ON users AS RESTRICTIVE FOR ALL TO kora_family
  USING (id = ANY (nullif(current_setting('app.family_parents', true), '')::uuid[])
    OR EXISTS (SELECT 1 FROM parent_players pp WHERE pp.academy_id = users.academy_id AND pp.player_id = users.id))
  WITH CHECK (id = ANY (nullif(current_setting('app.family_parents', true), '')::uuid[])
    OR EXISTS (SELECT 1 FROM parent_players pp WHERE pp.academy_id = users.academy_id AND pp.player_id = users.id));--> statement-breakpoint
CREATE POLICY family_own ON team_players AS RESTRICTIVE FOR ALL TO kora_family
  USING (EXISTS (SELECT 1 FROM parent_players pp WHERE pp.academy_id = team_players.academy_id AND pp.player_id = team_players.player_id));--> statement-breakpoint
CREATE POLICY family_own ON participants AS RESTRICTIVE FOR ALL TO kora_family
  USING (EXISTS (SELECT 1 FROM parent_players pp WHERE pp.academy_id = participants.academy_id AND pp.player_id = participants.user_id))
  WITH CHECK (EXISTS (SELECT 1 FROM parent_players pp WHERE pp.academy_id = participants.academy_id AND pp.player_id = participants.user_id));--> statement-breakpoint
CREATE POLICY family_own ON events AS RESTRICTIVE FOR ALL TO kora_family
  USING (EXISTS (SELECT 1 FROM participants p WHERE p.academy_id = events.academy_id AND p.event_id = events.id));--> statement-breakpoint
CREATE POLICY family_own ON subscriptions AS RESTRICTIVE FOR ALL TO kora_family
  USING (EXISTS (SELECT 1 FROM parent_players pp WHERE pp.academy_id = subscriptions.academy_id AND pp.player_id = subscriptions.player_id));--> statement-breakpoint
CREATE POLICY family_own ON invoices AS RESTRICTIVE FOR ALL TO kora_family
  USING (EXISTS (SELECT 1 FROM parent_players pp WHERE pp.academy_id = invoices.academy_id AND pp.player_id = invoices.user_id));--> statement-breakpoint
CREATE POLICY family_own ON growth_metrics AS RESTRICTIVE FOR ALL TO kora_family
  USING (EXISTS (SELECT 1 FROM parent_players pp WHERE pp.academy_id = growth_metrics.academy_id AND pp.player_id = growth_metrics.player_id));--> statement-breakpoint
CREATE POLICY family_own ON announcement_recipients AS RESTRICTIVE FOR ALL TO kora_family
  USING (parent_id = ANY (nullif(current_setting('app.family_parents', true), '')::uuid[]))
  WITH CHECK (parent_id = ANY (nullif(current_setting('app.family_parents', true), '')::uuid[]));--> statement-breakpoint
CREATE POLICY family_own ON announcements AS RESTRICTIVE FOR ALL TO kora_family
  USING (EXISTS (SELECT 1 FROM announcement_recipients r WHERE r.academy_id = announcements.academy_id AND r.announcement_id = announcements.id));--> statement-breakpoint
CREATE POLICY family_own ON audit_events AS RESTRICTIVE FOR INSERT TO kora_family
  WITH CHECK (actor_id = nullif(current_setting('app.parent_id', true), '')::uuid);--> statement-breakpoint
-- 8. Changes the coach's lists show (announcements' reach) move the academy's data version (0016).
CREATE CONSTRAINT TRIGGER announcements_data_version AFTER INSERT OR UPDATE OR DELETE ON announcements DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER announcement_recipients_data_version AFTER INSERT OR UPDATE OR DELETE ON announcement_recipients DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
