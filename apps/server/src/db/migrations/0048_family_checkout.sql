-- One checkout per family (docs/domain.md, "One checkout per family"): one card payment for several
-- children's periods. Its attempt (the provider's transaction) keeps each period it pays with what the
-- portal showed — the subscription, its price and sibling allowance, and its terms — and the payer goes
-- back to the portal's payments page to try again ('family'). Each period paid is a payment of its own,
-- with its own invoice, all carrying the one transaction reference: a reference is unique per
-- subscription, so a repeated callback still never pays a period twice.
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_retry_page_check";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_retry_page_check" CHECK ("retry_page" IN ('initial', 'renew', 'family'));--> statement-breakpoint
DROP INDEX "payments_academy_provider_ref_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_academy_provider_ref_idx" ON "payments" USING btree ("academy_id","provider_ref","subscription_id");--> statement-breakpoint
CREATE TABLE "payment_attempt_items" (
	"academy_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"amount_halalas" integer NOT NULL,
	"allowance_halalas" integer DEFAULT 0 NOT NULL,
	"allowance_percent" integer,
	"extends_from" text,
	"package_id" uuid NOT NULL,
	"package_months" integer,
	"package_sessions" integer,
	"period_start" date,
	"period_end" date,
	CONSTRAINT "payment_attempt_items_academy_id_attempt_id_subscription_id_pk" PRIMARY KEY("academy_id","attempt_id","subscription_id")
);
--> statement-breakpoint
ALTER TABLE "payment_attempt_items" ADD CONSTRAINT "payment_attempt_items_attempt_fk" FOREIGN KEY ("academy_id","attempt_id") REFERENCES "public"."payment_attempts"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempt_items" ADD CONSTRAINT "payment_attempt_items_subscription_fk" FOREIGN KEY ("academy_id","subscription_id") REFERENCES "public"."subscriptions"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempt_items_academy_subscription_idx" ON "payment_attempt_items" USING btree ("academy_id","subscription_id");--> statement-breakpoint
GRANT SELECT, INSERT ON payment_attempt_items TO kora_app;--> statement-breakpoint
ALTER TABLE payment_attempt_items ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE payment_attempt_items FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON payment_attempt_items USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);
