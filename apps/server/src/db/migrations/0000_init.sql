CREATE TABLE "academies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"handle" text NOT NULL,
	"logo" text,
	"phone" text,
	"email" text,
	"owner_email" text NOT NULL,
	"vat_number" text,
	"address" text,
	"enable_online_payments" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academies_handle_unique" UNIQUE("handle"),
	CONSTRAINT "academies_owner_email_unique" UNIQUE("owner_email")
);
--> statement-breakpoint
CREATE TABLE "academy_users" (
	"academy_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academy_users_academy_id_user_id_pk" PRIMARY KEY("academy_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "account_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"can_read_dashboard" boolean DEFAULT false NOT NULL,
	"can_write_dashboard" boolean DEFAULT false NOT NULL,
	"can_read_my_trainings" boolean DEFAULT false NOT NULL,
	"can_write_my_trainings" boolean DEFAULT false NOT NULL,
	"can_read_manage_team" boolean DEFAULT false NOT NULL,
	"can_write_manage_team" boolean DEFAULT false NOT NULL,
	"can_read_players" boolean DEFAULT false NOT NULL,
	"can_write_players" boolean DEFAULT false NOT NULL,
	"can_read_growth" boolean DEFAULT false NOT NULL,
	"can_write_growth" boolean DEFAULT false NOT NULL,
	"can_read_coaches" boolean DEFAULT false NOT NULL,
	"can_write_coaches" boolean DEFAULT false NOT NULL,
	"can_read_schedule" boolean DEFAULT false NOT NULL,
	"can_write_schedule" boolean DEFAULT false NOT NULL,
	"can_read_settings" boolean DEFAULT false NOT NULL,
	"can_write_settings" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_coaches" (
	"academy_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"coach_id" uuid NOT NULL,
	CONSTRAINT "event_coaches_academy_id_event_id_coach_id_pk" PRIMARY KEY("academy_id","event_id","coach_id")
);
--> statement-breakpoint
CREATE TABLE "event_teams" (
	"academy_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	CONSTRAINT "event_teams_academy_id_event_id_team_id_pk" PRIMARY KEY("academy_id","event_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"type" text NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"end_time" text NOT NULL,
	"field" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "growth_metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"date" date NOT NULL,
	"height" real,
	"weight" real,
	"arm_span" real,
	"hand_grip" real,
	"sprint10m" real,
	"sprint20m" real,
	"standing_long_jump" real,
	"vertical_jump" real,
	"breakfast_source" text,
	"sleeping_hours" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"academy_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"invoice_number" integer NOT NULL,
	"payment_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"package_name" text NOT NULL,
	"subtotal_halalas" integer NOT NULL,
	"vat_halalas" integer DEFAULT 0 NOT NULL,
	"total_halalas" integer NOT NULL,
	"vat_number" text,
	"payment_method" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outgoing_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_halalas" integer DEFAULT 0 NOT NULL,
	"package_type" text DEFAULT 'TIME_BASED' NOT NULL,
	"months_number" integer,
	"sessions_count" integer,
	"has_trial" boolean DEFAULT false NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"allow_pause" boolean DEFAULT false NOT NULL,
	"skip_limit" integer DEFAULT 0 NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parent_players" (
	"academy_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parent_players_academy_id_parent_id_player_id_pk" PRIMARY KEY("academy_id","parent_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"academy_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"amount_halalas" integer NOT NULL,
	"method" text NOT NULL,
	"provider" text,
	"provider_ref" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"academy_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"start_date" date,
	"end_date" date,
	"sessions_left" integer,
	"total_sessions" integer,
	"paused_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_coaches" (
	"academy_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"coach_id" uuid NOT NULL,
	CONSTRAINT "team_coaches_academy_id_team_id_coach_id_pk" PRIMARY KEY("academy_id","team_id","coach_id")
);
--> statement-breakpoint
CREATE TABLE "team_players" (
	"academy_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	CONSTRAINT "team_players_academy_id_team_id_player_id_pk" PRIMARY KEY("academy_id","team_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT 'GREY' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"name_arabic" text,
	"email" text,
	"password_hash" text,
	"phone_number" text,
	"emergency_phone1" text,
	"emergency_phone2" text,
	"national_id" text,
	"nationality" text,
	"residential_neighborhood" text,
	"birthdate" date,
	"gender" text,
	"avatar" text,
	"condition" text,
	"coach_type" text,
	"account_type_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "academy_users" ADD CONSTRAINT "academy_users_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academy_users" ADD CONSTRAINT "academy_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_types" ADD CONSTRAINT "account_types_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_coaches" ADD CONSTRAINT "event_coaches_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_coaches" ADD CONSTRAINT "event_coaches_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_coaches" ADD CONSTRAINT "event_coaches_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_teams" ADD CONSTRAINT "event_teams_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_teams" ADD CONSTRAINT "event_teams_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_teams" ADD CONSTRAINT "event_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_metrics" ADD CONSTRAINT "growth_metrics_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_metrics" ADD CONSTRAINT "growth_metrics_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_mails" ADD CONSTRAINT "outgoing_mails_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_players" ADD CONSTRAINT "parent_players_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_players" ADD CONSTRAINT "parent_players_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_players" ADD CONSTRAINT "parent_players_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_coaches" ADD CONSTRAINT "team_coaches_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_coaches" ADD CONSTRAINT "team_coaches_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_coaches" ADD CONSTRAINT "team_coaches_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_players" ADD CONSTRAINT "team_players_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_players" ADD CONSTRAINT "team_players_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_players" ADD CONSTRAINT "team_players_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_type_id_account_types_id_fk" FOREIGN KEY ("account_type_id") REFERENCES "public"."account_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_types_academy_name_idx" ON "account_types" USING btree ("academy_id","name");--> statement-breakpoint
CREATE INDEX "event_coaches_coach_idx" ON "event_coaches" USING btree ("academy_id","coach_id");--> statement-breakpoint
CREATE INDEX "event_teams_team_idx" ON "event_teams" USING btree ("academy_id","team_id");--> statement-breakpoint
CREATE INDEX "events_academy_date_idx" ON "events" USING btree ("academy_id","date","time");--> statement-breakpoint
CREATE INDEX "growth_metrics_academy_player_idx" ON "growth_metrics" USING btree ("academy_id","player_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_academy_number_idx" ON "invoices" USING btree ("academy_id","invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_academy_payment_idx" ON "invoices" USING btree ("academy_id","payment_id");--> statement-breakpoint
CREATE INDEX "invoices_academy_paid_idx" ON "invoices" USING btree ("academy_id","paid_at");--> statement-breakpoint
CREATE INDEX "outgoing_mails_academy_idx" ON "outgoing_mails" USING btree ("academy_id","created_at");--> statement-breakpoint
CREATE INDEX "packages_academy_idx" ON "packages" USING btree ("academy_id","is_active");--> statement-breakpoint
CREATE INDEX "parent_players_player_idx" ON "parent_players" USING btree ("academy_id","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_academy_event_user_idx" ON "participants" USING btree ("academy_id","event_id","user_id");--> statement-breakpoint
CREATE INDEX "participants_academy_user_idx" ON "participants" USING btree ("academy_id","user_id");--> statement-breakpoint
CREATE INDEX "password_resets_academy_user_idx" ON "password_resets" USING btree ("academy_id","user_id");--> statement-breakpoint
CREATE INDEX "payments_academy_subscription_idx" ON "payments" USING btree ("academy_id","subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_academy_provider_ref_idx" ON "payments" USING btree ("academy_id","provider_ref");--> statement-breakpoint
CREATE INDEX "sessions_academy_user_idx" ON "sessions" USING btree ("academy_id","user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_academy_player_idx" ON "subscriptions" USING btree ("academy_id","player_id","end_date");--> statement-breakpoint
CREATE INDEX "subscriptions_academy_status_idx" ON "subscriptions" USING btree ("academy_id","status");--> statement-breakpoint
CREATE INDEX "team_coaches_coach_idx" ON "team_coaches" USING btree ("academy_id","coach_id");--> statement-breakpoint
CREATE INDEX "team_players_player_idx" ON "team_players" USING btree ("academy_id","player_id");--> statement-breakpoint
CREATE INDEX "teams_academy_name_idx" ON "teams" USING btree ("academy_id","name");--> statement-breakpoint
CREATE INDEX "users_academy_role_idx" ON "users" USING btree ("academy_id","role","name");--> statement-breakpoint
CREATE UNIQUE INDEX "users_academy_login_idx" ON "users" USING btree ("academy_id","email") WHERE password_hash is not null;--> statement-breakpoint
CREATE INDEX "users_academy_account_type_idx" ON "users" USING btree ("academy_id","account_type_id");