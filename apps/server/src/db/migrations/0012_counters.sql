CREATE TABLE "counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- A global table (no tenant data): only system transactions count.
GRANT SELECT, INSERT, UPDATE, DELETE ON counters TO kora_system;
