-- Payments that never go astray (docs/domain.md, "Subscription lifecycle").
-- 1. One open payment page per subscription: opening a new one marks the previous pending attempt
-- superseded (PayTabs cannot cancel an unpaid page; a charge that still comes through on it is
-- applied while the subscription can take it, else refunded as below).
ALTER TABLE "payment_attempts" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
-- 2. Renewing before the end: the period the attempt extends, as it was when the page opened
-- ('end:YYYY-MM-DD' for a time-based one, 'sessions:N' for a session-based one); null pays a
-- PENDING subscription. A charge finding the period already moved (another payer renewed) is unapplied.
ALTER TABLE "payment_attempts" ADD COLUMN "extends_from" text;--> statement-breakpoint
-- 3. The automatic refund of an unapplied charge, kept on its attempt (which keeps the provider's
-- reference and amount): claimed 'pending' before the provider is asked, so it is asked once;
-- then 'refunded' with the refund's reference, or 'failed' with the provider's answer.
ALTER TABLE "payment_attempts" ADD COLUMN "refund_state" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_ref" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_failure" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_refund_state_check" CHECK (
  "refund_state" IS NULL OR ("outcome" = 'unapplied' AND "refund_state" IN ('pending', 'refunded', 'failed'))
);--> statement-breakpoint
CREATE INDEX "payment_attempts_academy_unapplied_idx" ON "payment_attempts" USING btree ("academy_id","updated_at") WHERE "payment_attempts"."outcome" = 'unapplied';;--> statement-breakpoint
-- 4. The period an invoice pays, fixed at issue (its PDF's line): a time-based one from its first to
-- its last day, a session-based one by the sessions it adds; null on older invoices and credit notes.
ALTER TABLE "invoices" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "period_end" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "period_sessions" integer;
