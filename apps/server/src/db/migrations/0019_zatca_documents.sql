-- ZATCA phase 2 (docs/domain.md, "ZATCA: the facts Kora builds on"): every invoice of a VAT-registered academy is a signed UBL
-- document, stored when it is issued and never changed.
-- 1. The seller's address as ZATCA asks for it, beside vat_number, address (the street) and city.
ALTER TABLE "academies" ADD COLUMN "cr_number" text;--> statement-breakpoint
ALTER TABLE "academies" ADD COLUMN "building_number" text;--> statement-breakpoint
ALTER TABLE "academies" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "academies" ADD COLUMN "postal_code" text;--> statement-breakpoint
-- 2. An invoice names its seller and buyer as they were when it was issued: renaming the academy or
-- the player no longer rewrites it. Existing invoices take today's names (the best there is). The
-- owner fills them in: row-level security is lifted for the statement (FORCE would hide every row,
-- no academy being set) and the list-cache trigger (0016) stays out of it (no server runs yet).
ALTER TABLE "invoices" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoices" DISABLE TRIGGER "invoices_data_version";--> statement-breakpoint
UPDATE "invoices" i SET
  "seller" = jsonb_build_object('name', a.name, 'nameArabic', a.name_arabic, 'crNumber', NULL, 'street', a.address,
    'buildingNumber', NULL, 'district', NULL, 'city', a.city, 'postalCode', NULL),
  "buyer" = jsonb_build_object('name', u.name, 'nameArabic', u.name_arabic)
FROM "academies" a, "users" u
WHERE a.id = i.academy_id AND u.academy_id = i.academy_id AND u.id = i.user_id;--> statement-breakpoint
ALTER TABLE "invoices" ENABLE TRIGGER "invoices_data_version";--> statement-breakpoint
ALTER TABLE "users" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoices" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "seller" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "buyer" SET NOT NULL;--> statement-breakpoint
-- 3. An academy's own signing credentials from ZATCA's onboarding (compliance, then production
-- certificate): the certificate, and the private key and API secret sealed with a key from the
-- environment (AES-256-GCM, src/invoices/credentials.ts), never answered by any API. Without a
-- valid production credential an academy signs with ZATCA's SDK test credential (development).
CREATE TABLE "zatca_credentials" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"kind" text NOT NULL,
	"certificate" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"secret_sealed" text,
	"request_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zatca_credentials_academy_id_id_pk" PRIMARY KEY("academy_id","id"),
	CONSTRAINT "zatca_credentials_environment_check" CHECK ("environment" IN ('developer-portal', 'simulation', 'core')),
	CONSTRAINT "zatca_credentials_kind_check" CHECK ("kind" IN ('compliance', 'production'))
);
--> statement-breakpoint
ALTER TABLE "zatca_credentials" ADD CONSTRAINT "zatca_credentials_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "zatca_credentials_academy_kind_idx" ON "zatca_credentials" USING btree ("academy_id","kind","expires_at");--> statement-breakpoint
-- 4. The signed document of an invoice: its XML, hash, UUID, counter (ICV), previous hash (PIH) and
-- QR, written in the invoice's transaction. Per academy the ICVs run 1, 2, 3… and each PIH is the
-- hash of the document before (the invoice counter's row lock queues concurrent issuers). The
-- server may only add and read documents: no UPDATE or DELETE is granted.
CREATE TABLE "invoice_documents" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"type_code" text NOT NULL,
	"uuid" uuid NOT NULL,
	"icv" integer NOT NULL,
	"pih" text NOT NULL,
	"hash" text NOT NULL,
	"qr" text NOT NULL,
	"xml" text NOT NULL,
	"credential_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_documents_academy_id_id_pk" PRIMARY KEY("academy_id","id"),
	CONSTRAINT "invoice_documents_type_code_check" CHECK ("type_code" IN ('388', '381', '383'))
);
--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_invoice_id_fk" FOREIGN KEY ("academy_id","invoice_id") REFERENCES "public"."invoices"("academy_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_credential_id_fk" FOREIGN KEY ("academy_id","credential_id") REFERENCES "public"."zatca_credentials"("academy_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_academy_invoice_idx" ON "invoice_documents" USING btree ("academy_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_academy_icv_idx" ON "invoice_documents" USING btree ("academy_id","icv");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_academy_uuid_idx" ON "invoice_documents" USING btree ("academy_id","uuid");--> statement-breakpoint
-- Tenant tables: row-level security forced, as 0001 does for the others.
GRANT SELECT, INSERT ON invoice_documents TO kora_app;--> statement-breakpoint
ALTER TABLE invoice_documents ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_documents FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_documents USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON zatca_credentials TO kora_app;--> statement-breakpoint
ALTER TABLE zatca_credentials ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE zatca_credentials FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON zatca_credentials USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);
