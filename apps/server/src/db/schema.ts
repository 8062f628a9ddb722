/**
 * The whole data model (docs/domain.md). Global tables: academies, sessions, password_resets,
 * outgoing_mails, calendar_feeds, counters. Every other table is tenant-owned: `academy_id` first in every index
 * and part of every primary, unique and foreign key (ready for Citus: docs/scale-out.md), row-level security
 * forced by migration 0001 (docs/architecture.md, "A request, from the `Host` header to SQL", step 5).
 */
import {
  ANNOUNCEMENT_AUDIENCES,
  BREAKFAST_SOURCES,
  CALENDAR_FEED_LANGUAGES,
  CALENDAR_FEED_SCOPES,
  CARD_METHODS,
  COACH_TYPES,
  COLORS,
  EVENT_TYPES,
  FAMILY_LANGUAGES,
  GENDERS,
  INSTALMENT_GRANTS,
  INVOICE_KINDS,
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_STATES,
  PACKAGE_TYPES,
  PARTICIPANT_STATUSES,
  PAYMENT_LANGS,
  PAYMENT_METHODS,
  PAYMENT_OUTCOMES,
  PAYMENT_PAGES,
  PAYMENT_STATUSES,
  REFUND_STATES,
  REMINDER_STAGES,
  REPORTING_STATES,
  ROLES,
  type SiblingDiscount,
  SUBSCRIPTION_STATUSES,
  WHATSAPP_OPT_IN_SOURCES,
} from '@kora/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** The id of a global table: the primary key on its own. */
const id = () => uuid('id').primaryKey().defaultRandom();
/** The id of a tenant table: its primary key is (academy_id, id), see `tenantKey`. */
const tenantId = () => uuid('id').notNull().defaultRandom();
const academyId = () =>
  uuid('academy_id')
    .notNull()
    .references(() => academies.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Keys ready for Citus, sharded by `academy_id` (docs/scale-out.md, migration 0015): a tenant
 * table's primary key and every unique key include `academy_id`, and a foreign key between two
 * tenant tables carries it on both sides, so a row can only point at a row of its own academy (the
 * same shard). `test/citus-keys.test.ts` checks this on the migrated database.
 */
const tenantKey = (t: { academyId: AnyPgColumn; id: AnyPgColumn }) => primaryKey({ columns: [t.academyId, t.id] });
/** `(academy_id, column) → target (academy_id, id)`. */
function inAcademy<T extends string, F extends string>(
  name: string,
  columns: [AnyPgColumn<{ tableName: T }>, AnyPgColumn<{ tableName: T }>],
  target: { academyId: AnyPgColumn<{ tableName: F }>; id: AnyPgColumn<{ tableName: F }> },
) {
  return foreignKey({ name, columns, foreignColumns: [target.academyId, target.id] });
}

// ── global ────────────────────────────────────────────────────────────────────

export const academies = pgTable('academies', {
  id: id(),
  name: text('name').notNull(),
  nameArabic: text('name_arabic'),
  handle: text('handle').notNull().unique(),
  logo: text('logo'),
  phone: text('phone'),
  email: text('email'),
  /** The registering owner's e-mail; one academy per owner e-mail (409 on reuse). */
  ownerEmail: text('owner_email').notNull().unique(),
  vatNumber: text('vat_number'),
  /** The street line of the academy's address (`address.street` in the API); `city` is the rest. */
  address: text('address'),
  city: text('city'),
  /** The seller's identity and address on ZATCA e-invoices (migration 0019): CR, 4-digit building number, district, 5-digit postal code. */
  crNumber: text('cr_number'),
  buildingNumber: text('building_number'),
  district: text('district'),
  postalCode: text('postal_code'),
  enableOnlinePayments: boolean('enable_online_payments').notNull().default(true),
  /** The refund and cancellation policy parents read, in each language (migration 0024); null shows the default text. */
  refundPolicy: text('refund_policy'),
  refundPolicyArabic: text('refund_policy_arabic'),
  /** How long before an event parents may still say their child can't come (migration 0027). */
  availabilityCutoffMinutes: integer('availability_cutoff_minutes').notNull().default(120),
  /** Coaches read the medical conditions of their own players (migration 0042); otherwise only that there is one. */
  coachesSeeMedical: boolean('coaches_see_medical').notNull().default(false),
  /** Players inactive this many years are listed for review and erasure (migration 0045; Settings → Privacy). */
  retentionYears: integer('retention_years').notNull().default(3),
  /** When the owner opened the link mailed at sign-up (migration 0033); null: the academy may not send text messages. */
  ownerVerifiedAt: timestamp('owner_verified_at', { withTimezone: true }),
  /** SHA-256 of the owner's verification link's token, and when it was mailed (valid 3 days). */
  ownerVerifyTokenHash: text('owner_verify_token_hash').unique('academies_owner_verify_token_idx'),
  ownerVerifySentAt: timestamp('owner_verify_sent_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    academyId: academyId(),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_academy_user_idx').on(t.academyId, t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    academyId: academyId(),
    userId: uuid('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_academy_user_idx').on(t.academyId, t.userId)],
);

/**
 * Rate-limit and login-throttling counters (apps/server/src/http/counters.ts), in the database so
 * every API process counts together (docs/domain.md, "Signing in safely"). A global table: keys are addresses and accounts.
 */
export const counters = pgTable('counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const outgoingMails = pgTable(
  'outgoing_mails',
  {
    id: id(),
    academyId: uuid('academy_id').references(() => academies.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    /** Delivery attempts so far; the queue retries with a growing delay and gives up after a few. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('outgoing_mails_academy_idx').on(t.academyId, t.createdAt),
    index('outgoing_mails_queue_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
  ],
);

/**
 * Private calendar feed URLs (`GET /api/calendar/{token}.ics`). Global like sessions: the public
 * feed request knows only its token, whose SHA-256 is looked up here before entering the tenant.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    academyId: academyId(),
    userId: uuid('user_id').notNull(),
    /** What the feed holds: the events the member coaches, every event, or one team's (migration 0025). */
    scope: text('scope', { enum: CALENDAR_FEED_SCOPES }).notNull().default('mine'),
    /** The team of a `team` feed; null otherwise. */
    teamId: uuid('team_id'),
    /** The language of the summaries: the UI's when the feed was made. */
    language: text('language', { enum: CALENDAR_FEED_LANGUAGES }).notNull().default('en'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('calendar_feeds_academy_user_idx').on(t.academyId, t.userId)],
);

// ── tenant ────────────────────────────────────────────────────────────────────

const flag = (name: string) => boolean(name).notNull().default(false);

export const accountTypes = pgTable(
  'account_types',
  {
    id: tenantId(),
    academyId: academyId(),
    name: text('name').notNull(),
    nameArabic: text('name_arabic'),
    isDefault: boolean('is_default').notNull().default(false),
    canReadDashboard: flag('can_read_dashboard'),
    canWriteDashboard: flag('can_write_dashboard'),
    canReadMyTrainings: flag('can_read_my_trainings'),
    canWriteMyTrainings: flag('can_write_my_trainings'),
    canReadManageTeam: flag('can_read_manage_team'),
    canWriteManageTeam: flag('can_write_manage_team'),
    canReadPlayers: flag('can_read_players'),
    canWritePlayers: flag('can_write_players'),
    canReadGrowth: flag('can_read_growth'),
    canWriteGrowth: flag('can_write_growth'),
    canReadCoaches: flag('can_read_coaches'),
    canWriteCoaches: flag('can_write_coaches'),
    canReadSchedule: flag('can_read_schedule'),
    canWriteSchedule: flag('can_write_schedule'),
    canReadSettings: flag('can_read_settings'),
    canWriteSettings: flag('can_write_settings'),
    /** Medical and identity (migration 0042): players' medical conditions and national ids. */
    canReadMedicalIdentity: flag('can_read_medical_identity'),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t), uniqueIndex('account_types_academy_name_idx').on(t.academyId, t.name)],
);

export const users = pgTable(
  'users',
  {
    id: tenantId(),
    academyId: academyId(),
    /** PLAYER, COACH, ADMIN or PARENT. */
    role: text('role', { enum: ROLES }).notNull(),
    name: text('name').notNull(),
    nameArabic: text('name_arabic'),
    email: text('email'),
    passwordHash: text('password_hash'),
    phoneNumber: text('phone_number'),
    emergencyPhone1: text('emergency_phone1'),
    emergencyPhone2: text('emergency_phone2'),
    nationalId: text('national_id'),
    nationality: text('nationality'),
    residentialNeighborhood: text('residential_neighborhood'),
    birthdate: date('birthdate', { mode: 'string' }),
    gender: text('gender', { enum: GENDERS }),
    avatar: text('avatar'),
    condition: text('condition'),
    /** The photo consent was withdrawn (migration 0042): no answer carries the avatar, and its file is refused. */
    photoWithheld: boolean('photo_withheld').notNull().default(false),
    coachType: text('coach_type', { enum: COACH_TYPES }),
    accountTypeId: uuid('account_type_id'),
    /** A parent's language in the family portal: their mails, SMS and announcements (migration 0027); null: Arabic. */
    language: text('language', { enum: FAMILY_LANGUAGES }),
    /** Erased on request or by retention (migration 0045): every personal column emptied, the row kept for the invoices naming it. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** A parent's guardianship checked (migration 0045): when made by staff, or by the code of the portal's sign-in; null: a public registration not yet confirmed. */
    guardianConfirmedAt: timestamp('guardian_confirmed_at', { withTimezone: true }).defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    // Migration 0015 writes `ON DELETE SET NULL (account_type_id)`: the user stays in its academy (drizzle has no column list).
    inAcademy('users_account_type_id_fk', [t.academyId, t.accountTypeId], accountTypes).onDelete('set null'),
    index('users_academy_role_idx').on(t.academyId, t.role, t.name),
    // Logins are unique per academy; parents and players without a login may share an address.
    uniqueIndex('users_academy_login_idx').on(t.academyId, t.email).where(sql`password_hash is not null`),
    index('users_academy_account_type_idx').on(t.academyId, t.accountTypeId),
  ],
);

export const academyUsers = pgTable(
  'academy_users',
  {
    academyId: academyId(),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.academyId, t.userId] }),
    inAcademy('academy_users_user_id_fk', [t.academyId, t.userId], users).onDelete('cascade'),
  ],
);

