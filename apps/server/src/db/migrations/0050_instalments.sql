-- Instalments (docs/domain.md, "Instalments"): a package of 3, 6 or 12 months the academy lets parents
-- pay month by month, granting each month as it is paid ('as_paid') or the whole period at the first
-- ('whole'); null offers none. The payment page's attempt keeps the choice (its price stays the
-- period's; the provider is asked the first instalment). A plan per subscription records the period's
-- price, the number of instalments, how many are paid and the next one's day; the renewal job collects
-- each on its day like a renewal (renewal_charges, period_key 'inst:<k>'). Each instalment's invoice names
-- its number.
ALTER TABLE "packages" ADD COLUMN "instalment_grant" text;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_instalment_grant_check" CHECK ("instalment_grant" IN ('as_paid', 'whole'));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "instalment_count" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "instalment_grant" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_instalment_grant_check" CHECK ("instalment_grant" IN ('as_paid', 'whole'));--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "instalment_number" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "instalment_count" integer;--> statement-breakpoint
CREATE TABLE "instalment_plans" (
	"academy_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"paid_count" integer DEFAULT 1 NOT NULL,
	"grant" text NOT NULL,
	"total_halalas" integer NOT NULL,
	"allowance_halalas" integer DEFAULT 0 NOT NULL,
	"allowance_percent" integer,
	"first_halalas" integer NOT NULL,
	"instalment_halalas" integer NOT NULL,
	"starts_on" date NOT NULL,
	"next_due_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instalment_plans_academy_id_subscription_id_pk" PRIMARY KEY("academy_id","subscription_id"),
	CONSTRAINT "instalment_plans_grant_check" CHECK ("grant" IN ('as_paid', 'whole')),
	CONSTRAINT "instalment_plans_count_check" CHECK ("count" IN (3, 6, 12) AND "paid_count" BETWEEN 1 AND "count")
);
--> statement-breakpoint
ALTER TABLE "instalment_plans" ADD CONSTRAINT "instalment_plans_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_plans" ADD CONSTRAINT "instalment_plans_subscription_id_fk" FOREIGN KEY ("academy_id","subscription_id") REFERENCES "public"."subscriptions"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instalment_plans_academy_next_idx" ON "instalment_plans" USING btree ("academy_id","next_due_on") WHERE "instalment_plans"."next_due_on" IS NOT NULL;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON instalment_plans TO kora_app;--> statement-breakpoint
ALTER TABLE instalment_plans ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE instalment_plans FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON instalment_plans USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
-- The state refresh of every subscription list reads the plans (an unpaid instalment ends a period): a change moves the academy's data version (0016's trigger).
CREATE CONSTRAINT TRIGGER instalment_plans_data_version AFTER INSERT OR UPDATE OR DELETE ON instalment_plans DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
