-- Messages to parents and coaches (docs/domain.md, "Messages: every one accounted for"): one row per
-- recipient, channel, kind and cause, written in the transaction of the change that causes it (an
-- event cancelled, a payment received…), sent by a worker, its state kept from the provider's answers
-- and status webhooks. The unique idempotency key makes a change told once whatever restarts or how
-- many processes run; a failed WhatsApp or push message falls back once (fallback_of).
CREATE TABLE "messages" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"recipient_id" uuid,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"locale" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"template" text,
	"template_params" jsonb,
	"urgent" boolean DEFAULT false NOT NULL,
	"event_id" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"failure_reason" text,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"fallback_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_academy_id_id_pk" PRIMARY KEY("academy_id","id"),
	CONSTRAINT "messages_channel_check" CHECK ("channel" IN ('email', 'sms', 'whatsapp', 'push')),
	CONSTRAINT "messages_state_check" CHECK ("state" IN ('queued', 'sent', 'delivered', 'read', 'failed')),
	CONSTRAINT "messages_locale_check" CHECK ("locale" IN ('en', 'ar'))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_fk" FOREIGN KEY ("academy_id","recipient_id") REFERENCES "public"."users"("academy_id","id") ON DELETE SET NULL ("recipient_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_academy_idempotency_idx" ON "messages" USING btree ("academy_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "messages_academy_created_idx" ON "messages" USING btree ("academy_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_academy_recipient_idx" ON "messages" USING btree ("academy_id","recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_queue_idx" ON "messages" USING btree ("academy_id","next_attempt_at") WHERE "messages"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "messages_provider_id_idx" ON "messages" USING btree ("provider_message_id") WHERE "messages"."provider_message_id" IS NOT NULL;--> statement-breakpoint
-- A parent's choices (or a member's, for the coach's kind): channels per kind (null: the academy's defaults).
CREATE TABLE "notification_preferences" (
	"academy_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channels" jsonb,
	"quiet_hours" boolean DEFAULT true NOT NULL,
	"opted_out" boolean DEFAULT false NOT NULL,
	"whatsapp_opt_in_at" timestamp with time zone,
	"whatsapp_opt_in_via" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_academy_id_user_id_pk" PRIMARY KEY("academy_id","user_id"),
	CONSTRAINT "notification_preferences_opt_in_via_check" CHECK ("whatsapp_opt_in_via" IN ('portal', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_fk" FOREIGN KEY ("academy_id","user_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A device's push subscription (the staff app or the portal), removed when the push service answers 404 or 410.
CREATE TABLE "push_subscriptions" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_academy_id_id_pk" PRIMARY KEY("academy_id","id")
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_fk" FOREIGN KEY ("academy_id","user_id") REFERENCES "public"."users"("academy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_academy_endpoint_idx" ON "push_subscriptions" USING btree ("academy_id","endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_academy_user_idx" ON "push_subscriptions" USING btree ("academy_id","user_id");--> statement-breakpoint
-- The academy's defaults (Settings → Messages): channels per kind (null: the built-in ones) and whether absence is told.
CREATE TABLE "message_settings" (
	"academy_id" uuid NOT NULL,
	"channels" jsonb,
	"absent_without_notice" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_settings_academy_id_pk" PRIMARY KEY("academy_id")
);
--> statement-breakpoint
ALTER TABLE "message_settings" ADD CONSTRAINT "message_settings_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Tenant tables: row-level security forced, as 0001 does for the others. No cached list reads them (NOT_VERSIONED).
GRANT SELECT, INSERT, UPDATE ON messages TO kora_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON notification_preferences TO kora_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON push_subscriptions TO kora_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON message_settings TO kora_app;--> statement-breakpoint
ALTER TABLE messages ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE messages FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON messages USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE notification_preferences ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE notification_preferences FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON notification_preferences USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE push_subscriptions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE push_subscriptions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON push_subscriptions USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE message_settings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE message_settings FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON message_settings USING (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid) WITH CHECK (academy_id = nullif(current_setting('app.academy_id', true), '')::uuid);--> statement-breakpoint
-- The development outbox of the WhatsApp and push channels (mail and SMS keep theirs): global like outgoing_sms.
CREATE TABLE "channel_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"academy_id" uuid,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_outbox" ADD CONSTRAINT "channel_outbox_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_outbox_channel_idx" ON "channel_outbox" USING btree ("channel","created_at");--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON channel_outbox TO kora_system;--> statement-breakpoint
-- The worker runs outside any academy: which academies have messages due (nothing else of them), and the
-- academy of a provider's message id (WhatsApp's status webhook knows only that), as kora_lookup (0009).
GRANT SELECT (academy_id, state, next_attempt_at, provider_message_id) ON messages TO kora_lookup;--> statement-breakpoint
CREATE POLICY messages_lookup ON messages FOR SELECT TO kora_lookup USING (true);--> statement-breakpoint
CREATE FUNCTION messages_due(at timestamptz, max_academies integer) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS 'select distinct academy_id from messages where state = ''queued'' and (next_attempt_at is null or next_attempt_at <= at) limit max_academies';--> statement-breakpoint
ALTER FUNCTION messages_due(timestamptz, integer) OWNER TO kora_lookup;--> statement-breakpoint
CREATE FUNCTION message_academy(provider_id text) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS 'select academy_id from messages where provider_message_id = provider_id limit 1';--> statement-breakpoint
ALTER FUNCTION message_academy(text) OWNER TO kora_lookup;