export const parentPlayers = pgTable(
  'parent_players',
  {
    academyId: academyId(),
    parentId: uuid('parent_id').notNull(),
    playerId: uuid('player_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.academyId, t.parentId, t.playerId] }),
    inAcademy('parent_players_parent_id_fk', [t.academyId, t.parentId], users).onDelete('cascade'),
    inAcademy('parent_players_player_id_fk', [t.academyId, t.playerId], users).onDelete('cascade'),
    index('parent_players_player_idx').on(t.academyId, t.playerId),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: tenantId(),
    academyId: academyId(),
    name: text('name').notNull(),
    nameArabic: text('name_arabic'),
    color: text('color', { enum: COLORS }).notNull().default('GREY'),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t), index('teams_academy_name_idx').on(t.academyId, t.name)],
);

export const teamCoaches = pgTable(
  'team_coaches',
  {
    academyId: academyId(),
    teamId: uuid('team_id').notNull(),
    coachId: uuid('coach_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.academyId, t.teamId, t.coachId] }),
    inAcademy('team_coaches_team_id_fk', [t.academyId, t.teamId], teams).onDelete('cascade'),
    inAcademy('team_coaches_coach_id_fk', [t.academyId, t.coachId], users).onDelete('cascade'),
    index('team_coaches_coach_idx').on(t.academyId, t.coachId),
  ],
);

export const teamPlayers = pgTable(
  'team_players',
  {
    academyId: academyId(),
    teamId: uuid('team_id').notNull(),
    playerId: uuid('player_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.academyId, t.teamId, t.playerId] }),
    inAcademy('team_players_team_id_fk', [t.academyId, t.teamId], teams).onDelete('cascade'),
    inAcademy('team_players_player_id_fk', [t.academyId, t.playerId], users).onDelete('cascade'),
    index('team_players_player_idx').on(t.academyId, t.playerId),
  ],
);

export const events = pgTable(
  'events',
  {
    id: tenantId(),
    academyId: academyId(),
    /** TRAINING_SESSION or MATCH. */
    type: text('type', { enum: EVENT_TYPES }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    endTime: text('end_time').notNull(),
    field: text('field').notNull().default(''),
    /** Shared by the events of one weekly series (POST with `repeat`); null for a one-off event. */
    seriesId: uuid('series_id'),
    createdAt: createdAt(),
    /** Moves on every edit, and when a team or coach of the event is renamed (migration 0025): the feed's SEQUENCE. */
    revision: integer('revision').notNull().default(0),
    /** The time of the last such change: the feed's LAST-MODIFIED. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    index('events_academy_date_idx').on(t.academyId, t.date, t.time),
    index('events_academy_series_idx').on(t.academyId, t.seriesId),
  ],
);

export const eventTeams = pgTable(
  'event_teams',
  {
    academyId: academyId(),
    eventId: uuid('event_id').notNull(),
    teamId: uuid('team_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.academyId, t.eventId, t.teamId] }),
    inAcademy('event_teams_event_id_fk', [t.academyId, t.eventId], events).onDelete('cascade'),
    inAcademy('event_teams_team_id_fk', [t.academyId, t.teamId], teams).onDelete('cascade'),
    index('event_teams_team_idx').on(t.academyId, t.teamId),
  ],
);

export const eventCoaches = pgTable(
  'event_coaches',
  {
    academyId: academyId(),
    eventId: uuid('event_id').notNull(),
    coachId: uuid('coach_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.academyId, t.eventId, t.coachId] }),
    inAcademy('event_coaches_event_id_fk', [t.academyId, t.eventId], events).onDelete('cascade'),
    inAcademy('event_coaches_coach_id_fk', [t.academyId, t.coachId], users).onDelete('cascade'),
    index('event_coaches_coach_idx').on(t.academyId, t.coachId),
  ],
);

export const participants = pgTable(
  'participants',
  {
    id: tenantId(),
    academyId: academyId(),
    eventId: uuid('event_id').notNull(),
    userId: uuid('user_id').notNull(),
    teamId: uuid('team_id'),
    /** PENDING, ATTENDED, ABSENT (PLAYED, NOT_ATTENDING recognised). */
    status: text('status', { enum: PARTICIPANT_STATUSES }).notNull().default('PENDING'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A parent said the child can't come (migration 0027): when, why, and which parent; the status stays the coach's. */
    cantComeAt: timestamp('cant_come_at', { withTimezone: true }),
    cantComeReason: text('cant_come_reason'),
    cantComeBy: uuid('cant_come_by'),
  },
  (t) => [
    tenantKey(t),
    inAcademy('participants_event_id_fk', [t.academyId, t.eventId], events).onDelete('cascade'),
    inAcademy('participants_user_id_fk', [t.academyId, t.userId], users).onDelete('cascade'),
    // Migration 0015 writes `ON DELETE SET NULL (team_id)`: the participant stays in its academy (drizzle has no column list).
    inAcademy('participants_team_id_fk', [t.academyId, t.teamId], teams).onDelete('set null'),
    uniqueIndex('participants_academy_event_user_idx').on(t.academyId, t.eventId, t.userId),
    index('participants_academy_user_idx').on(t.academyId, t.userId),
  ],
);

/**
 * Attendance marks a device queued offline (migration 0028): one row per mark id the device made,
 * so a mark sent again changes nothing. `outcome`: APPLIED, or SUPERSEDED when the participant had
 * been changed on the server after `markedAt` (the later change kept).
 */
export const attendanceMarks = pgTable(
  'attendance_marks',
  {
    id: uuid('id').notNull(),
    academyId: academyId(),
    participantId: uuid('participant_id').notNull(),
    status: text('status', { enum: PARTICIPANT_STATUSES }).notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    markedBy: uuid('marked_by'),
    outcome: text('outcome', { enum: ['APPLIED', 'SUPERSEDED'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    inAcademy('attendance_marks_participant_id_fk', [t.academyId, t.participantId], participants).onDelete('cascade'),
    index('attendance_marks_academy_participant_idx').on(t.academyId, t.participantId),
  ],
);

export const packages = pgTable(
  'packages',
  {
    id: tenantId(),
    academyId: academyId(),
    name: text('name').notNull(),
    nameArabic: text('name_arabic'),
    /** SAR in halalas. */
    priceHalalas: integer('price_halalas').notNull().default(0),
    packageType: text('package_type', { enum: PACKAGE_TYPES }).notNull().default('TIME_BASED'),
    monthsNumber: integer('months_number'),
    sessionsCount: integer('sessions_count'),
    hasTrial: boolean('has_trial').notNull().default(false),
    trialDays: integer('trial_days').notNull().default(0),
    allowPause: boolean('allow_pause').notNull().default(false),
    skipLimit: integer('skip_limit').notNull().default(0),
    description: text('description'),
    descriptionArabic: text('description_arabic'),
    isActive: boolean('is_active').notNull().default(true),
    /** Set when a package in use is deleted: it disappears from lists but keeps its subscriptions. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Subscriptions of it with a saved card renew themselves on their renewal date (migration 0043). */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** Instalments offered (migration 0050): granting each month as paid or the whole period at the first; null for none. */
    instalmentGrant: text('instalment_grant', { enum: INSTALMENT_GRANTS }),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t), index('packages_academy_idx').on(t.academyId, t.isActive)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: tenantId(),
    academyId: academyId(),
    playerId: uuid('player_id').notNull(),
    packageId: uuid('package_id').notNull(),
    /** ACTIVE, INACTIVE, CANCELLED, TRIAL, PENDING, PAUSED. */
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('PENDING'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    sessionsLeft: integer('sessions_left'),
    totalSessions: integer('total_sessions'),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    inAcademy('subscriptions_player_id_fk', [t.academyId, t.playerId], users).onDelete('cascade'),
    inAcademy('subscriptions_package_id_fk', [t.academyId, t.packageId], packages),
    // The public payment pages find a subscription's academy by its id alone (subscription_academy, migration 0009).
    index('subscriptions_id_idx').on(t.id),
    index('subscriptions_academy_player_idx').on(t.academyId, t.playerId, t.endDate),
    index('subscriptions_academy_status_idx').on(t.academyId, t.status),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: tenantId(),
    academyId: academyId(),
    subscriptionId: uuid('subscription_id').notNull(),
    amountHalalas: integer('amount_halalas').notNull(),
    /** Cash or Card. */
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    provider: text('provider'),
    /**
     * The provider's transaction reference; unique per subscription so a repeated callback never pays a
     * period twice (a family checkout's one transaction pays several subscriptions, migration 0048).
     */
    providerRef: text('provider_ref'),
    /** PENDING, PAID, FAILED. */
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('PENDING'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A card payment's way (migration 0044): mada, Visa/Mastercard, Apple Pay or STC Pay, from the provider's answer. */
    cardMethod: text('card_method', { enum: CARD_METHODS }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    // Money records are kept (migration 0018): a subscription with a payment cannot be deleted, nor its player.
    inAcademy('payments_subscription_id_fk', [t.academyId, t.subscriptionId], subscriptions).onDelete('no action'),
    index('payments_academy_subscription_idx').on(t.academyId, t.subscriptionId),
    uniqueIndex('payments_academy_provider_ref_idx').on(t.academyId, t.providerRef, t.subscriptionId),
  ],
);

/**
 * Every card payment page Kora opens and what became of it (migration 0024), from the provider's
 * signed callback or its answer to a query. The payer's result page reads it by its unguessable id,
 * never from the address the browser was sent to.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: tenantId(),
    academyId: academyId(),
    /** The subscription the payment pays (a renewal pays a new one). */
    subscriptionId: uuid('subscription_id').notNull(),
    /** The page the payer started from, to try again: `/{retryPage}-subscription/{retrySubscriptionId}`. */
    retrySubscriptionId: uuid('retry_subscription_id').notNull(),
    retryPage: text('retry_page', { enum: PAYMENT_PAGES }).notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    amountHalalas: integer('amount_halalas').notNull(),
    /** The sibling price the page showed (migration 0047): halalas off the package's price, and its percent. */
    allowanceHalalas: integer('allowance_halalas').notNull().default(0),
    allowancePercent: integer('allowance_percent'),
    /** The payer's language (the receipt's, when the payment is confirmed later). */
    lang: text('lang', { enum: PAYMENT_LANGS }).notNull().default('en'),
    outcome: text('outcome', { enum: PAYMENT_OUTCOMES }).notNull().default('pending'),
    /** The provider's last `response_status` (A, D, X, C, …). */
    providerStatus: text('provider_status'),
    /** The payment it became, once applied. */
    paymentId: uuid('payment_id'),
    /** When a newer page for the same subscription replaced it (migration 0026). */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** A renewal of a running subscription: its period when the page opened (`end:YYYY-MM-DD` or `sessions:N`); null pays a PENDING one. */
    extendsFrom: text('extends_from'),
    /** The automatic refund of an unapplied charge: pending (provider asked), refunded or failed. */
    refundState: text('refund_state', { enum: ['pending', 'refunded', 'failed'] }),
    refundRef: text('refund_ref'),
    refundFailure: text('refund_failure'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** A pending automatic refund's checks with the provider (migration 0040): how many, the next, its last answer. */
    refundChecks: integer('refund_checks').notNull().default(0),
    refundNextCheckAt: timestamp('refund_next_check_at', { withTimezone: true }),
    refundProviderStatus: text('refund_provider_status'),
    /**
     * What the payment page showed (migration 0037): the package, its months or sessions, and a
     * PENDING subscription's period; a charge finding any of them changed is unapplied and refunded.
     */
    packageId: uuid('package_id'),
    packageMonths: integer('package_months'),
    packageSessions: integer('package_sessions'),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    /** Paid in instalments (migration 0050): how many and what is granted; the amount stays the period's, the first is charged. */
    instalmentCount: integer('instalment_count'),
    instalmentGrant: text('instalment_grant', { enum: INSTALMENT_GRANTS }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    inAcademy('payment_attempts_subscription_id_fk', [t.academyId, t.subscriptionId], subscriptions).onDelete('cascade'),
    inAcademy('payment_attempts_payment_id_fk', [t.academyId, t.paymentId], payments).onDelete('no action'),
    uniqueIndex('payment_attempts_academy_provider_ref_idx').on(t.academyId, t.providerRef),
    index('payment_attempts_academy_subscription_idx').on(t.academyId, t.subscriptionId),
    // The result page finds an attempt's academy by its id alone (payment_attempt_academy, migration 0024).
    index('payment_attempts_id_idx').on(t.id),
    index('payment_attempts_academy_refund_pending_idx').on(t.academyId, t.refundNextCheckAt).where(sql`${t.refundState} = 'pending'`),
  ],
);

/**
 * The periods a family checkout pays (migration 0048), as the portal showed them: the subscription,
 * what it costs (a sibling allowance apart) and its terms (attempts.ts `Terms`); the charge is applied
 * to all of them or refunded whole (payments/checkout.ts).
 */
export const paymentAttemptItems = pgTable(
  'payment_attempt_items',
  {
    academyId: academyId(),
    attemptId: uuid('attempt_id').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    amountHalalas: integer('amount_halalas').notNull(),
    allowanceHalalas: integer('allowance_halalas').notNull().default(0),
    allowancePercent: integer('allowance_percent'),
    extendsFrom: text('extends_from'),
    packageId: uuid('package_id').notNull(),
    packageMonths: integer('package_months'),
    packageSessions: integer('package_sessions'),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.academyId, t.attemptId, t.subscriptionId] }),
    inAcademy('payment_attempt_items_attempt_fk', [t.academyId, t.attemptId], paymentAttempts).onDelete('cascade'),
    inAcademy('payment_attempt_items_subscription_fk', [t.academyId, t.subscriptionId], subscriptions).onDelete('cascade'),
    index('payment_attempt_items_academy_subscription_idx').on(t.academyId, t.subscriptionId),
  ],
);

/**
 * The reminder e-mails parents were sent (docs/domain.md, "What needs attention"): at most one per
 * subscription and stage, claimed by inserting the row first (`on conflict do nothing`), so several
 * processes never mail twice.
 */
export const subscriptionReminders = pgTable(
  'subscription_reminders',
  {
    academyId: academyId(),
    subscriptionId: uuid('subscription_id').notNull(),
    /** low_sessions, ending_soon or pending_payment. */
    stage: text('stage', { enum: REMINDER_STAGES }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    inAcademy('subscription_reminders_subscription_id_fk', [t.academyId, t.subscriptionId], subscriptions).onDelete('cascade'),
    uniqueIndex('subscription_reminders_academy_subscription_stage_idx').on(t.academyId, t.subscriptionId, t.stage),
  ],
);

/** One row per academy holding the last issued invoice number; bumped inside the invoicing transaction so numbers have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  academyId: uuid('academy_id')
    .primaryKey()
    .references(() => academies.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

export const invoices = pgTable(
  'invoices',
  {
    id: tenantId(),
    academyId: academyId(),
    invoiceNumber: integer('invoice_number').notNull(),
    /** An invoice, or a credit note of one (migration 0023): same numbering, same e-invoice chain. */
    kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('invoice'),
    /** The payment an invoice is for; null for a credit note (its money goes back through `refunds`). */
    paymentId: uuid('payment_id'),
    /** A credit note: the invoice it credits, and why. */
    creditedInvoiceId: uuid('credited_invoice_id'),
    reason: text('reason'),
    subscriptionId: uuid('subscription_id').notNull(),
    userId: uuid('user_id').notNull(),
    packageName: text('package_name').notNull(),
    /** The package's Arabic name when it was issued (migration 0025); null when it had none. */
    packageNameArabic: text('package_name_arabic'),
    /** The period it pays, fixed at issue (migration 0026): first and last day, or the sessions added. */
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    periodSessions: integer('period_sessions'),
    subtotalHalalas: integer('subtotal_halalas').notNull(),
    vatHalalas: integer('vat_halalas').notNull().default(0),
    /** What was paid, VAT included: the package's price less `allowanceHalalas`. */
    totalHalalas: integer('total_halalas').notNull(),
    /** A sibling price's allowance, VAT included, and its percent (migration 0047); 0 and null without one. */
    allowanceHalalas: integer('allowance_halalas').notNull().default(0),
    allowancePercent: integer('allowance_percent'),
    /** An instalment's invoice (migration 0050): "instalment 1 of 3"; null otherwise. */
    instalmentNumber: integer('instalment_number'),
    instalmentCount: integer('instalment_count'),
    vatNumber: text('vat_number'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** The seller and the buyer as they were at issuance (migration 0019): a later rename never rewrites an invoice. */
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    // Invoices are kept for ever (migration 0018): their payment, subscription and player cannot be deleted.
    inAcademy('invoices_payment_id_fk', [t.academyId, t.paymentId], payments).onDelete('no action'),
    inAcademy('invoices_subscription_id_fk', [t.academyId, t.subscriptionId], subscriptions).onDelete('no action'),
    inAcademy('invoices_user_id_fk', [t.academyId, t.userId], users).onDelete('no action'),
    foreignKey({
      name: 'invoices_credited_invoice_id_fk',
      columns: [t.academyId, t.creditedInvoiceId],
      foreignColumns: [t.academyId, t.id],
    }).onDelete('no action'),
    // The public invoice link finds an invoice's academy by its id alone (invoice_academy, migration 0010).
    index('invoices_id_idx').on(t.id),
    uniqueIndex('invoices_academy_number_idx').on(t.academyId, t.invoiceNumber),
    uniqueIndex('invoices_academy_payment_idx').on(t.academyId, t.paymentId),
    index('invoices_academy_paid_idx').on(t.academyId, t.paidAt),
    index('invoices_academy_credited_idx').on(t.academyId, t.creditedInvoiceId).where(sql`${t.creditedInvoiceId} is not null`),
  ],
);

/**
 * Money given back for an invoice (migration 0023, docs/domain.md "Credit notes and refunds"): written
 * `pending` before the provider is asked (holding its amount), then `refunded` with the provider's
 * reference and the credit note issued for it, or `failed` with the provider's answer. Cash: refunded at once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: tenantId(),
    academyId: academyId(),
    invoiceId: uuid('invoice_id').notNull(),
    creditNoteId: uuid('credit_note_id'),
    amountHalalas: integer('amount_halalas').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    provider: text('provider'),
    /** The provider's reference of the refund transaction. */
    providerRef: text('provider_ref'),
    state: text('state', { enum: REFUND_STATES }).notNull().default('pending'),
    reason: text('reason').notNull(),
    /** The provider's answer when it refused. */
    failure: text('failure'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** A cancellation's refund (migration 0037): the subscription is cancelled when the refund settles. */
    cancelsSubscription: boolean('cancels_subscription').notNull().default(false),
    /** A pending card refund: how often the provider was asked, when next, and its last answer. */
    checks: integer('checks').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    providerStatus: text('provider_status'),
    /** Who settled it: `provider` (its answer), `query` (a later query), `member` (by hand, audited). */
    settledBy: text('settled_by', { enum: ['provider', 'query', 'member'] }),
  },
  (t) => [
    tenantKey(t),
    index('refunds_academy_pending_idx').on(t.academyId, t.nextCheckAt).where(sql`${t.state} = 'pending'`),
    inAcademy('refunds_invoice_id_fk', [t.academyId, t.invoiceId], invoices).onDelete('no action'),
    inAcademy('refunds_credit_note_id_fk', [t.academyId, t.creditNoteId], invoices).onDelete('no action'),
    index('refunds_academy_invoice_idx').on(t.academyId, t.invoiceId),
    uniqueIndex('refunds_academy_credit_note_idx').on(t.academyId, t.creditNoteId),
  ],
);

/** The seller an invoice names: the academy's name and address when it was issued (its VAT number is `vat_number`). */
export interface InvoiceSeller {
  name: string;
  nameArabic: string | null;
  crNumber: string | null;
  street: string | null;
  buildingNumber: string | null;
  district: string | null;
  city: string | null;
  postalCode: string | null;
}
/** The buyer an invoice names: the player when it was issued. */
export interface InvoiceBuyer {
  name: string;
  nameArabic: string | null;
}

/**
 * An academy's own ZATCA signing credential (migration 0019), filled by onboarding: the
 * certificate, the private key and API secret sealed (modules/invoices/formats/credentials.ts). Never answered.
 */
export const zatcaCredentials = pgTable(
  'zatca_credentials',
  {
    id: tenantId(),
    academyId: academyId(),
    /** `local`: the built-in simulator (migration 0022). */
    environment: text('environment', { enum: ['local', 'developer-portal', 'simulation', 'core'] }).notNull(),
    kind: text('kind', { enum: ['compliance', 'production'] }).notNull(),
    /** PEM. */
    certificate: text('certificate').notNull(),
    privateKeySealed: text('private_key_sealed').notNull(),
    /** The API secret ZATCA answers with the certificate. */
    secretSealed: text('secret_sealed'),
    requestId: text('request_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t), index('zatca_credentials_academy_kind_idx').on(t.academyId, t.kind, t.expiresAt)],
);

/**
 * The signed UBL document of an invoice (migration 0019), written in its transaction and never
 * changed (the server may only insert and read it): per academy the ICVs run 1, 2, 3… and each PIH
 * is the previous document's hash.
 */
export const invoiceDocuments = pgTable(
  'invoice_documents',
  {
    id: tenantId(),
    academyId: academyId(),
    invoiceId: uuid('invoice_id').notNull(),
    typeCode: text('type_code', { enum: ['388', '381', '383'] }).notNull(),
    uuid: uuid('uuid').notNull(),
    icv: integer('icv').notNull(),
    pih: text('pih').notNull(),
    hash: text('hash').notNull(),
    qr: text('qr').notNull(),
    xml: text('xml').notNull(),
    /** The academy's credential it was signed with; null: the development credential (or not signed yet). */
    credentialId: uuid('credential_id'),
    /**
     * Issued while the academy had no valid certificate (migration 0036): numbered and chained, its
     * XML the canonical document without signature, its QR tags 1–5; signed once, when a certificate
     * comes (modules/e-invoicing/waiting.ts), and only then reported.
     */
    unsigned: boolean('unsigned').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    inAcademy('invoice_documents_invoice_id_fk', [t.academyId, t.invoiceId], invoices).onDelete('no action'),
    inAcademy('invoice_documents_credential_id_fk', [t.academyId, t.credentialId], zatcaCredentials).onDelete('no action'),
    uniqueIndex('invoice_documents_academy_invoice_idx').on(t.academyId, t.invoiceId),
    uniqueIndex('invoice_documents_academy_icv_idx').on(t.academyId, t.icv),
    uniqueIndex('invoice_documents_academy_uuid_idx').on(t.academyId, t.uuid),
  ],
);

/**
 * The reporting queue (migration 0022, modules/e-invoicing/reporting.ts): one row per document to
 * report to ZATCA, its state, attempts, next attempt (null: due now) and ZATCA's answer, kept.
 */
export const zatcaReports = pgTable(
  'zatca_reports',
  {
    academyId: academyId(),
    documentId: uuid('document_id').notNull(),
    state: text('state', { enum: REPORTING_STATES }).notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    httpStatus: integer('http_status'),
    answer: jsonb('answer'),
    lastError: text('last_error'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.academyId, t.documentId] }),
    foreignKey({
      name: 'zatca_reports_document_id_fk',
      columns: [t.academyId, t.documentId],
      foreignColumns: [invoiceDocuments.academyId, invoiceDocuments.id],
    }).onDelete('no action'),
    index('zatca_reports_waiting_idx').on(t.academyId, t.nextAttemptAt).where(sql`${t.state} = 'waiting'`),
  ],
);

export const growthMetrics = pgTable(
  'growth_metrics',
  {
    id: tenantId(),
    academyId: academyId(),
    playerId: uuid('player_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    height: doublePrecision('height'),
    weight: doublePrecision('weight'),
    armSpan: doublePrecision('arm_span'),
    handGrip: doublePrecision('hand_grip'),
    sprint10m: doublePrecision('sprint10m'),
    sprint20m: doublePrecision('sprint20m'),
    standingLongJump: doublePrecision('standing_long_jump'),
    verticalJump: doublePrecision('vertical_jump'),
    /** Home, School or null. */
    breakfastSource: text('breakfast_source', { enum: BREAKFAST_SOURCES }),
    sleepingHours: doublePrecision('sleeping_hours'),
    createdAt: createdAt(),
  },
  // A player's records by date and, read backwards, the latest one first (the growth list's latest record without a sort).
  (t) => [
    tenantKey(t),
    inAcademy('growth_metrics_player_id_fk', [t.academyId, t.playerId], users).onDelete('cascade'),
    index('growth_metrics_academy_player_idx').on(t.academyId, t.playerId, t.date, t.createdAt, t.id),
  ],
);

/**
 * Who changed money, attendance or permissions, when and from which address (docs/domain.md,
 * "Audit trail"): one row per successful change, written by the audit hook (http/audit.ts) or,
 * for a provider's payment, by the activation itself. Never updated.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: tenantId(),
    academyId: academyId(),
    /** The member who acted; null for the payment provider. */
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    /** The endpoint's operation id (e.g. cancelSubscription) or `paymentReceived`. */
    action: text('action').notNull(),
    /** The changed record's id (the path's id), when there is one. */
    targetId: text('target_id'),
    /** The request's body without secrets (what was asked). */
    details: jsonb('details'),
    address: text('address'),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t), index('audit_events_academy_created_idx').on(t.academyId, t.createdAt)],
);

// ── family portal (migration 0027) ───────────────────────────────────────────

/** Parent sessions: global like `sessions` (the request knows only its token); never accepted on staff routes. */
export const familySessions = pgTable(
  'family_sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    academyId: academyId(),
    /** The parent who signed in (the audit's actor). */
    parentId: uuid('parent_id').notNull(),
    /** The academy's parent rows with the address signed in with: one person who registered each child separately. */
    parentIds: uuid('parent_ids').array().notNull(),
    /**
     * The address signed in with (lower-case e-mail or +9665… mobile, migration 0034): the family is
     * read again by it on every request. Null for sessions opened before, which keep `parentIds`.
     */
    channel: text('channel', { enum: ['email', 'sms'] }),
    address: text('address'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('family_sessions_academy_parent_idx').on(t.academyId, t.parentId)],
);

/** Text messages (sms/sms.ts): global like outgoing_mails; the development outbox keeps the text. */
export const outgoingSms = pgTable(
  'outgoing_sms',
  {
    id: id(),
    academyId: uuid('academy_id').references(() => academies.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    text: text('text').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('outgoing_sms_academy_idx').on(t.academyId, t.createdAt)],
);

// ── messages (migration 0041; docs/domain.md, "Messages: every one accounted for") ──

/**
 * One message per recipient, channel, kind and cause: written in the transaction of the change that
 * causes it (idempotency key unique per academy), sent by the worker (modules/messages/queue.ts).
 */
export const messages = pgTable(
  'messages',
  {
    id: tenantId(),
    academyId: academyId(),
    /** The parent or member; null once that user was deleted (the record stays). */
    recipientId: uuid('recipient_id'),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    locale: text('locale', { enum: FAMILY_LANGUAGES }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The e-mail, E.164 number, or `push:<user id>` it goes to. */
    address: text('address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The deep link into the portal or the app. */
    link: text('link').notNull(),
    /** WhatsApp: the template's name and named parameters (templates.ts). */
    template: text('template'),
    templateParams: jsonb('template_params').$type<Record<string, string>>(),
    /** Pushed during quiet hours all the same (an event soon cancelled or moved). */
    urgent: boolean('urgent').notNull().default(false),
    eventId: uuid('event_id'),
    state: text('state', { enum: MESSAGE_STATES }).notNull().default('queued'),
    failureReason: text('failure_reason'),
    providerMessageId: text('provider_message_id'),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may take it (null: now); quiet hours and retries move it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The failed WhatsApp or push message this one replaces (a fallback never falls back again). */
    fallbackOf: uuid('fallback_of'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    // Migration 0041 writes `ON DELETE SET NULL (recipient_id)` (drizzle has no column list).
    inAcademy('messages_recipient_id_fk', [t.academyId, t.recipientId], users).onDelete('set null'),
    uniqueIndex('messages_academy_idempotency_idx').on(t.academyId, t.idempotencyKey),
    index('messages_academy_created_idx').on(t.academyId, t.createdAt, t.id),
    index('messages_academy_recipient_idx').on(t.academyId, t.recipientId, t.createdAt),
    index('messages_queue_idx').on(t.academyId, t.nextAttemptAt).where(sql`${t.state} = 'queued'`),
    index('messages_provider_id_idx').on(t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
  ],
);

/** A parent's (or member's) choices: channels per kind (null: the academy's defaults), quiet hours, opt-out, WhatsApp opt-in. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    academyId: academyId(),
    userId: uuid('user_id').notNull(),
    channels: jsonb('channels').$type<Partial<Record<string, string[]>>>(),
    quietHours: boolean('quiet_hours').notNull().default(true),
    optedOut: boolean('opted_out').notNull().default(false),
    whatsappOptInAt: timestamp('whatsapp_opt_in_at', { withTimezone: true }),
    whatsappOptInVia: text('whatsapp_opt_in_via', { enum: WHATSAPP_OPT_IN_SOURCES }),
    /** A paper opt-in recorded by staff (via 'staff', migration 0046): the member who recorded it, and the form's words. */
    whatsappOptInBy: uuid('whatsapp_opt_in_by'),
    whatsappOptInNote: text('whatsapp_opt_in_note'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.academyId, t.userId] }),
    inAcademy('notification_preferences_user_id_fk', [t.academyId, t.userId], users).onDelete('cascade'),
    inAcademy('notification_preferences_opt_in_by_fk', [t.academyId, t.whatsappOptInBy], users).onDelete('set null'),
  ],
);

/** A device subscribed to push (the staff app or the portal); removed when its push service answers 404 or 410. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: tenantId(),
    academyId: academyId(),
    userId: uuid('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    device: text('device'),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    tenantKey(t),
    inAcademy('push_subscriptions_user_id_fk', [t.academyId, t.userId], users).onDelete('cascade'),
    uniqueIndex('push_subscriptions_academy_endpoint_idx').on(t.academyId, t.endpoint),
    index('push_subscriptions_academy_user_idx').on(t.academyId, t.userId),
  ],
);

/** The academy's defaults (Settings → Messages): channels per kind (null: the built-in ones), whether absence is told. */
export const messageSettings = pgTable(
  'message_settings',
  {
    academyId: academyId(),
    channels: jsonb('channels').$type<Partial<Record<string, string[]>>>(),
    absentWithoutNotice: boolean('absent_without_notice').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.academyId] })],
);

/** The development outbox of WhatsApp and push (mail and SMS keep theirs): global like outgoing_sms. */
export const channelOutbox = pgTable(
  'channel_outbox',
  {
    id: id(),
    academyId: uuid('academy_id').references(() => academies.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    to: text('to').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('channel_outbox_channel_idx').on(t.channel, t.createdAt)],
);

/** One-time sign-in codes (and the link's token), hashed; 10 minutes, single use, a few wrong tries. */
export const familyCodes = pgTable(
  'family_codes',
  {
    id: tenantId(),
    academyId: academyId(),
    parentId: uuid('parent_id').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** The normalised address it was sent to (lower-case e-mail or +9665… mobile). */
    address: text('address').notNull(),
    codeHash: text('code_hash').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    inAcademy('family_codes_parent_id_fk', [t.academyId, t.parentId], users).onDelete('cascade'),
    index('family_codes_academy_address_idx').on(t.academyId, t.address, t.createdAt),
    uniqueIndex('family_codes_academy_token_idx').on(t.academyId, t.tokenHash),
    index('family_codes_academy_parent_idx').on(t.academyId, t.parentId),
  ],
);

/**
 * A public registration whose e-mail or mobile already belonged to a parent of the academy
 * (migration 0034): its parent row stays out of that address's family until staff confirm it.
 */
/** A family payment link (docs/domain.md, "A family payment link"): a parent row's page that pays the family together. */
export const familyPaymentLinks = pgTable(
  'family_payment_links',
  {
    id: tenantId(),
    academyId: academyId(),
    parentId: uuid('parent_id').notNull(),
    /** SHA-256 of the link's token: the link itself is shown once. */
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    tenantKey(t),
    inAcademy('family_payment_links_parent_id_fk', [t.academyId, t.parentId], users).onDelete('cascade'),
    uniqueIndex('family_payment_links_academy_token_idx').on(t.academyId, t.tokenHash),
  ],
);

export const familyJoins = pgTable(
  'family_joins',
  {
    id: tenantId(),
    academyId: academyId(),
    /** The registration's own parent row, kept apart meanwhile. */
    parentId: uuid('parent_id').notNull(),
    /** The child registered with it. */
    playerId: uuid('player_id').notNull(),
    /** The academy's first parent with that address. */
    existingParentId: uuid('existing_parent_id').notNull(),
    sameEmail: boolean('same_email').notNull(),
    samePhone: boolean('same_phone').notNull(),
    state: text('state', { enum: ['pending', 'confirmed', 'separate'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    tenantKey(t),
    inAcademy('family_joins_parent_id_fk', [t.academyId, t.parentId], users).onDelete('cascade'),
    inAcademy('family_joins_player_id_fk', [t.academyId, t.playerId], users).onDelete('cascade'),
    inAcademy('family_joins_existing_parent_id_fk', [t.academyId, t.existingParentId], users).onDelete('cascade'),
    uniqueIndex('family_joins_academy_parent_idx').on(t.academyId, t.parentId),
    index('family_joins_academy_state_idx').on(t.academyId, t.state, t.createdAt),
  ],
);

export const announcements = pgTable(
  'announcements',
  {
    id: tenantId(),
    academyId: academyId(),
    audience: text('audience', { enum: ANNOUNCEMENT_AUDIENCES }).notNull(),
    teamId: uuid('team_id'),
    playerId: uuid('player_id'),
    title: text('title').notNull(),
    titleArabic: text('title_arabic'),
    body: text('body').notNull(),
    bodyArabic: text('body_arabic'),
    sms: boolean('sms').notNull().default(false),
    authorId: uuid('author_id'),
    authorName: text('author_name'),
    authorNameArabic: text('author_name_arabic'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    // Migration 0027 writes `ON DELETE SET NULL (team_id)` (drizzle has no column list).
    inAcademy('announcements_team_id_fk', [t.academyId, t.teamId], teams).onDelete('set null'),
    inAcademy('announcements_player_id_fk', [t.academyId, t.playerId], users).onDelete('cascade'),
    index('announcements_academy_created_idx').on(t.academyId, t.createdAt),
  ],
);

/** The parents an announcement went to, in which language, and when each opened it. */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    academyId: academyId(),
    announcementId: uuid('announcement_id').notNull(),
    parentId: uuid('parent_id').notNull(),
    language: text('language', { enum: FAMILY_LANGUAGES }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.academyId, t.announcementId, t.parentId] }),
    inAcademy('announcement_recipients_announcement_id_fk', [t.academyId, t.announcementId], announcements).onDelete('cascade'),
    inAcademy('announcement_recipients_parent_id_fk', [t.academyId, t.parentId], users).onDelete('cascade'),
    index('announcement_recipients_parent_idx').on(t.academyId, t.parentId),
  ],
);

/** The purposes a parent consents to (migration 0042; docs/domain.md, "Data map"). */
export const CONSENT_PURPOSE_VALUES = ['terms_privacy', 'medical', 'photos', 'messages_sms', 'messages_email'] as const;

/** Consents per child and purpose, each change a new row (the latest is the state). */
export const consents = pgTable(
  'consents',
  {
    id: tenantId(),
    academyId: academyId(),
    playerId: uuid('player_id').notNull(),
    purpose: text('purpose', { enum: CONSENT_PURPOSE_VALUES }).notNull(),
    granted: boolean('granted').notNull(),
    /** The version of the text agreed to (contracts, CONSENT_TEXTS). */
    version: text('version').notNull(),
    language: text('language', { enum: ['en', 'ar'] }).notNull(),
    /** The parent who gave it (the wizard, the family portal); null when a member recorded it from paper. */
    parentId: uuid('parent_id'),
    /** The member who recorded it ("the guardian agreed on paper"). */
    recordedById: uuid('recorded_by_id'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    inAcademy('consents_player_id_fk', [t.academyId, t.playerId], users).onDelete('cascade'),
    // Migration 0042 writes `ON DELETE SET NULL (column)` for these two (drizzle has no column list).
    inAcademy('consents_parent_id_fk', [t.academyId, t.parentId], users).onDelete('set null'),
    inAcademy('consents_recorded_by_id_fk', [t.academyId, t.recordedById], users).onDelete('set null'),
    index('consents_academy_player_idx').on(t.academyId, t.playerId, t.purpose, t.createdAt),
  ],
);

/** Uploaded photos not to serve (migration 0042): a child's whose photo consent was withdrawn. Global: an address carries no academy. */
export const withheldPhotos = pgTable('withheld_photos', {
  path: text('path').primaryKey(),
  createdAt: createdAt(),
});

/**
 * A family's data requests and erasures (migration 0045; docs/domain.md, "Privacy requests"): an export
 * built by a job into a ZIP linked once (the token's hash) and deleted after its download or 24 hours;
 * an erasure with who asked, when, and its outcome or coded refusal. Kept as the record a restore re-applies.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: tenantId(),
    academyId: academyId(),
    kind: text('kind', { enum: ['export', 'erasure'] }).notNull(),
    /** The child erased, or the child whose family is exported (staff); null: the signed-in parent's whole family. */
    playerId: uuid('player_id'),
    /** The parent who asked in the portal. */
    parentId: uuid('parent_id'),
    /** The member who made it (a request on paper) or confirmed a retention erasure. */
    memberId: uuid('member_id'),
    via: text('via', { enum: ['portal', 'staff', 'retention'] }).notNull(),
    state: text('state', { enum: ['building', 'ready', 'downloaded', 'expired', 'failed', 'erased', 'refused'] }).notNull(),
    /** An export's progress, 0–100. */
    progress: integer('progress').notNull().default(0),
    /** A refusal's code (e.g. privacy.open_subscription). */
    reason: text('reason'),
    /** What an erasure did (counts per table), or what an export holds. */
    outcome: jsonb('outcome').$type<Record<string, number>>(),
    tokenHash: text('token_hash'),
    /** The export's file under DATA_DIR/exports. */
    file: text('file'),
    language: text('language', { enum: ['en', 'ar'] })
      .notNull()
      .default('ar'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    tenantKey(t),
    index('privacy_requests_academy_created_idx').on(t.academyId, t.createdAt),
    uniqueIndex('privacy_requests_academy_token_idx').on(t.academyId, t.tokenHash),
    index('privacy_requests_token_idx').on(t.tokenHash).where(sql`${t.tokenHash} is not null`),
  ],
);

// ── collections (migration 0043; docs/domain.md, "Automatic renewals and retries") ──────────────

/** The academy's retry schedule (days after the renewal date) and grace days; no row: the defaults. */
export const collectionSettings = pgTable(
  'collection_settings',
  {
    academyId: academyId(),
    retryDays: jsonb('retry_days').$type<number[]>().notNull().default([0, 2, 5]),
    graceDays: integer('grace_days').notNull().default(7),
    /** Sibling prices (migration 0047), by child from the 2nd on. */
    siblingDiscounts: jsonb('sibling_discounts').$type<SiblingDiscount[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.academyId] })],
);

