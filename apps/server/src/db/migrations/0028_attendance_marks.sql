-- Attendance taken offline: each mark a device queued carries an id the device made and
-- the time it was made. The server keeps one row per mark id, so a mark sent again (a retry after a
-- lost answer) finds its row and changes nothing: a session is never charged twice. `outcome` says
-- what became of it: APPLIED, or SUPERSEDED when the participant had been changed on the server
-- after the mark was made (the later change is kept). Append-only for the server.
CREATE TABLE "attendance_marks" (
	"academy_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"marked_by" uuid,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_marks_academy_id_id_pk" PRIMARY KEY("academy_id","id")
);
--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_participant_id_fk" FOREIGN KEY ("academy_id","participant_id") REFERENCES "public"."participants"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_marks_academy_participant_idx" ON "attendance_marks" USING btree ("academy_id","participant_id");--> statement-breakpoint
GRANT SELECT, INSERT ON attendance_marks TO kora_app;
--> statement-breakpoint
ALTER TABLE attendance_marks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attendance_marks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON attendance_marks USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);
