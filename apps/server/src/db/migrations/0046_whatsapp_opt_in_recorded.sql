-- A parent's WhatsApp opt-in recorded by staff from a signed paper form (docs/domain.md, "Messages: every
-- one accounted for"): besides when (whatsapp_opt_in_at, the day on the form) and how (via 'staff'),
-- who recorded it and the form's own words (which form, where it is kept). The member's row may go;
-- the record stays (set null), the audit log keeps their name.
ALTER TABLE "notification_preferences" ADD COLUMN "whatsapp_opt_in_by" uuid;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "whatsapp_opt_in_note" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_opt_in_by_fk" FOREIGN KEY ("academy_id","whatsapp_opt_in_by") REFERENCES "public"."users"("academy_id","id") ON DELETE SET NULL ("whatsapp_opt_in_by") ON UPDATE no action;