/** A parent's card token saved with their consent (the consent's text version, language and time). */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: tenantId(),
    academyId: academyId(),
    parentId: uuid('parent_id').notNull(),
    provider: text('provider').notNull(),
    token: text('token').notNull(),
    /** The payment that saved it (PayTabs' original `tran_ref` of the recurring agreement). */
    firstTranRef: text('first_tran_ref').notNull(),
    /** The masked card as the provider described it, e.g. "4111 11## #### 1111". */
    label: text('label').notNull(),
    consentVersion: text('consent_version').notNull(),
    consentLang: text('consent_lang', { enum: ['en', 'ar'] }).notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    /** Set when the provider answered that the token can no longer be charged: `expired` or `authentication`. */
    unusableReason: text('unusable_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    inAcademy('saved_cards_parent_id_fk', [t.academyId, t.parentId], users).onDelete('cascade'),
    uniqueIndex('saved_cards_academy_first_tran_ref_idx').on(t.academyId, t.firstTranRef),
    index('saved_cards_academy_parent_idx').on(t.academyId, t.parentId),
  ],
);

/** The consent ticked on the payment page, by the page's transaction reference, until the payment settles. */
export const cardConsents = pgTable(
  'card_consents',
  {
    academyId: academyId(),
    providerRef: text('provider_ref').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    parentId: uuid('parent_id').notNull(),
    consentVersion: text('consent_version').notNull(),
    consentLang: text('consent_lang', { enum: ['en', 'ar'] }).notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.academyId, t.providerRef] }),
    inAcademy('card_consents_subscription_id_fk', [t.academyId, t.subscriptionId], subscriptions).onDelete('cascade'),
    inAcademy('card_consents_parent_id_fk', [t.academyId, t.parentId], users).onDelete('cascade'),
  ],
);

