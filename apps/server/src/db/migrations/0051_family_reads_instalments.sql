-- The family portal reads its children's instalment plans (docs/domain.md, "Instalments"): a period whose
-- instalments are still being paid offers no renewal, as the renewal page refuses one (0027's family policies).
GRANT SELECT ON instalment_plans TO kora_family;--> statement-breakpoint
CREATE POLICY family_own ON instalment_plans AS RESTRICTIVE FOR ALL TO kora_family
  USING (EXISTS (SELECT 1 FROM subscriptions s WHERE s.academy_id = instalment_plans.academy_id AND s.id = instalment_plans.subscription_id));
