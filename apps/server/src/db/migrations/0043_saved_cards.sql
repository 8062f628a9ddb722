-- Saved cards and automatic renewals (docs/domain.md, "Automatic renewals and retries"): a parent's
-- card token saved with their consent on the payment page, the subscriptions it renews, one charge
-- row per subscription and period (its unique key claimed before the provider is asked), one row
-- per try of it (the try's id is the provider's cart_id, so an unknown outcome is asked about, never
-- charged again blind), and the academy's retry schedule and grace days.
ALTER TABLE "packages" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "collection_settings" (
	"academy_id" uuid NOT NULL,
	"retry_days" jsonb DEFAULT '[0,2,5]'::jsonb NOT NULL,
	"grace_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_settings_academy_id_pk" PRIMARY KEY("academy_id"),
	CONSTRAINT "collection_settings_grace_check" CHECK ("grace_days" BETWEEN 0 AND 60)
);
--> statement-breakpoint
ALTER TABLE "collection_settings" ADD CONSTRAINT "collection_settings_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"first_tran_ref" text NOT NULL,
	"label" text NOT NULL,
	"consent_version" text NOT NULL,
	"consent_lang" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"unusable_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_cards_academy_id_id_pk" PRIMARY KEY("academy_id","id"),
	CONSTRAINT "saved_cards_consent_lang_check" CHECK ("consent_lang" IN ('en', 'ar'))
);
--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_parent_id_fk" FOREIGN KEY ("academy_id","parent_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_academy_first_tran_ref_idx" ON "saved_cards" USING btree ("academy_id","first_tran_ref");--> statement-breakpoint
CREATE INDEX "saved_cards_academy_parent_idx" ON "saved_cards" USING btree ("academy_id","parent_id");--> statement-breakpoint
-- The consent given on the payment page, kept by the page's transaction reference until the payment settles.
CREATE TABLE "card_consents" (
	"academy_id" uuid NOT NULL,
	"provider_ref" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"consent_version" text NOT NULL,
	"consent_lang" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_consents_academy_id_provider_ref_pk" PRIMARY KEY("academy_id","provider_ref")
);
--> statement-breakpoint
ALTER TABLE "card_consents" ADD CONSTRAINT "card_consents_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_consents" ADD CONSTRAINT "card_consents_subscription_id_fk" FOREIGN KEY ("academy_id","subscription_id") REFERENCES "public"."subscriptions"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_consents" ADD CONSTRAINT "card_consents_parent_id_fk" FOREIGN KEY ("academy_id","parent_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "auto_renewals" (
	"academy_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"saved_card_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_renewals_academy_id_subscription_id_pk" PRIMARY KEY("academy_id","subscription_id")
);
--> statement-breakpoint
ALTER TABLE "auto_renewals" ADD CONSTRAINT "auto_renewals_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_renewals" ADD CONSTRAINT "auto_renewals_subscription_id_fk" FOREIGN KEY ("academy_id","subscription_id") REFERENCES "public"."subscriptions"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_renewals" ADD CONSTRAINT "auto_renewals_saved_card_id_fk" FOREIGN KEY ("academy_id","saved_card_id") REFERENCES "public"."saved_cards"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_renewals_academy_card_idx" ON "auto_renewals" USING btree ("academy_id","saved_card_id");--> statement-breakpoint
CREATE TABLE "renewal_charges" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"period_key" text NOT NULL,
	"due_on" date NOT NULL,
	"amount_halalas" integer,
	"state" text DEFAULT 'due' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"next_try_on" date,
	"claimed_at" timestamp with time zone,
	"last_status" text,
	"last_message" text,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_charges_academy_id_id_pk" PRIMARY KEY("academy_id","id"),
	CONSTRAINT "renewal_charges_state_check" CHECK ("state" IN ('due', 'charging', 'paid', 'failed', 'stopped'))
);
--> statement-breakpoint
ALTER TABLE "renewal_charges" ADD CONSTRAINT "renewal_charges_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_charges" ADD CONSTRAINT "renewal_charges_subscription_id_fk" FOREIGN KEY ("academy_id","subscription_id") REFERENCES "public"."subscriptions"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ONE charge per subscription and period, whatever the number of runners or restarts.
CREATE UNIQUE INDEX "renewal_charges_academy_subscription_period_idx" ON "renewal_charges" USING btree ("academy_id","subscription_id","period_key");--> statement-breakpoint
CREATE INDEX "renewal_charges_academy_next_idx" ON "renewal_charges" USING btree ("academy_id","next_try_on") WHERE "renewal_charges"."state" IN ('due', 'charging');--> statement-breakpoint
CREATE TABLE "renewal_tries" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"try_no" integer NOT NULL,
	"tran_ref" text,
	"status" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "renewal_tries_academy_id_id_pk" PRIMARY KEY("academy_id","id")
);
--> statement-breakpoint
ALTER TABLE "renewal_tries" ADD CONSTRAINT "renewal_tries_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_tries" ADD CONSTRAINT "renewal_tries_charge_id_fk" FOREIGN KEY ("academy_id","charge_id") REFERENCES "public"."renewal_charges"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_tries_academy_charge_try_idx" ON "renewal_tries" USING btree ("academy_id","charge_id","try_no");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON collection_settings TO kora_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON saved_cards TO kora_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON card_consents TO kora_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON auto_renewals TO kora_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON renewal_charges TO kora_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON renewal_tries TO kora_app;--> statement-breakpoint
ALTER TABLE collection_settings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE collection_settings FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON collection_settings USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE saved_cards ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE saved_cards FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON saved_cards USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE card_consents ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE card_consents FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON card_consents USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE auto_renewals ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE auto_renewals FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON auto_renewals USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE renewal_charges ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE renewal_charges FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON renewal_charges USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE renewal_tries ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE renewal_tries FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON renewal_tries USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
-- A parent sees and removes only their family's saved cards, and reads the renewals those cards pay (0027's family policies).
GRANT SELECT ON saved_cards TO kora_family;--> statement-breakpoint
CREATE POLICY family_own ON saved_cards AS RESTRICTIVE FOR ALL TO kora_family
  USING (parent_id = ANY (nullif(current_setting('app.family_parents', true), '')::uuid[]));--> statement-breakpoint
GRANT SELECT ON auto_renewals TO kora_family;--> statement-breakpoint
CREATE POLICY family_own ON auto_renewals AS RESTRICTIVE FOR ALL TO kora_family
  USING (EXISTS (SELECT 1 FROM saved_cards c WHERE c.academy_id = auto_renewals.academy_id AND c.id = auto_renewals.saved_card_id));--> statement-breakpoint
GRANT SELECT ON renewal_charges TO kora_family;--> statement-breakpoint
CREATE POLICY family_own ON renewal_charges AS RESTRICTIVE FOR ALL TO kora_family
  USING (EXISTS (SELECT 1 FROM auto_renewals r WHERE r.academy_id = renewal_charges.academy_id AND r.subscription_id = renewal_charges.subscription_id));--> statement-breakpoint
GRANT SELECT ON collection_settings TO kora_family;;--> statement-breakpoint
-- The state refresh of every subscription list reads these two: a change moves the academy's data version (0016's trigger).
CREATE CONSTRAINT TRIGGER collection_settings_data_version AFTER INSERT OR UPDATE OR DELETE ON collection_settings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER auto_renewals_data_version AFTER INSERT OR UPDATE OR DELETE ON auto_renewals DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
