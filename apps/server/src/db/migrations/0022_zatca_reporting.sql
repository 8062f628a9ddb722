-- ZATCA reporting (docs/domain.md, "E-invoicing with ZATCA: onboarding and reporting"):
-- every simplified invoice and credit note is reported to
-- ZATCA within 24 hours through this persistent queue, one row per document, written in the
-- transaction that issues the document (modules/e-invoicing/reporting.ts). A worker claims a row by
-- moving its next attempt into the future in the same statement (so no two processes send it at
-- once), reports the academy's documents in chain order (ICV), retries outages with a growing delay
-- and keeps ZATCA's answer. 400 with errors is final: rejected.
-- 1. Credentials may come from the built-in simulator (ZATCA_ENV=local, the default).
ALTER TABLE "zatca_credentials" DROP CONSTRAINT "zatca_credentials_environment_check";--> statement-breakpoint
ALTER TABLE "zatca_credentials" ADD CONSTRAINT "zatca_credentials_environment_check" CHECK ("environment" IN ('local', 'developer-portal', 'simulation', 'core'));--> statement-breakpoint
-- 2. The queue. next_attempt_at null: due now.
CREATE TABLE "zatca_reports" (
	"academy_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"http_status" integer,
	"answer" jsonb,
	"last_error" text,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zatca_reports_academy_id_document_id_pk" PRIMARY KEY("academy_id","document_id"),
	CONSTRAINT "zatca_reports_state_check" CHECK ("state" IN ('waiting', 'reported', 'reported_with_warnings', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "zatca_reports" ADD CONSTRAINT "zatca_reports_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zatca_reports" ADD CONSTRAINT "zatca_reports_document_id_fk" FOREIGN KEY ("academy_id","document_id") REFERENCES "public"."invoice_documents"("academy_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "zatca_reports_waiting_idx" ON "zatca_reports" USING btree ("academy_id","next_attempt_at") WHERE "zatca_reports"."state" = 'waiting';--> statement-breakpoint
-- 3. A tenant table: row-level security forced, as 0001 does for the others; answers are kept (no DELETE).
GRANT SELECT, INSERT, UPDATE ON zatca_reports TO kora_app;--> statement-breakpoint
ALTER TABLE zatca_reports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE zatca_reports FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON zatca_reports USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
-- A document's reporting state shows in the payments history, a cached list (0016).
CREATE CONSTRAINT TRIGGER zatca_reports_data_version AFTER INSERT OR UPDATE OR DELETE ON zatca_reports DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();--> statement-breakpoint
-- 4. The worker runs outside any academy: this function answers only which academies have reports
-- due at an instant (nothing else of them), as kora_lookup (0009), which may read just these columns.
GRANT SELECT (academy_id, state, next_attempt_at) ON zatca_reports TO kora_lookup;--> statement-breakpoint
CREATE POLICY zatca_reports_due_lookup ON zatca_reports FOR SELECT TO kora_lookup USING (true);--> statement-breakpoint
CREATE FUNCTION zatca_reports_due(at timestamptz, max_academies integer) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS 'select distinct academy_id from zatca_reports where state = ''waiting'' and (next_attempt_at is null or next_attempt_at <= at) limit max_academies';--> statement-breakpoint
ALTER FUNCTION zatca_reports_due(timestamptz, integer) OWNER TO kora_lookup;
