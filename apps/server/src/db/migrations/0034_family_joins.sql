-- Families joined only by their owners (docs/domain.md "The family portal"). A
-- public parent registration whose e-mail (any case) or Saudi mobile already belongs to a parent
-- of the academy no longer joins that parent's family by itself: its parent row is recorded here
-- as waiting ('pending') until a staff member confirms it is the same family ('confirmed') or
-- keeps it apart ('separate'). A parent row with a join that is not 'confirmed' is left out of
-- every family found by that address (its own sign-in still sees its own child).
CREATE TABLE "family_joins" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"existing_parent_id" uuid NOT NULL,
	"same_email" boolean NOT NULL,
	"same_phone" boolean NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "family_joins_academy_id_id_pk" PRIMARY KEY("academy_id","id"),
	CONSTRAINT "family_joins_state_check" CHECK ("state" IN ('pending', 'confirmed', 'separate'))
);
--> statement-breakpoint
ALTER TABLE "family_joins" ADD CONSTRAINT "family_joins_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_joins" ADD CONSTRAINT "family_joins_parent_id_fk" FOREIGN KEY ("academy_id","parent_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_joins" ADD CONSTRAINT "family_joins_player_id_fk" FOREIGN KEY ("academy_id","player_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_joins" ADD CONSTRAINT "family_joins_existing_parent_id_fk" FOREIGN KEY ("academy_id","existing_parent_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "family_joins_academy_parent_idx" ON "family_joins" USING btree ("academy_id","parent_id");--> statement-breakpoint
CREATE INDEX "family_joins_academy_state_idx" ON "family_joins" USING btree ("academy_id","state","created_at");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON family_joins TO kora_app;--> statement-breakpoint
ALTER TABLE family_joins ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE family_joins FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON family_joins USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
CREATE CONSTRAINT TRIGGER family_joins_data_version AFTER INSERT OR UPDATE OR DELETE ON family_joins DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();--> statement-breakpoint
-- A parent session keeps the address it was opened with, and its family is read again on every
-- request (a child confirmed meanwhile shows without signing out). Sessions opened
-- before keep the parent rows they were opened with (parent_ids).
ALTER TABLE "family_sessions" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "family_sessions" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "family_sessions" ADD CONSTRAINT "family_sessions_channel_check" CHECK ("channel" IN ('email', 'sms'));
