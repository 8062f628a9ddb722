-- A document issued while the academy's certificate has expired waits for a certificate
-- (docs/domain.md, "E-invoicing with ZATCA: onboarding and reporting"): it is numbered and
-- chained at issuance (ICV, PIH, its invoice hash: none of them depends on a signature) and stored
-- unsigned (`unsigned`, its XML the canonical document without signature, its QR the phase-1 tags
-- 1–5); once the academy has a valid certificate again it is signed, once, and reported. Every row
-- before this migration was signed at issuance.
ALTER TABLE "invoice_documents" ADD COLUMN "unsigned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The server still may not change a document, except to sign one that waits, and only that once:
-- the columns a signature fills, under a trigger that refuses any other change.
GRANT UPDATE (xml, qr, credential_id, unsigned) ON invoice_documents TO kora_app;--> statement-breakpoint
CREATE FUNCTION invoice_documents_sign_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT OLD.unsigned OR NEW.unsigned OR NEW.credential_id IS NULL
    OR NEW.hash IS DISTINCT FROM OLD.hash OR NEW.icv IS DISTINCT FROM OLD.icv OR NEW.pih IS DISTINCT FROM OLD.pih
    OR NEW.uuid IS DISTINCT FROM OLD.uuid OR NEW.invoice_id IS DISTINCT FROM OLD.invoice_id THEN
    RAISE EXCEPTION 'An e-invoice document is never changed, except once to sign it when it waited for a certificate'
      USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER invoice_documents_sign_once BEFORE UPDATE ON invoice_documents FOR EACH ROW EXECUTE FUNCTION invoice_documents_sign_once();
