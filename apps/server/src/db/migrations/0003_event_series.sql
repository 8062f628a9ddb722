ALTER TABLE "events" ADD COLUMN "series_id" uuid;--> statement-breakpoint
CREATE INDEX "events_academy_series_idx" ON "events" USING btree ("academy_id","series_id");