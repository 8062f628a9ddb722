-- Credit notes and refunds (docs/domain.md "Credit notes and refunds").
-- 1. A credit note is a row of invoices (kind 'credit_note'): it takes its number from the same
-- gapless counter and its signed document (381) the next place in the same ICV/PIH chain, and is
-- public by its unguessable id like an invoice (invoice_academy, 0010). It names the invoice it
-- credits and why; it has no payment of its own (the money goes back through `refunds`), so the
-- one-invoice-per-payment index keeps meaning what it says. Amounts are stored positive.
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("kind" IN ('invoice', 'credit_note'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_shape_check" CHECK (
  ("kind" = 'invoice' AND "payment_id" IS NOT NULL AND "credited_invoice_id" IS NULL)
  OR ("kind" = 'credit_note' AND "payment_id" IS NULL AND "credited_invoice_id" IS NOT NULL AND "reason" IS NOT NULL)
);--> statement-breakpoint
-- A credited invoice can never be deleted while a credit note points at it.
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_fk" FOREIGN KEY ("academy_id","credited_invoice_id") REFERENCES "public"."invoices"("academy_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_academy_credited_idx" ON "invoices" USING btree ("academy_id","credited_invoice_id") WHERE "invoices"."credited_invoice_id" IS NOT NULL;--> statement-breakpoint
-- 2. The money given back for an invoice: one row per attempt, written before the provider is
-- asked ('pending' holds the amount, so two refunds can never together exceed the invoice), then
-- 'refunded' with the provider's reference and the credit note issued for it, or 'failed' with the
-- provider's answer (nothing issued). A cash refund is 'refunded' at once. Kept for ever.
CREATE TABLE "refunds" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"credit_note_id" uuid,
	"amount_halalas" integer NOT NULL,
	"method" text NOT NULL,
	"provider" text,
	"provider_ref" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refunds_academy_id_id_pk" PRIMARY KEY("academy_id","id"),
	CONSTRAINT "refunds_amount_check" CHECK ("amount_halalas" > 0),
	CONSTRAINT "refunds_method_check" CHECK ("method" IN ('Cash', 'Card')),
	CONSTRAINT "refunds_state_check" CHECK ("state" IN ('pending', 'refunded', 'failed')),
	CONSTRAINT "refunds_refunded_check" CHECK (("state" = 'refunded') = ("credit_note_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_invoice_id_fk" FOREIGN KEY ("academy_id","invoice_id") REFERENCES "public"."invoices"("academy_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_credit_note_id_fk" FOREIGN KEY ("academy_id","credit_note_id") REFERENCES "public"."invoices"("academy_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_academy_invoice_idx" ON "refunds" USING btree ("academy_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_academy_credit_note_idx" ON "refunds" USING btree ("academy_id","credit_note_id");--> statement-breakpoint
-- A tenant table: row-level security forced, as 0001 does for the others; refunds are settled, never deleted.
GRANT SELECT, INSERT, UPDATE ON refunds TO kora_app;--> statement-breakpoint
ALTER TABLE refunds ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE refunds FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON refunds USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);
