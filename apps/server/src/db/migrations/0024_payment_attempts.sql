-- Payments that tell the truth: every card payment page Kora opens is recorded, with what
-- became of it as the provider said (its signed callback, or its answer to a query). The payer's
-- result page reads this record by its unguessable id, never the address the browser was sent to:
-- declined, expired and cancelled each say so, an unknown reference is not "successful".
-- 1. The attempts. outcome: pending until the provider answers; paid once applied (payment_id);
-- unapplied for an authorised charge the subscription could no longer take.
CREATE TABLE "payment_attempts" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"retry_subscription_id" uuid NOT NULL,
	"retry_page" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"amount_halalas" integer NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"provider_status" text,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_academy_id_id_pk" PRIMARY KEY("academy_id","id"),
	CONSTRAINT "payment_attempts_retry_page_check" CHECK ("retry_page" IN ('initial', 'renew')),
	CONSTRAINT "payment_attempts_lang_check" CHECK ("lang" IN ('en', 'ar')),
	CONSTRAINT "payment_attempts_outcome_check" CHECK ("outcome" IN ('pending', 'paid', 'declined', 'expired', 'cancelled', 'failed', 'unapplied'))
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_subscription_id_fk" FOREIGN KEY ("academy_id","subscription_id") REFERENCES "public"."subscriptions"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_id_fk" FOREIGN KEY ("academy_id","payment_id") REFERENCES "public"."payments"("academy_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_academy_provider_ref_idx" ON "payment_attempts" USING btree ("academy_id","provider_ref");--> statement-breakpoint
CREATE INDEX "payment_attempts_academy_subscription_idx" ON "payment_attempts" USING btree ("academy_id","subscription_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_id_idx" ON "payment_attempts" USING btree ("id");--> statement-breakpoint
-- 2. A tenant table: row-level security forced, as 0001 does for the others.
GRANT SELECT, INSERT, UPDATE ON payment_attempts TO kora_app;--> statement-breakpoint
ALTER TABLE payment_attempts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE payment_attempts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON payment_attempts USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
-- 3. The result page knows only the attempt's id: like subscription_academy (0009), this function
-- answers the academy of one attempt id and nothing else of it, as kora_lookup, which may read just
-- the two columns id and academy_id.
GRANT SELECT (id, academy_id) ON payment_attempts TO kora_lookup;--> statement-breakpoint
CREATE POLICY payment_attempt_academy_lookup ON payment_attempts FOR SELECT TO kora_lookup USING (true);--> statement-breakpoint
CREATE FUNCTION payment_attempt_academy(attempt_id uuid) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS 'select academy_id from payment_attempts where id = attempt_id';--> statement-breakpoint
ALTER FUNCTION payment_attempt_academy(uuid) OWNER TO kora_lookup;--> statement-breakpoint
-- 4. The academy's refund and cancellation policy for parents, in each language (null: the default text).
ALTER TABLE "academies" ADD COLUMN "refund_policy" text;--> statement-breakpoint
ALTER TABLE "academies" ADD COLUMN "refund_policy_arabic" text;
