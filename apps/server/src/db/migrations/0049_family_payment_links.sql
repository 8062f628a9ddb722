-- A family payment link (docs/domain.md, "A family payment link"): staff send a parent one page that
-- pays the family's children's periods in one checkout without signing in. The link names a parent
-- row (the family is the portal's, built from it when the page opens) and is kept as the SHA-256 of
-- its token, like a session: a database copy opens no page. It lasts 14 days and can be revoked by
-- making no other; the public page finds it on the academy's own host, inside the academy's rows.
-- A payer who comes back from a checkout that did not go through returns to the link's page.
CREATE TABLE "family_payment_links" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "family_payment_links_academy_id_id_pk" PRIMARY KEY("academy_id","id")
);
--> statement-breakpoint
ALTER TABLE "family_payment_links" ADD CONSTRAINT "family_payment_links_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_payment_links" ADD CONSTRAINT "family_payment_links_parent_id_fk" FOREIGN KEY ("academy_id","parent_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "family_payment_links_academy_token_idx" ON "family_payment_links" USING btree ("academy_id","token_hash");--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON family_payment_links TO kora_app;--> statement-breakpoint
ALTER TABLE family_payment_links ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE family_payment_links FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON family_payment_links USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);
