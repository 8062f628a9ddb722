-- Calendar feeds that tell the truth. Each event carries a revision and the time of its
-- last change, the feed's SEQUENCE and LAST-MODIFIED, so calendar apps replace stale copies: the
-- update path of modules/events/service.ts moves both on every edit, and renaming a team or a coach
-- (whose names the summary and description print) moves them for the events they are in (never back
-- in time: an edit may have stamped the clock of the app).
ALTER TABLE "events" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE FUNCTION events_renamed_team() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE events SET revision = revision + 1, updated_at = greatest(updated_at, now())
  WHERE academy_id = NEW.academy_id
    AND id IN (SELECT event_id FROM event_teams WHERE academy_id = NEW.academy_id AND team_id = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER events_renamed_team AFTER UPDATE OF name, name_arabic ON teams FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.name_arabic IS DISTINCT FROM NEW.name_arabic)
  EXECUTE FUNCTION events_renamed_team();--> statement-breakpoint
CREATE FUNCTION events_renamed_coach() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE events SET revision = revision + 1, updated_at = greatest(updated_at, now())
  WHERE academy_id = NEW.academy_id
    AND id IN (SELECT event_id FROM event_coaches WHERE academy_id = NEW.academy_id AND coach_id = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER events_renamed_coach AFTER UPDATE OF name, name_arabic ON users FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.name_arabic IS DISTINCT FROM NEW.name_arabic)
  EXECUTE FUNCTION events_renamed_coach();--> statement-breakpoint
-- What a feed holds is named when it is made (mine, academy, team) and in which language its
-- summaries are. Feeds made before held every event the member could see: a team's, or the academy's.
ALTER TABLE "calendar_feeds" ADD COLUMN "scope" text DEFAULT 'mine' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
UPDATE "calendar_feeds" SET "scope" = CASE WHEN "team_id" IS NULL THEN 'academy' ELSE 'team' END;
--> statement-breakpoint
-- Documents parents can read: an invoice names its package in both languages as they
-- were when it was issued, like its seller and buyer (0019): the PDF's line, the payments history,
-- the CSV and the receipt use the Arabic name where there is one. Existing invoices take today's
-- Arabic name of their package (the best there is), filled in by the owner as in 0019.
ALTER TABLE "invoices" ADD COLUMN "package_name_arabic" text;--> statement-breakpoint
ALTER TABLE "invoices" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "subscriptions" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "packages" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoices" DISABLE TRIGGER "invoices_data_version";--> statement-breakpoint
UPDATE "invoices" i SET "package_name_arabic" = p.name_arabic
FROM "subscriptions" s, "packages" p
WHERE s.academy_id = i.academy_id AND s.id = i.subscription_id AND p.academy_id = s.academy_id AND p.id = s.package_id
  AND nullif(trim(p.name_arabic), '') IS NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ENABLE TRIGGER "invoices_data_version";--> statement-breakpoint
ALTER TABLE "packages" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "subscriptions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoices" FORCE ROW LEVEL SECURITY;
