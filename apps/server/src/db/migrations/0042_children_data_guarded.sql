-- Children's data under Saudi law (PDPL; docs/domain.md, "Data map").
-- 1. Medical and identity: a read-only flag of account types beyond the eight areas. Players'
-- medical conditions and national ids are answered only to a member holding it. Every academy's
-- default Admin type has it, as new academies' Admin types do (ADMIN_FLAGS).
ALTER TABLE "account_types" ADD COLUMN "can_read_medical_identity" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "account_types" SET "can_read_medical_identity" = true WHERE "is_default" AND "name" = 'Admin';--> statement-breakpoint
-- Coaches without the flag see only that a player has a medical note, unless the academy lets them
-- read the notes of the players of their own teams and events.
ALTER TABLE "academies" ADD COLUMN "coaches_see_medical" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- 2. Consents given at registration (by the parent in the public wizard, or recorded by a member
-- from paper), per purpose with the text's version and language; a change is a new row, so the
-- latest row of a child's purpose is its state and the earlier ones its history.
CREATE TABLE "consents" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"granted" boolean NOT NULL,
	"version" text NOT NULL,
	"language" text NOT NULL,
	"parent_id" uuid,
	"recorded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_academy_id_id_pk" PRIMARY KEY("academy_id","id"),
	CONSTRAINT "consents_purpose_check" CHECK ("purpose" IN ('terms_privacy', 'medical', 'photos', 'messages_sms', 'messages_email')),
	CONSTRAINT "consents_language_check" CHECK ("language" IN ('en', 'ar'))
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_player_id_fk" FOREIGN KEY ("academy_id","player_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_parent_id_fk" FOREIGN KEY ("academy_id","parent_id") REFERENCES "public"."users"("academy_id","id") ON DELETE SET NULL ("parent_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_recorded_by_id_fk" FOREIGN KEY ("academy_id","recorded_by_id") REFERENCES "public"."users"("academy_id","id") ON DELETE SET NULL ("recorded_by_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_academy_player_idx" ON "consents" USING btree ("academy_id","player_id","purpose","created_at");--> statement-breakpoint
GRANT SELECT, INSERT ON consents TO kora_app;--> statement-breakpoint
ALTER TABLE consents ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE consents FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON consents USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
-- A parent reads and changes only their own children's consents (0027's family policies).
GRANT SELECT, INSERT ON consents TO kora_family;--> statement-breakpoint
CREATE POLICY family_own ON consents AS RESTRICTIVE FOR ALL TO kora_family
  USING (EXISTS (SELECT 1 FROM parent_players pp WHERE pp.academy_id = consents.academy_id AND pp.player_id = consents.player_id))
  WITH CHECK (EXISTS (SELECT 1 FROM parent_players pp WHERE pp.academy_id = consents.academy_id AND pp.player_id = consents.player_id));--> statement-breakpoint
-- 3. A child whose photo consent is withdrawn: every answer leaves the photo out at once (the
-- lists read this column, which moves the data version), and the photo's address is refused.
ALTER TABLE "users" ADD COLUMN "photo_withheld" boolean DEFAULT false NOT NULL;--> statement-breakpoint
GRANT UPDATE (photo_withheld) ON users TO kora_family;--> statement-breakpoint
-- The uploaded files not to serve (a global table: the file's address carries no academy).
CREATE TABLE "withheld_photos" (
	"path" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON withheld_photos TO kora_system;
