-- The automatic refund of a charge no subscription took (payment_attempts.refund_state) is checked with the
-- provider on the same schedule as a credit note's card refund (docs/domain.md, "Credit notes and refunds"):
-- when it was left pending (no verdict, or the process stopped while asking), the provider's transaction query
-- says what became of it, after doubling delays, until it is final.
ALTER TABLE "payment_attempts" ADD COLUMN "refund_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_provider_status" text;--> statement-breakpoint
CREATE INDEX "payment_attempts_academy_refund_pending_idx" ON "payment_attempts" USING btree ("academy_id","refund_next_check_at") WHERE "payment_attempts"."refund_state" = 'pending';--> statement-breakpoint
-- The schedule's lookup answers which academies have either kind due (nothing else of them), as before.
GRANT SELECT (academy_id, refund_state, refund_next_check_at, updated_at) ON payment_attempts TO kora_lookup;--> statement-breakpoint
CREATE POLICY payment_attempts_refunds_due_lookup ON payment_attempts FOR SELECT TO kora_lookup USING (true);--> statement-breakpoint
CREATE OR REPLACE FUNCTION refunds_due(at timestamptz, max_academies integer) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS 'select academy_id from (
        select academy_id from refunds where state = ''pending'' and method = ''Card''
          and (next_check_at <= at or (next_check_at is null and created_at <= at - interval ''2 minutes''))
        union
        select academy_id from payment_attempts where refund_state = ''pending''
          and (refund_next_check_at <= at or (refund_next_check_at is null and updated_at <= at - interval ''2 minutes''))
      ) as due limit max_academies';
