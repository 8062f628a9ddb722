-- Which way a card payment was made (docs/domain.md, "Payment methods"): mada, Visa/Mastercard, Apple Pay or
-- STC Pay, as the provider's answer names it; null for cash and for payments recorded before.
ALTER TABLE "payments" ADD COLUMN "card_method" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_method_check" CHECK ("card_method" IN ('mada', 'visa_mastercard', 'applepay', 'stcpay'));
