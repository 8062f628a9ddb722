-- The growth list reads each player's latest record from the end of this index (docs/performance.md).
DROP INDEX "growth_metrics_academy_player_idx";--> statement-breakpoint
CREATE INDEX "growth_metrics_academy_player_idx" ON "growth_metrics" USING btree ("academy_id","player_id","date","created_at","id");