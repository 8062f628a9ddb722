import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

/**
 * Tables with an `academy_id` that are global all the same: looked up before any academy is known
 * (by a token's hash) or written by system work, so row-level security cannot apply. They become
 * Citus reference (or local) tables, with `academies` and `counters`, which have no `academy_id`.
 */
export const GLOBAL_WITH_ACADEMY_ID = [
  'calendar_feeds',
  'channel_outbox',
  'family_sessions',
  'outgoing_mails',
  'outgoing_sms',
  'password_resets',
  'sessions',
];

/** Tenant tables made by raw SQL migrations, not modelled in schema.ts: the list cache's data version (0016). */
const UNMODELLED_TENANT_TABLES = ['data_versions'];

/**
 * The tenant tables, derived from the schema: every table with an `academy_id` that is not global.
 * Each carries forced row-level security (test/tenancy.test.ts reads the catalog against this list).
 */
export const TENANT_TABLES: readonly string[] = [
  ...Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableConfig(table))
    .filter((config) => config.columns.some((column) => column.name === 'academy_id'))
    .map((config) => config.name)
    .filter((name) => !GLOBAL_WITH_ACADEMY_ID.includes(name)),
  ...UNMODELLED_TENANT_TABLES,
].sort();

/**
 * Tenant tables whose changes do NOT move the academy's data version (migration 0016's trigger),
 * each with why: no cached list reads them. test/data-versions.test.ts fails when a tenant table
 * has neither the trigger nor a line here, and when a cached list reads a table without it.
 */
export const NOT_VERSIONED: Record<string, string> = {
  data_versions: 'the version itself',
  consents:
    "read only by the consents screens, which are not cached; a photo's withdrawal moves users.photo_withheld, which carries the trigger",
  audit_events: 'read only by the audit log, which is not cached',
  attendance_marks: "offline marks' idempotency keys; the participant row they change carries the trigger",
  family_codes: 'sign-in codes, read only by the sign-in',
  family_payment_links: "family payment links, read only by the link's own page",
  invoice_counters: 'the next invoice number; the invoice it numbers carries the trigger',
  messages: 'read by Settings → Messages and the worker, neither cached',
  message_settings: "the academy's message defaults, read when messages are written and by Settings, not cached",
  notification_preferences: "a parent's message choices, read when messages are written and by the portal, not cached",
  push_subscriptions: 'devices to push to, read only by the worker and the subscribe calls',
  payment_attempts: 'read only by the payment result page, which is not cached',
  payment_attempt_items:
    "a family checkout's periods, read by its settlement and result page, not cached; the payments it makes carry the trigger",
  privacy_requests:
    'data exports and erasures, read only by their own status calls, not cached; an erasure moves users, which carries the trigger',
  refunds: 'read by refund and credit-note flows, which are not cached',
  subscription_reminders: "the reminders' claims, read only by the reminder job",
  zatca_credentials: 'the e-invoicing keys, read only when signing and by Settings, which is not cached',
  saved_cards: "parents' saved cards, read by the portal's saved cards and the renewal job, not cached",
  card_consents: "the payment page's save-card consents, read only when a payment settles",
  renewal_charges: "automatic renewal charges, read by the renewal job, the bell and the portal's saved cards, none cached",
  renewal_tries: "the charges' tries, read only by the renewal job",
};