/** A subscription renewed automatically with a saved card. */
export const autoRenewals = pgTable(
  'auto_renewals',
  {
    academyId: academyId(),
    subscriptionId: uuid('subscription_id').notNull(),
    savedCardId: uuid('saved_card_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.academyId, t.subscriptionId] }),
    inAcademy('auto_renewals_subscription_id_fk', [t.academyId, t.subscriptionId], subscriptions).onDelete('cascade'),
    inAcademy('auto_renewals_saved_card_id_fk', [t.academyId, t.savedCardId], savedCards).onDelete('cascade'),
    index('auto_renewals_academy_card_idx').on(t.academyId, t.savedCardId),
  ],
);

/**
 * A subscription paid in instalments (docs/domain.md, "Instalments"; migration 0050): the period's price
 * (a sibling allowance apart) split into `count`, how many are paid, and the day the next falls due
 * (null once all are paid). The renewal job collects each on its day (renewal_charges, `inst:<k>`).
 */
export const instalmentPlans = pgTable(
  'instalment_plans',
  {
    academyId: academyId(),
    subscriptionId: uuid('subscription_id').notNull(),
    count: integer('count').notNull(),
    paidCount: integer('paid_count').notNull().default(1),
    grant: text('grant', { enum: INSTALMENT_GRANTS }).notNull(),
    /** The whole period's price, VAT included, and its sibling allowance: each instalment is its share (instalmentAmounts). */
    totalHalalas: integer('total_halalas').notNull(),
    allowanceHalalas: integer('allowance_halalas').notNull().default(0),
    allowancePercent: integer('allowance_percent'),
    /** What the first and each later instalment asks (the first carries the rounding). */
    firstHalalas: integer('first_halalas').notNull(),
    instalmentHalalas: integer('instalment_halalas').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    nextDueOn: date('next_due_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.academyId, t.subscriptionId] }),
    inAcademy('instalment_plans_subscription_id_fk', [t.academyId, t.subscriptionId], subscriptions).onDelete('cascade'),
    index('instalment_plans_academy_next_idx').on(t.academyId, t.nextDueOn).where(sql`${t.nextDueOn} IS NOT NULL`),
  ],
);

export const RENEWAL_CHARGE_STATES = ['due', 'charging', 'paid', 'failed', 'stopped'] as const;

/** One automatic renewal charge per subscription and period (the unique key is the claim), with its tries. */
export const renewalCharges = pgTable(
  'renewal_charges',
  {
    id: tenantId(),
    academyId: academyId(),
    subscriptionId: uuid('subscription_id').notNull(),
    /** The period it renews (`periodKey`: `end:YYYY-MM-DD`). */
    periodKey: text('period_key').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** What the last try asked (the renewal page's price at the time); null before the first. */
    amountHalalas: integer('amount_halalas'),
    state: text('state', { enum: RENEWAL_CHARGE_STATES }).notNull().default('due'),
    tries: integer('tries').notNull().default(0),
    nextTryOn: date('next_try_on', { mode: 'string' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastStatus: text('last_status'),
    lastMessage: text('last_message'),
    paymentId: uuid('payment_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    inAcademy('renewal_charges_subscription_id_fk', [t.academyId, t.subscriptionId], subscriptions).onDelete('cascade'),
    uniqueIndex('renewal_charges_academy_subscription_period_idx').on(t.academyId, t.subscriptionId, t.periodKey),
    index('renewal_charges_academy_next_idx').on(t.academyId, t.nextTryOn).where(sql`${t.state} IN ('due', 'charging')`),
  ],
);

/** One try of a renewal charge: its id is the provider's `cart_id`, so an unanswered try is asked about before another. */
export const renewalTries = pgTable(
  'renewal_tries',
  {
    id: tenantId(),
    academyId: academyId(),
    chargeId: uuid('charge_id').notNull(),
    tryNo: integer('try_no').notNull(),
    tranRef: text('tran_ref'),
    status: text('status'),
    message: text('message'),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    tenantKey(t),
    inAcademy('renewal_tries_charge_id_fk', [t.academyId, t.chargeId], renewalCharges).onDelete('cascade'),
    uniqueIndex('renewal_tries_academy_charge_try_idx').on(t.academyId, t.chargeId, t.tryNo),
  ],
);
