-- The public payment pages and the payment provider's callback know only a subscription id. This
-- function answers the academy of one subscription id (nothing else of it), so the request can then
-- enter that academy's tenant transaction. It runs as kora_lookup, a role that may read just the two
-- columns id and academy_id of subscriptions, through a read-only policy of its own.
DO $$ BEGIN
  CREATE ROLE kora_lookup NOLOGIN NOSUPERUSER NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT kora_lookup TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO kora_lookup;
--> statement-breakpoint
GRANT SELECT (id, academy_id) ON subscriptions TO kora_lookup;
--> statement-breakpoint
CREATE POLICY subscription_academy_lookup ON subscriptions FOR SELECT TO kora_lookup USING (true);
--> statement-breakpoint
CREATE FUNCTION subscription_academy(subscription_id uuid) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS 'select academy_id from subscriptions where id = subscription_id';
--> statement-breakpoint
ALTER FUNCTION subscription_academy(uuid) OWNER TO kora_lookup;
