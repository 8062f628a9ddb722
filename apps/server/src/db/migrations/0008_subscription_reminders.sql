-- Reminder e-mails sent to parents, at most one per subscription and stage (the unique index is the claim).
CREATE TABLE "subscription_reminders" (
	"academy_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_reminders" ADD CONSTRAINT "subscription_reminders_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_reminders" ADD CONSTRAINT "subscription_reminders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_reminders_academy_subscription_stage_idx" ON "subscription_reminders" USING btree ("academy_id","subscription_id","stage");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON subscription_reminders TO kora_app;
--> statement-breakpoint
ALTER TABLE subscription_reminders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE subscription_reminders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON subscription_reminders USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);
