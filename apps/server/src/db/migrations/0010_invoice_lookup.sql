-- The public invoice link (GET /api/invoices/{id}) knows only the invoice's unguessable id. Like
-- subscription_academy (0009), this function answers the academy of one invoice id and nothing else
-- of it, so the request can then read the invoice in that academy's tenant transaction. It runs as
-- kora_lookup, which may read just the two columns id and academy_id of invoices.
GRANT SELECT (id, academy_id) ON invoices TO kora_lookup;
--> statement-breakpoint
CREATE POLICY invoice_academy_lookup ON invoices FOR SELECT TO kora_lookup USING (true);
--> statement-breakpoint
CREATE FUNCTION invoice_academy(invoice_id uuid) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS 'select academy_id from invoices where id = invoice_id';
--> statement-breakpoint
ALTER FUNCTION invoice_academy(uuid) OWNER TO kora_lookup;
