-- Keys ready for Citus, sharded by academy_id (docs/scale-out.md). Citus distributes a table only
-- when its primary key and every unique key contain the distribution column, and a foreign key
-- between two distributed tables only when it includes the distribution column on both sides. So
-- every tenant table's primary key becomes (academy_id, id), and every foreign key between tenant
-- tables becomes (academy_id, x_id) -> (academy_id, id): a row can now point only at a row of its
-- own academy (a foreign-key check does not see row-level security, so this also closes a gap).
-- Unique keys and unique indexes already lead with academy_id. Global tables (academies, sessions,
-- password_resets, calendar_feeds, outgoing_mails, counters) keep their keys and have no foreign key
-- to a tenant table. The rows are kept: constraints are swapped in place; row-level security, the
-- grants and the SECURITY DEFINER look-ups (0009, 0010) do not depend on them.
--
-- 1. The foreign keys between tenant tables reference the old primary keys: drop them first.
ALTER TABLE "academy_users" DROP CONSTRAINT "academy_users_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "event_coaches" DROP CONSTRAINT "event_coaches_event_id_events_id_fk";--> statement-breakpoint
ALTER TABLE "event_coaches" DROP CONSTRAINT "event_coaches_coach_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "event_teams" DROP CONSTRAINT "event_teams_event_id_events_id_fk";--> statement-breakpoint
ALTER TABLE "event_teams" DROP CONSTRAINT "event_teams_team_id_teams_id_fk";--> statement-breakpoint
ALTER TABLE "growth_metrics" DROP CONSTRAINT "growth_metrics_player_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_payment_id_payments_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_subscription_id_subscriptions_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "parent_players" DROP CONSTRAINT "parent_players_parent_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "parent_players" DROP CONSTRAINT "parent_players_player_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "participants" DROP CONSTRAINT "participants_event_id_events_id_fk";--> statement-breakpoint
ALTER TABLE "participants" DROP CONSTRAINT "participants_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "participants" DROP CONSTRAINT "participants_team_id_teams_id_fk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_subscription_id_subscriptions_id_fk";--> statement-breakpoint
ALTER TABLE "subscription_reminders" DROP CONSTRAINT "subscription_reminders_subscription_id_subscriptions_id_fk";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_player_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_package_id_packages_id_fk";--> statement-breakpoint
ALTER TABLE "team_coaches" DROP CONSTRAINT "team_coaches_team_id_teams_id_fk";--> statement-breakpoint
ALTER TABLE "team_coaches" DROP CONSTRAINT "team_coaches_coach_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "team_players" DROP CONSTRAINT "team_players_team_id_teams_id_fk";--> statement-breakpoint
ALTER TABLE "team_players" DROP CONSTRAINT "team_players_player_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_account_type_id_account_types_id_fk";--> statement-breakpoint
-- 2. Primary keys (academy_id, id). IF EXISTS: a benchmark seeding cut short (src/seed/scale.ts)
-- may have dropped an unreferenced primary key for its load; the new key replaces it all the same.
ALTER TABLE "account_types" DROP CONSTRAINT IF EXISTS "account_types_pkey", ADD CONSTRAINT "account_types_academy_id_id_pk" PRIMARY KEY("academy_id","id");--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT IF EXISTS "audit_events_pkey", ADD CONSTRAINT "audit_events_academy_id_id_pk" PRIMARY KEY("academy_id","id");--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT IF EXISTS "events_pkey", ADD CONSTRAINT "events_academy_id_id_pk" PRIMARY KEY("academy_id","id");--> statement-breakpoint
ALTER TABLE "growth_metrics" DROP CONSTRAINT IF EXISTS "growth_metrics_pkey", ADD CONSTRAINT "growth_metrics_academy_id_id_pk" PRIMARY KEY("academy_id","id");--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT IF EXISTS "invoices_pkey", ADD CONSTRAINT "invoices_academy_id_id_pk" PRIMARY KEY("academy_id","id");--> statement-breakpoint
ALTER TABLE "packages" DROP CONSTRAINT IF EXISTS "packages_pkey", ADD CONSTRAINT "packages_academy_id_id_pk" PRIMARY KEY("academy_id","id");--> statement-breakpoint
ALTER TABLE "participants" DROP CONSTRAINT IF EXISTS "participants_pkey", ADD CONSTRAINT "participants_academy_id_id_pk" PRIMARY KEY("academy_id","id");--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT IF EXISTS "payments_pkey", ADD CONSTRAINT "payments_academy_id_id_pk" PRIMARY KEY("academy_id","id");--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT IF EXISTS "subscriptions_pkey", ADD CONSTRAINT "subscriptions_academy_id_id_pk" PRIMARY KEY("academy_id","id");--> statement-breakpoint
ALTER TABLE "teams" DROP CONSTRAINT IF EXISTS "teams_pkey", ADD CONSTRAINT "teams_academy_id_id_pk" PRIMARY KEY("academy_id","id");--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT IF EXISTS "users_pkey", ADD CONSTRAINT "users_academy_id_id_pk" PRIMARY KEY("academy_id","id");--> statement-breakpoint
-- 3. The foreign keys again, with academy_id on both sides and the same ON DELETE. SET NULL names
-- its column (PostgreSQL 15) so that academy_id, part of the key and NOT NULL, is left as it is.
ALTER TABLE "academy_users" ADD CONSTRAINT "academy_users_user_id_fk" FOREIGN KEY ("academy_id","user_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_coaches" ADD CONSTRAINT "event_coaches_event_id_fk" FOREIGN KEY ("academy_id","event_id") REFERENCES "public"."events"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_coaches" ADD CONSTRAINT "event_coaches_coach_id_fk" FOREIGN KEY ("academy_id","coach_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_teams" ADD CONSTRAINT "event_teams_event_id_fk" FOREIGN KEY ("academy_id","event_id") REFERENCES "public"."events"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_teams" ADD CONSTRAINT "event_teams_team_id_fk" FOREIGN KEY ("academy_id","team_id") REFERENCES "public"."teams"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_metrics" ADD CONSTRAINT "growth_metrics_player_id_fk" FOREIGN KEY ("academy_id","player_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_fk" FOREIGN KEY ("academy_id","payment_id") REFERENCES "public"."payments"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_fk" FOREIGN KEY ("academy_id","subscription_id") REFERENCES "public"."subscriptions"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_fk" FOREIGN KEY ("academy_id","user_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_players" ADD CONSTRAINT "parent_players_parent_id_fk" FOREIGN KEY ("academy_id","parent_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_players" ADD CONSTRAINT "parent_players_player_id_fk" FOREIGN KEY ("academy_id","player_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_event_id_fk" FOREIGN KEY ("academy_id","event_id") REFERENCES "public"."events"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_user_id_fk" FOREIGN KEY ("academy_id","user_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_team_id_fk" FOREIGN KEY ("academy_id","team_id") REFERENCES "public"."teams"("academy_id","id") ON DELETE SET NULL ("team_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_fk" FOREIGN KEY ("academy_id","subscription_id") REFERENCES "public"."subscriptions"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_reminders" ADD CONSTRAINT "subscription_reminders_subscription_id_fk" FOREIGN KEY ("academy_id","subscription_id") REFERENCES "public"."subscriptions"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_player_id_fk" FOREIGN KEY ("academy_id","player_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_package_id_fk" FOREIGN KEY ("academy_id","package_id") REFERENCES "public"."packages"("academy_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_coaches" ADD CONSTRAINT "team_coaches_team_id_fk" FOREIGN KEY ("academy_id","team_id") REFERENCES "public"."teams"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_coaches" ADD CONSTRAINT "team_coaches_coach_id_fk" FOREIGN KEY ("academy_id","coach_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_players" ADD CONSTRAINT "team_players_team_id_fk" FOREIGN KEY ("academy_id","team_id") REFERENCES "public"."teams"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_players" ADD CONSTRAINT "team_players_player_id_fk" FOREIGN KEY ("academy_id","player_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_type_id_fk" FOREIGN KEY ("academy_id","account_type_id") REFERENCES "public"."account_types"("academy_id","id") ON DELETE SET NULL ("account_type_id") ON UPDATE no action;--> statement-breakpoint
-- 4. subscription_academy(id) and invoice_academy(id) (0009, 0010) look a row up by its id alone,
-- before its academy is known: they keep an index on id (not unique, which Citus allows).
CREATE INDEX "subscriptions_id_idx" ON "subscriptions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "invoices_id_idx" ON "invoices" USING btree ("id");
