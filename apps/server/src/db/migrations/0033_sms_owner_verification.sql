-- Text messages only from academies whose owner proved their e-mail (docs/domain.md, "Text messages"). `owner_verified_at`: when the owner opened the link mailed at
-- sign-up; null keeps the academy's SMS off. The link's token is stored as its SHA-256 hash, with
-- when it was mailed (it is valid 3 days). Academies signed up before this rule count as verified.
ALTER TABLE "academies" ADD COLUMN "owner_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "academies" ADD COLUMN "owner_verify_token_hash" text;--> statement-breakpoint
ALTER TABLE "academies" ADD COLUMN "owner_verify_sent_at" timestamp with time zone;--> statement-breakpoint
UPDATE "academies" SET "owner_verified_at" = "created_at";--> statement-breakpoint
CREATE UNIQUE INDEX "academies_owner_verify_token_idx" ON "academies" ("owner_verify_token_hash");
