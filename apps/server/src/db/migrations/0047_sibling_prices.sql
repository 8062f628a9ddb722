-- Sibling prices (docs/domain.md, "Sibling prices"): the academy's tiers ("2nd child 10 % off, 3rd and
-- more 15 %"); the allowance a payment page showed, kept with its attempt so the charge is checked and
-- invoiced as shown; and the invoice's allowance (UBL AllowanceCharge, VAT after it), fixed at issue.
ALTER TABLE "collection_settings" ADD COLUMN "sibling_discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "allowance_halalas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "allowance_percent" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "allowance_halalas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "allowance_percent" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_allowance_check" CHECK ("allowance_halalas" >= 0 AND ("allowance_halalas" = 0) = ("allowance_percent" IS NULL));
