-- Children's data under Saudi law (PDPL; docs/domain.md, "Data map" and "Privacy requests").
-- 1. The requests a family or the academy makes about a family's data, kept as their record: a
-- data export (a ZIP built by a job, linked once by a token's hash, deleted after its download or
-- 24 hours) and an erasure (who asked, when, the outcome or the coded reason it was refused).
-- After an erasure the row keeps only ids and counts: it is what a restore re-applies
-- (docs/operations.md, "Backups and erasure").
CREATE TABLE "privacy_requests" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"player_id" uuid,
	"parent_id" uuid,
	"member_id" uuid,
	"via" text NOT NULL,
	"state" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"outcome" jsonb,
	"token_hash" text,
	"file" text,
	"language" text DEFAULT 'ar' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "privacy_requests_academy_id_id_pk" PRIMARY KEY("academy_id","id"),
	CONSTRAINT "privacy_requests_kind_check" CHECK ("kind" IN ('export', 'erasure')),
	CONSTRAINT "privacy_requests_via_check" CHECK ("via" IN ('portal', 'staff', 'retention')),
	CONSTRAINT "privacy_requests_state_check" CHECK ("state" IN ('building', 'ready', 'downloaded', 'expired', 'failed', 'erased', 'refused')),
	CONSTRAINT "privacy_requests_language_check" CHECK ("language" IN ('en', 'ar'))
);
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_academy_created_idx" ON "privacy_requests" USING btree ("academy_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_academy_token_idx" ON "privacy_requests" USING btree ("academy_id","token_hash");--> statement-breakpoint
CREATE INDEX "privacy_requests_token_idx" ON "privacy_requests" USING btree ("token_hash") WHERE "token_hash" IS NOT NULL;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON privacy_requests TO kora_app;--> statement-breakpoint
ALTER TABLE privacy_requests ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE privacy_requests FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON privacy_requests USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
-- The download link carries only its token: its academy is found by the token's hash alone (kora_lookup, as 0010).
GRANT SELECT (academy_id, token_hash) ON privacy_requests TO kora_lookup;--> statement-breakpoint
CREATE POLICY privacy_requests_lookup ON privacy_requests FOR SELECT TO kora_lookup USING (true);--> statement-breakpoint
CREATE FUNCTION privacy_export_academy(p_token_hash text) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS 'select academy_id from privacy_requests where token_hash = p_token_hash limit 1';--> statement-breakpoint
ALTER FUNCTION privacy_export_academy(text) OWNER TO kora_lookup;--> statement-breakpoint
-- 2. An erased person: the row stays (invoices name it as issued) with every personal column emptied.
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- 3. The guardian checked: a parent who registered in the public wizard confirms a code sent to
-- their phone or e-mail (the portal's sign-in code); until then no announcement reaches them.
-- Rows made by staff (Add Player on paper, an import) are checked when made (the default); the
-- public registration writes null. Every row before this migration counts as checked.
ALTER TABLE "users" ADD COLUMN "guardian_confirmed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
UPDATE "users" SET "guardian_confirmed_at" = "created_at";--> statement-breakpoint
-- 4. Retention: players inactive this many years are listed for review (Settings → Privacy).
ALTER TABLE "academies" ADD COLUMN "retention_years" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "academies" ADD CONSTRAINT "academies_retention_years_check" CHECK ("retention_years" BETWEEN 1 AND 10);--> statement-breakpoint
-- 5. The audit trail is never updated by the application; an erasure removes a person's values
-- from it through this one function (the rows stay: who did what, when), within the caller's academy.
CREATE FUNCTION privacy_redact_audit(p_ids uuid[], p_values text[]) RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public
AS $$
DECLARE
  r record;
  v text;
  txt text;
  name_txt text;
  n integer := 0;
BEGIN
  FOR r IN
    SELECT id, details, actor_name FROM audit_events
     WHERE academy_id = nullif(current_setting('app.academy_id', true), '')::uuid
       AND (target_id = ANY (SELECT x::text FROM unnest(p_ids) x) OR actor_id = ANY (p_ids)
            OR EXISTS (SELECT 1 FROM unnest(p_values) pv WHERE length(pv) >= 4 AND (strpos(details::text, pv) > 0 OR strpos(coalesce(actor_name, ''), pv) > 0)))
  LOOP
    txt := r.details::text;
    name_txt := r.actor_name;
    FOREACH v IN ARRAY p_values LOOP
      IF txt IS NOT NULL THEN
        txt := replace(txt, trim(both '"' from to_json(v)::text), 'erased');
      END IF;
      IF name_txt IS NOT NULL THEN
        name_txt := replace(name_txt, v, 'erased');
      END IF;
    END LOOP;
    BEGIN
      UPDATE audit_events SET details = txt::jsonb, actor_name = name_txt WHERE academy_id = current_setting('app.academy_id')::uuid AND id = r.id;
    EXCEPTION WHEN others THEN
      UPDATE audit_events SET details = '{"erased":true}'::jsonb, actor_name = name_txt WHERE academy_id = current_setting('app.academy_id')::uuid AND id = r.id;
    END;
    n := n + 1;
  END LOOP;
  RETURN n;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION privacy_redact_audit(uuid[], text[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION privacy_redact_audit(uuid[], text[]) TO kora_app;--> statement-breakpoint
-- 6. Retention of the audit trail: rows older than the given time are deleted, every academy's in turn
-- (the scheduled purge, modules/privacy/retention.ts, as kora_system).
CREATE FUNCTION privacy_purge_audit(p_before timestamptz) RETURNS bigint
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public
AS $$
DECLARE
  a record;
  n bigint := 0;
  c bigint;
BEGIN
  FOR a IN SELECT id FROM academies LOOP
    PERFORM set_config('app.academy_id', a.id::text, true);
    DELETE FROM audit_events WHERE academy_id = a.id AND created_at < p_before;
    GET DIAGNOSTICS c = ROW_COUNT;
    n := n + c;
  END LOOP;
  PERFORM set_config('app.academy_id', '', true);
  RETURN n;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION privacy_purge_audit(timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION privacy_purge_audit(timestamptz) TO kora_system;
