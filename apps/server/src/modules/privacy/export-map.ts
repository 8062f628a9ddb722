/**
 * How a family's data export (docs/domain.md, "Privacy requests") reads every tenant table: the rows
 * of the family (the parents' rows and their children's, and what hangs on them) with the columns
 * that are secrets left out, or why the table holds nothing of a family. privacy.test.ts fails when
 * a tenant table of the schema (db/tenant-tables.ts) is missing here, so a new table must say which.
 */
import { type SQL, sql } from 'drizzle-orm';

/** The people of one family: the parent rows (one person may have several) and their children. */
export interface Family {
  parentIds: readonly string[];
  childIds: readonly string[];
}

/** `(id, id, …)`, or `(null)` for none (matches nothing). */
export const idList = (ids: readonly string[]): SQL =>
  ids.length === 0
    ? sql`(null)`
    : sql`(${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`;

/** The family's rows of one table: a WHERE condition over it, and the columns not to export (secrets). */
export interface Exported {
  where: (f: Family) => SQL;
  omit?: readonly string[];
}
/** A table with nothing of a family in it, and why. */
export interface NotExported {
  not: string;
}

const people = (f: Family) => idList([...f.parentIds, ...f.childIds]);
const children = (f: Family) => idList(f.childIds);
const parents = (f: Family) => idList(f.parentIds);
const subscriptionsOf = (f: Family) => sql`(select id from subscriptions where player_id in ${children(f)})`;
const invoicesOf = (f: Family) => sql`(select id from invoices where user_id in ${children(f)})`;

export const EXPORT_TABLES: Record<string, Exported | NotExported> = {
  users: { where: (f) => sql`id in ${people(f)}`, omit: ['password_hash'] },
  academy_users: { where: (f) => sql`user_id in ${people(f)}` },
  parent_players: { where: (f) => sql`parent_id in ${parents(f)} or player_id in ${children(f)}` },
  consents: { where: (f) => sql`player_id in ${children(f)}` },
  teams: { where: (f) => sql`id in (select team_id from team_players where player_id in ${children(f)})` },
  team_players: { where: (f) => sql`player_id in ${children(f)}` },
  events: { where: (f) => sql`id in (select event_id from participants where user_id in ${children(f)})` },
  participants: { where: (f) => sql`user_id in ${children(f)}` },
  attendance_marks: { where: (f) => sql`participant_id in (select id from participants where user_id in ${children(f)})` },
  growth_metrics: { where: (f) => sql`player_id in ${children(f)}` },
  packages: { where: (f) => sql`id in (select package_id from subscriptions where player_id in ${children(f)})` },
  subscriptions: { where: (f) => sql`player_id in ${children(f)}` },
  subscription_reminders: { where: (f) => sql`subscription_id in ${subscriptionsOf(f)}` },
  payments: { where: (f) => sql`subscription_id in ${subscriptionsOf(f)}` },
  payment_attempts: { where: (f) => sql`subscription_id in ${subscriptionsOf(f)}` },
  payment_attempt_items: { where: (f) => sql`subscription_id in ${subscriptionsOf(f)}` },
  invoices: { where: (f) => sql`user_id in ${children(f)}` },
  invoice_documents: { where: (f) => sql`invoice_id in ${invoicesOf(f)}` },
  zatca_reports: { where: (f) => sql`document_id in (select id from invoice_documents where invoice_id in ${invoicesOf(f)})` },
  refunds: { where: (f) => sql`invoice_id in ${invoicesOf(f)}` },
  messages: { where: (f) => sql`recipient_id in ${people(f)}` },
  notification_preferences: { where: (f) => sql`user_id in ${people(f)}` },
  push_subscriptions: { where: (f) => sql`user_id in ${people(f)}`, omit: ['p256dh', 'auth'] },
  announcements: {
    where: (f) =>
      sql`player_id in ${children(f)} or id in (select announcement_id from announcement_recipients where parent_id in ${parents(f)})`,
  },
  announcement_recipients: { where: (f) => sql`parent_id in ${parents(f)}` },
  family_joins: { where: (f) => sql`parent_id in ${parents(f)} or player_id in ${children(f)}` },
  family_codes: { where: (f) => sql`parent_id in ${parents(f)}`, omit: ['code_hash', 'token_hash'] },
  family_payment_links: { where: (f) => sql`parent_id in ${parents(f)}`, omit: ['token_hash'] },
  audit_events: {
    where: (f) => sql`actor_id in ${people(f)} or target_id in (select id::text from users where id in ${people(f)})`,
  },
  saved_cards: { where: (f) => sql`parent_id in ${parents(f)}`, omit: ['token'] },
  card_consents: { where: (f) => sql`parent_id in ${parents(f)} or subscription_id in ${subscriptionsOf(f)}` },
  auto_renewals: { where: (f) => sql`subscription_id in ${subscriptionsOf(f)}` },
  renewal_charges: { where: (f) => sql`subscription_id in ${subscriptionsOf(f)}` },
  instalment_plans: { where: (f) => sql`subscription_id in ${subscriptionsOf(f)}` },
  renewal_tries: { where: (f) => sql`charge_id in (select id from renewal_charges where subscription_id in ${subscriptionsOf(f)})` },
  privacy_requests: { where: (f) => sql`parent_id in ${parents(f)} or player_id in ${children(f)}`, omit: ['token_hash', 'file'] },

  account_types: { not: "the academy's staff permission sets; nothing of a family" },
  team_coaches: { not: "which coaches run which team: the staff's data (the child's teams are exported with team_players)" },
  event_teams: { not: "which teams an event is for: the academy's schedule (the child's events come with participants)" },
  event_coaches: { not: "which coaches run an event: the staff's data" },
  invoice_counters: { not: "the academy's last invoice number" },
  message_settings: { not: "the academy's default message channels" },
  collection_settings: { not: "the academy's automatic renewal settings (retry days, grace)" },
  zatca_credentials: { not: "the academy's e-invoicing certificate and keys (secrets, nothing of a family)" },
  data_versions: { not: "a counter of the academy's changes (the list cache's version)" },
};

export const isExported = (entry: Exported | NotExported): entry is Exported => 'where' in entry;
