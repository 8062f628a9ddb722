ALTER TABLE "outgoing_mails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outgoing_mails" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "outgoing_mails_queue_idx" ON "outgoing_mails" USING btree ("next_attempt_at") WHERE "outgoing_mails"."sent_at" is null;