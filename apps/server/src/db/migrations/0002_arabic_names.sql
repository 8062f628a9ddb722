ALTER TABLE "academies" ADD COLUMN "name_arabic" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "name_arabic" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "name_arabic" text;