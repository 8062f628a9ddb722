-- Money records are never deleted with people: invoices and payments
-- no longer cascade when their player, subscription or payment goes. Deleting a player whose
-- subscription has a payment, or who has an invoice, now fails at the database whatever the code
-- path; the API checks first and answers 409 (player.has_payments). A subscription without
-- payments still goes with its player, and a subscription's package already had no cascade.
-- NO ACTION rather than RESTRICT: the check runs at the end of the statement, so a delete that
-- removes the money rows in the same statement (a whole academy, cascading through academy_id)
-- is not refused for the order in which PostgreSQL reaches the rows.
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_payment_id_fk", ADD CONSTRAINT "invoices_payment_id_fk" FOREIGN KEY ("academy_id","payment_id") REFERENCES "public"."payments"("academy_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_subscription_id_fk", ADD CONSTRAINT "invoices_subscription_id_fk" FOREIGN KEY ("academy_id","subscription_id") REFERENCES "public"."subscriptions"("academy_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_user_id_fk", ADD CONSTRAINT "invoices_user_id_fk" FOREIGN KEY ("academy_id","user_id") REFERENCES "public"."users"("academy_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_subscription_id_fk", ADD CONSTRAINT "payments_subscription_id_fk" FOREIGN KEY ("academy_id","subscription_id") REFERENCES "public"."subscriptions"("academy_id","id") ON DELETE no action ON UPDATE no action;
