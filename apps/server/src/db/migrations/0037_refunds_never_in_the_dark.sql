-- Charges apply only to what the payer saw, and refunds never stay in the dark
-- (docs/domain.md, "Subscription lifecycle" and "Credit notes and refunds").
-- 1. What the payment page showed, recorded on its attempt: the package, its months or sessions,
-- and the PENDING subscription's period (the price is `amount_halalas`; a renewal's period is
-- `extends_from`). A charge arriving for anything else (package switched or edited) is unapplied
-- and refunded. Null on attempts recorded before: only their price is checked.
ALTER TABLE "payment_attempts" ADD COLUMN "package_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "package_months" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "package_sessions" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "period_end" date;--> statement-breakpoint
-- 2. A card refund left pending (no verdict, or the process stopped): the cancellation it belongs
-- to is completed when it settles; the provider is asked again on a schedule (`next_check_at`,
-- doubling delays) until it is final; `provider_status` keeps its last answer, `settled_by` who
-- settled it (the provider's answer, the scheduled query, or a member after checking).
ALTER TABLE "refunds" ADD COLUMN "cancels_subscription" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "settled_by" text;--> statement-breakpoint
CREATE INDEX "refunds_academy_pending_idx" ON "refunds" USING btree ("academy_id","next_check_at") WHERE "refunds"."state" = 'pending';--> statement-breakpoint
-- 3. The scheduled query runs outside any academy: this function answers only which academies have
-- card refunds pending and due for a check (nothing else of them), as kora_lookup (0009); the first
-- check waits 2 minutes after the refund was asked (a request still asking has long timed out).
GRANT SELECT (academy_id, state, method, next_check_at, created_at) ON refunds TO kora_lookup;--> statement-breakpoint
CREATE POLICY refunds_due_lookup ON refunds FOR SELECT TO kora_lookup USING (true);--> statement-breakpoint
CREATE FUNCTION refunds_due(at timestamptz, max_academies integer) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS 'select distinct academy_id from refunds where state = ''pending'' and method = ''Card'' and (next_check_at <= at or (next_check_at is null and created_at <= at - interval ''2 minutes'')) limit max_academies';--> statement-breakpoint
ALTER FUNCTION refunds_due(timestamptz, integer) OWNER TO kora_lookup;
