-- Academy profile (city beside the street line in "address"), Arabic names of account types, growth
-- metrics as double precision (real answered 35.7 as 35.70000076), and write-implies-read on account types.
ALTER TABLE "growth_metrics" ALTER COLUMN "height" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "growth_metrics" ALTER COLUMN "weight" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "growth_metrics" ALTER COLUMN "arm_span" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "growth_metrics" ALTER COLUMN "hand_grip" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "growth_metrics" ALTER COLUMN "sprint10m" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "growth_metrics" ALTER COLUMN "sprint20m" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "growth_metrics" ALTER COLUMN "standing_long_jump" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "growth_metrics" ALTER COLUMN "vertical_jump" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "growth_metrics" ALTER COLUMN "sleeping_hours" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "academies" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "account_types" ADD COLUMN "name_arabic" text;
--> statement-breakpoint
-- Writing an area implies reading it (docs/domain.md, "Roles and permissions"); saves normalise it from now on.
UPDATE "account_types" SET
	"can_read_dashboard" = "can_read_dashboard" OR "can_write_dashboard",
	"can_read_my_trainings" = "can_read_my_trainings" OR "can_write_my_trainings",
	"can_read_manage_team" = "can_read_manage_team" OR "can_write_manage_team",
	"can_read_players" = "can_read_players" OR "can_write_players",
	"can_read_growth" = "can_read_growth" OR "can_write_growth",
	"can_read_coaches" = "can_read_coaches" OR "can_write_coaches",
	"can_read_schedule" = "can_read_schedule" OR "can_write_schedule",
	"can_read_settings" = "can_read_settings" OR "can_write_settings";
