import { z } from 'zod';
import { academyProfileSchema, academyUpdateFields, academyUpdateReply, refundPolicyParams, refundPolicyReply } from './academies.js';
import { accountTypeBody, accountTypeListItemSchema } from './account-types.js';
import { attendanceReportExportQuery, attendanceReportQuery, attendanceReportSchema } from './attendance-reports.js';
import { attendanceSyncBody, attendanceSyncReply } from './attendance-sync.js';
import { attentionReplySchema } from './attention.js';
import { auditEventSchema, auditQuerySchema } from './audit.js';
import {
  accountTypeSchema,
  changePasswordBody,
  checkHandleParams,
  checkHandleReply,
  confirmOwnerBody,
  confirmOwnerReply,
  forgotPasswordBody,
  loginBody,
  loginReply,
  meReply,
  registerAcademyBody,
  registerAcademyReply,
  resetPasswordBody,
} from './auth.js';
import {
  collectionSettingsBody,
  collectionSettingsSchema,
  familySavedCardsSchema,
  removeSavedCardReply,
  savedCardParams,
} from './collections.js';
import { errorSchema, idParamsSchema } from './common.js';
import { childConsentsBody, childConsentsSchema } from './consents.js';
import { eInvoicingOtpBody, eInvoicingStatusSchema } from './e-invoicing.js';
import {
  calendarFeedBody,
  calendarFeedParams,
  calendarFeedReply,
  calendarFeedStatusReply,
  eventBodySchema,
  eventCreateBodySchema,
  eventListQuery,
  eventSchema,
  eventScopeQuery,
  monthlyStatsSchema,
} from './events.js';
import {
  announcementBody,
  announcementSchema,
  childIdParams,
  familyAnnouncementSchema,
  familyAvailabilityBody,
  familyChildDetailsBody,
  familyDetailsSchema,
  familyEventSchema,
  familyEventsQuery,
  familyHomeSchema,
  familyMeSchema,
  familyMoneySchema,
  familyParentDetailsBody,
  familyProgressSchema,
  familySettingsBody,
  familySettingsSchema,
  familySignInBody,
  familySignInReply,
  familyVerifyBody,
  familyVerifyReply,
  participantIdParams,
} from './family.js';
import { familyJoinDecisionBody, familyJoinOfferSchema, familyJoinSchema } from './family-joins.js';
import {
  growthMediansSchema,
  growthMetricBody,
  growthMetricFields,
  growthMetricSchema,
  growthPlayerRowSchema,
  playerIdParamsSchema,
} from './growth.js';
import {
  creditNoteBody,
  creditNoteSchema,
  invoiceExportQuery,
  invoiceListItemSchema,
  invoiceListQuery,
  pendingRefundSchema,
  refundOutcomeSchema,
  settleRefundBody,
} from './invoices.js';
import { monthCollectionsSchema } from './month-collections.js';
import {
  memberNotificationPreferencesBody,
  memberNotificationPreferencesSchema,
  messageListQuery,
  messageListReply,
  messageSettingsBody,
  messageSettingsSchema,
  notificationPreferencesBody,
  notificationPreferencesSchema,
  parentIdParams,
  pushSubscribeReply,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  recordWhatsappOptInBody,
  vapidKeyReply,
  whatsappOptInRecordSchema,
  whatsappVerifyQuery,
  whatsappWebhookBody,
  whatsappWebhookReply,
} from './notifications.js';
import { packageBody, packageDeleteReply, packageSchema, packageToggleBody, publicPackageSchema, publicPackagesQuery } from './packages.js';
import {
  familyCheckoutBody,
  familyCheckoutOfferSchema,
  familyCheckoutReply,
  familyPaymentLinkReply,
  familyPaymentPageSchema,
  familyPaymentTokenParams,
  initiatePaymentBody,
  initiatePaymentFailure,
  initiatePaymentReply,
  paymentCallbackBody,
  paymentCallbackQuery,
  paymentDetailsSchema,
  paymentOkReply,
  paymentResultParams,
  paymentResultReply,
  paymentReturnBody,
  paymentReturnQuery,
} from './payments.js';
import {
  attendanceRecordSchema,
  markAllPresentReply,
  participantStatusBody,
  participantStatusReply,
  participationSchema,
  sessionStatsSchema,
} from './player-data.js';
import { importPreviewSchema, importResultSchema, playerFileQuery, playerImportFields } from './player-import.js';
import {
  erasureReply,
  exportTokenParams,
  privacyExportBody,
  privacyExportStarted,
  privacyExportStatus,
  privacyNoticeQuery,
  privacySettingsBody,
  privacySettingsSchema,
  retentionEraseBody,
  retentionEraseReply,
  retentionReviewReply,
  unconfirmedGuardiansReply,
} from './privacy.js';
import { registerParentBody, registerParentReply } from './registration.js';
import type { RouteKey } from './routes.js';
import {
  activateSubscriptionBody,
  activateSubscriptionParams,
  cancelSubscriptionBody,
  cancelSubscriptionReply,
  changeSubscriptionPackageBody,
  createSubscriptionBody,
  managedSubscriptionSchema,
  subscriptionIdParams,
  subscriptionRefundableSchema,
  subscriptionRowSchema,
} from './subscriptions.js';
import { teamBodySchema, teamSchema, teamUpdateBodySchema } from './teams.js';
import {
  anyUserSchema,
  coachCreateBody,
  coachCreateReply,
  coachSchema,
  coachUpdateBody,
  parentPlayerFieldsSchema,
  parentPlayerReply,
  playerUpdateSchema,
  staffCreateBody,
  staffCreateReply,
  subscriptionSchema,
  userAccountBody,
  userRoleQuery,
} from './users.js';

/** A multipart body: its text fields (validated like JSON) and the names of its optional image files. */
export interface MultipartBody {
  fields: z.ZodType;
  files: readonly string[];
}

/**
 * One call of the API. `body` is a JSON body, `multipart` a form; a call may take either (the
 * player edit). `responses` maps each status to its answer's schema, `null` for no body.
 */
export interface Endpoint {
  summary: string;
  tags: readonly string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  multipart?: MultipartBody;
  /** The media type of the success answer when it is not JSON (a calendar, a PDF); its schema is then a string. */
  produces?: string;
  /**
   * This operation shares its method and path with another one (routes.ts) and answers the requests
   * whose query carries this key; the other answers those without it. The paths stay as clients know
   * them, and each operation keeps its own access, validation and answer.
   */
  discriminator?: { query: string };
  responses: { [status: number]: z.ZodType | null };
}

const photo = ['photo'] as const;
const playerFile = ['file'] as const;
const noContent = null;
const message = z.object({ message: z.string() });

/** The HTTP API: each route's request and answers. The server registers routes from it, the web types its client by it. */
export const endpoints = {
  registerAcademy: {
    summary: 'Create an academy and its owner',
    tags: ['access'],
    body: registerAcademyBody,
    responses: { 201: registerAcademyReply, 409: errorSchema },
  },
  checkHandle: {
    summary: 'Whether an academy handle exists',
    tags: ['access'],
    params: checkHandleParams,
    responses: { 200: checkHandleReply },
  },
  login: { summary: 'Log in to an academy', tags: ['access'], body: loginBody, responses: { 200: loginReply, 401: errorSchema } },
  me: { summary: 'The signed-in user', tags: ['access'], responses: { 200: meReply } },
  logout: { summary: 'End this session', tags: ['access'], responses: { 204: noContent } },
  forgotPassword: {
    summary: 'Mail a password reset link',
    tags: ['access'],
    body: forgotPasswordBody,
    responses: { 202: message },
  },
  resetPassword: {
    summary: 'Set a new password with a reset token',
    tags: ['access'],
    body: resetPasswordBody,
    responses: { 204: noContent },
  },
  confirmOwner: {
    summary:
      "Confirm an academy owner's e-mail with the link mailed at sign-up (3 days, once): until then the academy sends no text messages",
    tags: ['access'],
    body: confirmOwnerBody,
    responses: { 200: confirmOwnerReply, 400: errorSchema },
  },
  resendOwnerConfirmation: {
    summary: "Mail the academy owner's confirmation link again (a new link; the earlier one stops working)",
    tags: ['access'],
    responses: { 204: noContent, 409: errorSchema },
  },
  changePassword: {
    summary:
      "Change the signed-in member's password: the current one must be right (400 auth.current_password_wrong); the member's other sessions end",
    tags: ['access'],
    body: changePasswordBody,
    responses: { 204: noContent, 429: errorSchema },
  },
  registerParent: {
    summary: 'A parent registers a child (public)',
    tags: ['access'],
    body: registerParentBody,
    responses: { 201: registerParentReply, 404: errorSchema },
  },

  listPublicPackages: {
    summary: "An academy's active packages, by its handle (the parent registration wizard)",
    tags: ['packages'],
    query: publicPackagesQuery,
    discriminator: { query: 'handle' },
    responses: { 200: z.array(publicPackageSchema), 404: errorSchema },
  },
  listPackages: {
    summary: "Every package of the member's academy but the archived ones",
    tags: ['packages'],
    responses: { 200: z.array(packageSchema) },
  },
  createPackage: {
    summary: 'Create a package (time-based with months, or session-based with sessions; a trial only for time-based)',
    tags: ['packages'],
    body: packageBody,
    responses: { 201: packageSchema },
  },
  updatePackage: {
    summary: 'Edit a package (the whole package)',
    tags: ['packages'],
    params: idParamsSchema,
    body: packageBody,
    responses: { 200: packageSchema, 404: errorSchema },
  },
  deletePackage: {
    summary: 'Delete a package; one that subscriptions use is archived instead (`softDeleted: true`)',
    tags: ['packages'],
    params: idParamsSchema,
    responses: { 200: packageDeleteReply, 404: errorSchema },
  },
  togglePackage: {
    summary: 'Make a package active or inactive (an inactive one is not offered to parents)',
    tags: ['packages'],
    params: idParamsSchema,
    body: packageToggleBody,
    responses: { 200: packageSchema, 404: errorSchema },
  },

  listTeams: { summary: 'Teams with coaches and players', tags: ['teams'], responses: { 200: z.array(teamSchema) } },
  getTeam: { summary: 'One team', tags: ['teams'], params: idParamsSchema, responses: { 200: teamSchema } },
  createTeam: { summary: 'Create a team', tags: ['teams'], body: teamBodySchema, responses: { 201: teamSchema } },
  updateTeam: {
    summary: 'Edit a team, or (W:Players) only its players',
    tags: ['teams'],
    params: idParamsSchema,
    body: teamUpdateBodySchema,
    responses: { 200: teamSchema },
  },
  deleteTeam: { summary: 'Delete a team', tags: ['teams'], params: idParamsSchema, responses: { 204: noContent } },

  listUsers: { summary: 'Users of one role', tags: ['users'], query: userRoleQuery, responses: { 200: z.array(anyUserSchema) } },
  getUser: { summary: 'One user', tags: ['users'], params: idParamsSchema, responses: { 200: anyUserSchema } },
  updateUser: {
    summary: "Edit a player (multipart, W:Players) or a staff user's account (JSON, W:Settings)",
    tags: ['users'],
    params: idParamsSchema,
    body: userAccountBody,
    multipart: { fields: playerUpdateSchema, files: photo },
    responses: { 200: anyUserSchema, 409: errorSchema },
  },
  deleteUser: {
    summary: 'Delete a player with their subscriptions, participations and metrics; 409 when they have payments or invoices (kept)',
    tags: ['users'],
    params: idParamsSchema,
    responses: { 204: noContent, 404: errorSchema, 409: errorSchema },
  },
  createParentPlayer: {
    summary: 'Staff add a player with their parent',
    tags: ['users'],
    multipart: { fields: parentPlayerFieldsSchema, files: photo },
    responses: { 201: parentPlayerReply },
  },
  createCoach: {
    summary: 'Add a coach, with a login when an e-mail is given',
    tags: ['users'],
    body: coachCreateBody,
    responses: { 201: coachCreateReply, 409: errorSchema },
  },
  updateCoach: {
    summary: 'Edit a coach',
    tags: ['users'],
    params: idParamsSchema,
    body: coachUpdateBody,
    responses: { 200: coachSchema },
  },
  createStaffUser: {
    summary: 'Add a staff login (role ADMIN) of an account type; its generated password is answered once',
    tags: ['users'],
    body: staffCreateBody,
    responses: { 201: staffCreateReply, 409: errorSchema },
  },
  sendUserPasswordReset: {
    summary: 'Mail a staff user a password reset link (the forgot-password mail); 409 when the user has no login',
    tags: ['users'],
    params: idParamsSchema,
    responses: { 204: noContent, 409: errorSchema },
  },

  listAccountTypes: {
    summary: 'Account types with their 17 flags and how many users hold each',
    tags: ['account types'],
    responses: { 200: z.array(accountTypeListItemSchema) },
  },
  createAccountType: {
    summary: 'Create an account type (write implies read; only rights the caller holds)',
    tags: ['account types'],
    body: accountTypeBody,
    responses: { 201: accountTypeSchema, 409: errorSchema },
  },
  updateAccountType: {
    summary: 'Edit an account type; 409 for a default type or when no settings manager would be left',
    tags: ['account types'],
    params: idParamsSchema,
    body: accountTypeBody,
    responses: { 200: accountTypeSchema, 404: errorSchema, 409: errorSchema },
  },
  deleteAccountType: {
    summary: 'Delete an account type; 409 for a default type or one still held (`params.count` users)',
    tags: ['account types'],
    params: idParamsSchema,
    responses: { 204: noContent, 404: errorSchema, 409: errorSchema },
  },

  getAcademy: {
    summary: "The member's own academy profile (another id is 404)",
    tags: ['academy'],
    params: idParamsSchema,
    responses: { 200: academyProfileSchema, 404: errorSchema },
  },
  updateAcademy: {
    summary: 'Edit the academy profile, with an optional logo (`photo`); the handle cannot change',
    tags: ['academy'],
    params: idParamsSchema,
    multipart: { fields: academyUpdateFields, files: photo },
    responses: { 200: academyUpdateReply, 404: errorSchema },
  },
  refundPolicy: {
    summary: "An academy's refund and cancellation policy for parents (public, by handle; null parts show the default text)",
    tags: ['academy'],
    params: refundPolicyParams,
    responses: { 200: refundPolicyReply, 404: errorSchema },
  },
  getEInvoicing: {
    summary:
      "The academy's ZATCA e-invoicing: onboarding state, environment, certificate expiry, documents by reporting state (never a key)",
    tags: ['academy'],
    responses: { 200: eInvoicingStatusSchema },
  },
  onboardEInvoicing: {
    summary:
      'Onboard the academy with ZATCA using the Fatoora portal OTP: key and CSR, compliance certificate, compliance checks, production certificate',
    tags: ['academy'],
    body: eInvoicingOtpBody,
    responses: { 200: eInvoicingStatusSchema, 400: errorSchema, 409: errorSchema, 502: errorSchema },
  },
  renewEInvoicing: {
    summary: "Renew the academy's production certificate with a new key and the Fatoora portal OTP",
    tags: ['academy'],
    body: eInvoicingOtpBody,
    responses: { 200: eInvoicingStatusSchema, 400: errorSchema, 409: errorSchema, 502: errorSchema },
  },

  listAuditEvents: {
    summary: 'Audited changes (money, attendance, permissions) between two Riyadh dates, newest first, at most 1000',
    tags: ['audit'],
    query: auditQuerySchema,
    responses: { 200: z.array(auditEventSchema) },
  },

  listGrowthPlayers: {
    summary: 'Every player with their teams and latest growth record (or null)',
    tags: ['growth'],
    responses: { 200: z.array(growthPlayerRowSchema) },
  },
  playerGrowth: {
    summary: "A player's growth records by date",
    tags: ['growth'],
    params: playerIdParamsSchema,
    responses: { 200: z.array(growthMetricSchema), 404: errorSchema },
  },
  growthAgeGroupMedians: {
    summary: "Month by month, the median of each metric over the players of the player's age group (U8–U18) in the academy",
    tags: ['growth'],
    params: playerIdParamsSchema,
    responses: { 200: growthMediansSchema, 404: errorSchema },
  },
  createGrowthMetric: {
    summary:
      'Add a growth record for a player (height and weight above zero, date not in the future); 409 when the player has one that day',
    tags: ['growth'],
    body: growthMetricBody,
    responses: { 201: growthMetricSchema, 409: errorSchema },
  },
  updateGrowthMetric: {
    summary: "Edit a growth record; 409 when the new date is another of the player's records",
    tags: ['growth'],
    params: idParamsSchema,
    body: growthMetricFields,
    responses: { 200: growthMetricSchema, 404: errorSchema, 409: errorSchema },
  },
  deleteGrowthMetric: {
    summary: 'Delete a growth record',
    tags: ['growth'],
    params: idParamsSchema,
    responses: { 204: noContent, 404: errorSchema },
  },

  playerAttendance: {
    summary: "A player's attendance records",
    tags: ['players'],
    params: idParamsSchema,
    responses: { 200: z.array(attendanceRecordSchema) },
  },
  playerSubscriptions: {
    summary: "A player's subscriptions, latest end date first",
    tags: ['players'],
    params: idParamsSchema,
    responses: { 200: z.array(subscriptionSchema) },
  },
  playerSessions: {
    summary: "A player's session counts",
    tags: ['players'],
    params: idParamsSchema,
    responses: { 200: sessionStatsSchema },
  },
  playerEvents: {
    summary: "A player's events with their status",
    tags: ['players'],
    params: z.object({ playerId: z.uuid() }),
    responses: { 200: z.array(participationSchema) },
  },
  playerImportTemplate: {
    summary: 'The players file template (CSV or XLSX) with English or Arabic headers',
    tags: ['players'],
    query: playerFileQuery,
    produces: 'application/octet-stream',
    responses: { 200: z.string() },
  },
  previewPlayerImport: {
    summary: 'Check a players file (CSV or XLSX) row by row with the Add Player rules; changes nothing',
    tags: ['players'],
    multipart: { fields: playerImportFields, files: playerFile },
    responses: { 200: importPreviewSchema },
  },
  importPlayers: {
    summary: 'Import a players file in one transaction: all rows or, when any row has an error, none (400 with each at its row and column)',
    tags: ['players'],
    multipart: { fields: playerImportFields, files: playerFile },
    responses: { 200: importResultSchema },
  },
  exportPlayers: {
    summary: "The academy's players as CSV or XLSX, in the columns of the import",
    tags: ['players'],
    query: playerFileQuery,
    produces: 'application/octet-stream',
    responses: { 200: z.string() },
  },

  setParticipantStatus: {
    summary: "Mark a participant's attendance",
    tags: ['attendance'],
    params: z.object({ participantId: z.uuid() }),
    body: participantStatusBody,
    responses: { 200: participantStatusReply },
  },
  setEventParticipantStatus: {
    summary: "Mark a player's attendance at an event",
    tags: ['attendance'],
    params: z.object({ eventId: z.uuid(), userId: z.uuid() }),
    body: participantStatusBody,
    responses: { 200: participantStatusReply },
  },
  markAllPresent: {
    summary:
      "Mark every PENDING participant of an event ATTENDED (each using a session as one mark does), except those a parent said can't come, who stay PENDING and are listed",
    tags: ['attendance'],
    params: z.object({ eventId: z.uuid() }),
    responses: { 200: markAllPresentReply, 404: errorSchema },
  },
  syncAttendance: {
    summary:
      'Attendance marks queued on a device (offline), sent when the connection returns: each applied once by its id, the later of it and a change made on the server kept',
    tags: ['attendance'],
    body: attendanceSyncBody,
    responses: { 200: attendanceSyncReply },
  },
  attendanceReport: {
    summary:
      'Attendance of a range of Riyadh days (at most a year), optionally one team: rate per team and per player, and the players who missed their last N marked sessions',
    tags: ['attendance'],
    query: attendanceReportQuery,
    responses: { 200: attendanceReportSchema, 404: errorSchema },
  },
  exportAttendanceReport: {
    summary:
      'The attendance report as CSV (UTF-8 with BOM: a section per team, per player and for the players who missed their last N sessions) or XLSX (a sheet each)',
    tags: ['attendance'],
    query: attendanceReportExportQuery,
    produces: 'application/octet-stream',
    responses: { 200: z.string(), 404: errorSchema },
  },

  listEvents: {
    summary: 'Events of a date range (both ends inclusive) by date and time, optionally only those a coach coaches',
    tags: ['events'],
    query: eventListQuery,
    responses: { 200: z.array(eventSchema) },
  },
  createEvent: {
    summary: 'Create an event, or a weekly series of events with `repeat.until`; its participants are the players of its teams',
    tags: ['events'],
    body: eventCreateBodySchema,
    responses: { 201: eventSchema },
  },
  updateEvent: {
    summary: 'Edit an event, or with scope=following also the later events of its series; participants follow the teams',
    tags: ['events'],
    params: idParamsSchema,
    query: eventScopeQuery,
    body: eventBodySchema,
    responses: { 200: eventSchema, 404: errorSchema },
  },
  deleteEvent: {
    summary: 'Delete an event, or with scope=following also the later events of its series',
    tags: ['events'],
    params: idParamsSchema,
    query: eventScopeQuery,
    responses: { 204: noContent, 404: errorSchema },
  },
  monthlyStats: {
    summary: "The current month's active and new players, retention rate and coach hours (Asia/Riyadh)",
    tags: ['events'],
    responses: { 200: monthlyStatsSchema },
  },
  monthCollections: {
    summary: "This Riyadh month's fees: due, collected, failing and overdue (SAR and families), with the subscriptions to act on",
    tags: ['events'],
    responses: { 200: monthCollectionsSchema },
  },

  createCalendarFeed: {
    summary: "Create (or rotate) the signed-in member's private calendar feed URL",
    tags: ['calendar'],
    body: calendarFeedBody,
    responses: { 201: calendarFeedReply, 403: errorSchema },
  },
  revokeCalendarFeed: {
    summary: "Revoke the signed-in member's calendar feed URL",
    tags: ['calendar'],
    responses: { 204: noContent },
  },
  getCalendarFeed: {
    summary: 'Whether the signed-in member has a live calendar feed, what it holds and when it was made (never its URL)',
    tags: ['calendar'],
    responses: { 200: calendarFeedStatusReply },
  },
  calendarFeed: {
    summary: 'A private calendar feed (text/calendar, public by its unguessable token)',
    tags: ['calendar'],
    params: calendarFeedParams,
    produces: 'text/calendar',
    responses: { 200: z.string(), 403: errorSchema, 404: errorSchema },
  },

  listSubscriptions: {
    summary: 'Every player with their latest subscription (latest end date) or null; statuses whose dates passed are moved first',
    tags: ['subscriptions'],
    responses: { 200: z.array(subscriptionRowSchema) },
  },
  createSubscription: {
    summary: 'Create a PENDING subscription for a player, starting today (409 while one is pending, active, in trial or paused)',
    tags: ['subscriptions'],
    params: playerIdParamsSchema,
    body: createSubscriptionBody,
    responses: { 201: managedSubscriptionSchema, 404: errorSchema, 409: errorSchema },
  },
  activateSubscription: {
    summary:
      'Activate a PENDING subscription by hand (cash payment and its invoice; sendInvoice e-mails it to the parents); another packageId switches package first',
    tags: ['subscriptions'],
    params: activateSubscriptionParams,
    body: activateSubscriptionBody,
    responses: { 200: managedSubscriptionSchema, 404: errorSchema, 409: errorSchema },
  },
  changeSubscriptionPackage: {
    summary: "Change a PENDING subscription's package (its end date or sessions follow)",
    tags: ['subscriptions'],
    params: subscriptionIdParams,
    body: changeSubscriptionPackageBody,
    responses: { 200: managedSubscriptionSchema, 404: errorSchema, 409: errorSchema },
  },
  cancelSubscription: {
    summary:
      'Cancel a subscription (any status but CANCELLED); with `refund`, its invoice is credited (credit note) and the money given back (cash, or the card through the provider) in the same request',
    tags: ['subscriptions'],
    params: subscriptionIdParams,
    body: cancelSubscriptionBody,
    responses: { 200: cancelSubscriptionReply, 404: errorSchema, 409: errorSchema, 502: errorSchema },
  },
  pauseSubscription: {
    summary: 'Pause an ACTIVE or TRIAL subscription whose package allows pausing',
    tags: ['subscriptions'],
    params: subscriptionIdParams,
    responses: { 200: managedSubscriptionSchema, 404: errorSchema, 409: errorSchema },
  },
  resumeSubscription: {
    summary: 'Resume a PAUSED subscription: ACTIVE again, a time-based end date moved later by the days paused',
    tags: ['subscriptions'],
    params: subscriptionIdParams,
    responses: { 200: managedSubscriptionSchema, 404: errorSchema, 409: errorSchema },
  },
  subscriptionRefundable: {
    summary: 'What cancelling a subscription may refund: its latest invoice and the amount left uncredited on it',
    tags: ['subscriptions'],
    params: subscriptionIdParams,
    responses: { 200: subscriptionRefundableSchema, 404: errorSchema },
  },

  attention: {
    summary:
      'What needs attention (the bell): players low on sessions, subscriptions ending within 7 days, payments pending for over 3 days, new players',
    tags: ['attention'],
    responses: { 200: attentionReplySchema },
  },

  paymentDetails: {
    summary: 'What the public payment page shows of a subscription: player, package, status, parents (names), academy',
    tags: ['payments'],
    params: idParamsSchema,
    responses: { 200: paymentDetailsSchema, 404: errorSchema },
  },
  initiatePayment: {
    summary: "Open the card provider's hosted page for a PENDING subscription, or for a renewal of an INACTIVE one (public)",
    tags: ['payments'],
    body: initiatePaymentBody,
    responses: { 200: initiatePaymentReply, 404: errorSchema, 409: errorSchema, 502: initiatePaymentFailure },
  },
  paymentCallback: {
    summary: "The provider's signed notification (`Signature`: HMAC-SHA256 of the raw body); idempotent",
    tags: ['payments'],
    query: paymentCallbackQuery,
    body: paymentCallbackBody,
    responses: { 200: paymentOkReply, 401: errorSchema },
  },
  paymentReturn: {
    summary:
      "The payer's browser back from the provider (signed form POST): 303 to the result page (`/payment/success?ref=`) once paid or while being confirmed, else to the payment page with `?payment=` (the result read from the server)",
    tags: ['payments'],
    query: paymentReturnQuery,
    body: paymentReturnBody,
    responses: { 303: noContent, 401: errorSchema },
  },
  paymentResult: {
    summary:
      "What became of a card payment, from the server's records (public by its unguessable reference; 404 unknown or on another academy's host): outcome, amount, period, invoice",
    tags: ['payments'],
    params: paymentResultParams,
    responses: { 200: paymentResultReply, 404: errorSchema },
  },

  listInvoices: {
    summary: 'Invoices paid between two days (both inclusive, Asia/Riyadh), by invoice number',
    tags: ['invoices'],
    query: invoiceListQuery,
    responses: { 200: z.array(invoiceListItemSchema) },
  },
  exportInvoices: {
    summary:
      "One month's invoices and credit notes (negative) as CSV (UTF-8 with BOM): number, date, player, package, method, subtotal, VAT, total, document, credited invoice",
    tags: ['invoices'],
    query: invoiceExportQuery,
    produces: 'text/csv',
    responses: { 200: z.string() },
  },
  invoicePdf: {
    summary: 'The PDF of an invoice (public by its unguessable id): a ZATCA simplified tax invoice when VAT applies',
    tags: ['invoices'],
    params: idParamsSchema,
    produces: 'application/pdf',
    responses: { 200: z.string(), 404: errorSchema },
  },
  invoiceXml: {
    summary: 'The signed UBL 2.1 XML of a ZATCA simplified tax invoice (public by its unguessable id, like the PDF); 404 without VAT',
    tags: ['invoices'],
    params: idParamsSchema,
    produces: 'application/xml',
    responses: { 200: z.string(), 404: errorSchema },
  },
  createCreditNote: {
    summary:
      'Credit all (default) or part of an invoice: a credit note (381) in the same numbering and e-invoice chain, and the refund (cash, or the card through the provider; refused by the provider: 502, nothing issued)',
    tags: ['invoices'],
    params: idParamsSchema,
    body: creditNoteBody,
    responses: { 201: creditNoteSchema, 404: errorSchema, 409: errorSchema, 502: errorSchema },
  },
  listPendingRefunds: {
    summary:
      'Card refunds the provider has not confirmed yet (no verdict, or the process stopped while asking): amount, invoice, player, how often the provider was asked since',
    tags: ['invoices'],
    responses: { 200: z.array(pendingRefundSchema) },
  },
  retryRefund: {
    summary:
      'Settle a pending card refund with the provider: it is asked what became of the refund (by its cart_id) and, when it has none, asked to refund again; refunded: the credit note is issued (and the cancellation it belongs to recorded)',
    tags: ['invoices'],
    params: idParamsSchema,
    responses: { 200: refundOutcomeSchema, 404: errorSchema, 409: errorSchema, 502: errorSchema },
  },
  settleRefund: {
    summary:
      "Mark a pending refund settled after checking the provider's dashboard: refunded (its credit note issued, the cancellation it belongs to recorded) or failed (its amount released)",
    tags: ['invoices'],
    params: idParamsSchema,
    body: settleRefundBody,
    responses: { 200: refundOutcomeSchema, 404: errorSchema, 409: errorSchema },
  },

  familySignIn: {
    summary:
      "A parent asks for a sign-in code on the academy's host: a 6-digit code and a link by e-mail or SMS, valid 10 minutes, once; the same 202 whether or not the address is known",
    tags: ['family'],
    body: familySignInBody,
    responses: { 202: familySignInReply, 404: errorSchema, 409: errorSchema, 429: errorSchema },
  },
  familyVerify: {
    summary: "Exchange the code (with its address) or the link's token for a parent session (its own kind: only /api/family/... routes)",
    tags: ['family'],
    body: familyVerifyBody,
    responses: { 200: familyVerifyReply, 400: errorSchema, 404: errorSchema, 429: errorSchema },
  },
  familySignOut: { summary: 'End this parent session', tags: ['family'], responses: { 204: noContent, 401: errorSchema } },
  familyMe: {
    summary: 'The signed-in parent, their academy and children',
    tags: ['family'],
    responses: { 200: familyMeSchema, 401: errorSchema },
  },
  familyHome: {
    summary: "Each child's card: next trainings and matches, subscription, last attendance; and the unread announcements",
    tags: ['family'],
    responses: { 200: familyHomeSchema, 401: errorSchema },
  },
  familyEvents: {
    summary: "The children's events of a date range (both ends inclusive), with availability and whether it may still change",
    tags: ['family'],
    query: familyEventsQuery,
    responses: { 200: z.array(familyEventSchema), 401: errorSchema },
  },
  setFamilyAvailability: {
    summary: "Say a child can't come to an upcoming event (optional reason), or can after all, until the academy's cut-off (409 after)",
    tags: ['family'],
    params: participantIdParams,
    body: familyAvailabilityBody,
    responses: { 200: familyEventSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
  },
  familyProgress: {
    summary: "A child's attendance month by month (last 12 months) and growth records with the age group's medians, read-only",
    tags: ['family'],
    params: childIdParams,
    responses: { 200: familyProgressSchema, 401: errorSchema, 404: errorSchema },
  },
  familyMoney: {
    summary: "A child's subscriptions (with the payment page to pay or renew) and invoices and credit notes (with their PDFs)",
    tags: ['family'],
    params: childIdParams,
    responses: { 200: familyMoneySchema, 401: errorSchema, 404: errorSchema },
  },
  familySavedCards: {
    summary: "The family's saved cards (masked) with the subscriptions each renews automatically: next charge date, amount and state",
    tags: ['family'],
    responses: { 200: familySavedCardsSchema, 401: errorSchema },
  },
  familyCheckoutOffer: {
    summary:
      "What the family may pay in one checkout: each child's period waiting for payment or renewable, with its price (a sibling price included)",
    tags: ['family'],
    responses: { 200: familyCheckoutOfferSchema, 401: errorSchema },
  },
  startFamilyCheckout: {
    summary:
      "One payment for several children's periods: opens the provider's page; all are applied (an invoice each) or the charge is refunded whole",
    tags: ['family'],
    body: familyCheckoutBody,
    responses: { 200: familyCheckoutReply, 401: errorSchema, 404: errorSchema, 409: errorSchema, 502: initiatePaymentFailure },
  },
  createFamilyPaymentLink: {
    summary:
      "A family payment link for the player's parent: one page (no sign-in) that pays the family's children's periods in one checkout; shown once, kept as its hash, valid 14 days",
    tags: ['payments'],
    params: idParamsSchema,
    responses: { 200: familyPaymentLinkReply, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
  },
  familyPaymentPage: {
    summary: "A family payment link's page (public, on the academy's host): the academy, the parent and what the family may pay together",
    tags: ['payments'],
    params: familyPaymentTokenParams,
    responses: { 200: familyPaymentPageSchema, 404: errorSchema },
  },
  startFamilyPaymentLink: {
    summary: "One payment for several children's periods from a family payment link (as the portal's checkout)",
    tags: ['payments'],
    params: familyPaymentTokenParams,
    body: familyCheckoutBody,
    responses: { 200: familyCheckoutReply, 404: errorSchema, 409: errorSchema, 502: initiatePaymentFailure },
  },
  removeFamilySavedCard: {
    summary: 'Remove a saved card: its automatic renewals stop and its token is deleted at the provider (or forgotten by Kora)',
    tags: ['family'],
    params: savedCardParams,
    responses: { 200: removeSavedCardReply, 401: errorSchema, 404: errorSchema },
  },
  familyDetails: {
    summary: "The parent's phones and language, and each child's medical condition and emergency contacts",
    tags: ['family'],
    responses: { 200: familyDetailsSchema, 401: errorSchema },
  },
  updateFamilyParent: {
    summary: "Change the parent's own phones and language (audited)",
    tags: ['family'],
    body: familyParentDetailsBody,
    responses: { 200: familyDetailsSchema, 401: errorSchema },
  },
  updateFamilyChild: {
    summary: "Change a child's medical condition and emergency contacts (audited)",
    tags: ['family'],
    params: childIdParams,
    body: familyChildDetailsBody,
    responses: { 200: familyDetailsSchema, 401: errorSchema, 404: errorSchema },
  },
  familyChildConsents: {
    summary: "A child's consents: each purpose with its text's version, time, language and who gave it",
    tags: ['family'],
    params: childIdParams,
    responses: { 200: childConsentsSchema, 401: errorSchema, 404: errorSchema },
  },
  updateFamilyChildConsents: {
    summary: "Change a child's optional consents (photos, messages); a withdrawn photo consent hides the photo at once (audited)",
    tags: ['family'],
    params: childIdParams,
    body: childConsentsBody,
    responses: { 200: childConsentsSchema, 401: errorSchema, 404: errorSchema },
  },
  familyAnnouncements: {
    summary: 'The announcements sent to this parent, newest first, with when each was opened',
    tags: ['family'],
    responses: { 200: z.array(familyAnnouncementSchema), 401: errorSchema },
  },
  openFamilyAnnouncement: {
    summary: 'Mark an announcement opened by this parent (the first time counts)',
    tags: ['family'],
    params: idParamsSchema,
    responses: { 204: noContent, 401: errorSchema, 404: errorSchema },
  },
  familyJoinOffers: {
    summary:
      'Registrations made with the address this parent signed in with, waiting for them to say whether the child is theirs (the child is not in their family until then)',
    tags: ['family'],
    responses: { 200: z.array(familyJoinOfferSchema), 401: errorSchema },
  },
  answerFamilyJoin: {
    summary:
      "Answer such a registration: confirm (the child joins this family at once) or keep it separate; 404 family_join.not_found when it is not this address's or not waiting",
    tags: ['family'],
    params: idParamsSchema,
    body: familyJoinDecisionBody,
    responses: { 204: noContent, 401: errorSchema, 404: errorSchema },
  },

  listAnnouncements: {
    summary: "The academy's announcements, newest first (at most 200), with how many parents each reached and opened",
    tags: ['announcements'],
    responses: { 200: z.array(announcementSchema) },
  },
  createAnnouncement: {
    summary:
      "Send an announcement to the academy's families, a team's or one player's: listed in the portal and sent by e-mail (and SMS when asked and configured) in each parent's language",
    tags: ['announcements'],
    body: announcementBody,
    responses: { 201: announcementSchema, 404: errorSchema },
  },
  getFamilySettings: {
    summary: "The academy's family portal settings: the availability cut-off and whether SMS is configured",
    tags: ['family'],
    responses: { 200: familySettingsSchema },
  },
  getCollectionSettings: {
    summary: 'Automatic renewals: the retry schedule (days after the renewal date), the grace days and which packages renew themselves',
    tags: ['payments'],
    responses: { 200: collectionSettingsSchema },
  },
  updateCollectionSettings: {
    summary: 'Set the retry schedule, the grace days and the packages that renew themselves with a saved card',
    tags: ['payments'],
    body: collectionSettingsBody,
    responses: { 200: collectionSettingsSchema, 400: errorSchema, 409: errorSchema },
  },
  updateFamilySettings: {
    summary: 'Set how long before an event parents may still say their child cannot come',
    tags: ['family'],
    body: familySettingsBody,
    responses: { 200: familySettingsSchema },
  },
  listFamilyJoins: {
    summary:
      "Public registrations to confirm: their e-mail or mobile already belonged to a parent of the academy, so the child waits apart from that parent's family (oldest first)",
    tags: ['family'],
    responses: { 200: z.array(familyJoinSchema) },
  },
  decideFamilyJoin: {
    summary:
      "Confirm a waiting registration is the same family (the child joins the existing parent's portal at once) or keep it separate; 404 family_join.not_found when it is not waiting",
    tags: ['family'],
    params: idParamsSchema,
    body: familyJoinDecisionBody,
    responses: { 204: noContent, 404: errorSchema },
  },

  familyNotificationPreferences: {
    summary:
      "The signed-in parent's message choices: channels per kind (their own, or the academy's defaults), quiet hours, opt-out, WhatsApp opt-in and which channels can reach them",
    tags: ['messages'],
    responses: { 200: notificationPreferencesSchema },
  },
  updateFamilyNotificationPreferences: {
    summary:
      "Change the parent's choices (every parent row of the signed-in family): channels of some kinds, quiet hours, opt-out; `whatsappOptIn: true` records the opt-in (when, via the portal), false withdraws it. 400 whatsapp.unavailable / whatsapp.no_mobile",
    tags: ['messages'],
    body: notificationPreferencesBody,
    responses: { 200: notificationPreferencesSchema, 400: errorSchema },
  },
  familyPushSubscribe: {
    summary:
      "Subscribe this device of the parent to push notifications (the browser's PushSubscription); the same endpoint again replaces its keys",
    tags: ['messages'],
    body: pushSubscriptionBody,
    responses: { 201: pushSubscribeReply, 400: errorSchema },
  },
  familyPushUnsubscribe: {
    summary: "Stop push notifications to this device of the parent (by its endpoint; nothing when it is not the parent's)",
    tags: ['messages'],
    body: pushUnsubscribeBody,
    responses: { 204: noContent },
  },
  pushSubscribe: {
    summary:
      'Subscribe this device of the signed-in member (the installed staff app) to push notifications; the same endpoint again replaces its keys',
    tags: ['messages'],
    body: pushSubscriptionBody,
    responses: { 201: pushSubscribeReply, 400: errorSchema },
  },
  pushUnsubscribe: {
    summary: "Stop push notifications to this device of the member (by its endpoint; nothing when it is not the member's)",
    tags: ['messages'],
    body: pushUnsubscribeBody,
    responses: { 204: noContent },
  },
  pushPublicKey: {
    summary: "The server's VAPID public key for pushManager.subscribe (null when push is off)",
    tags: ['messages'],
    responses: { 200: vapidKeyReply },
  },
  whatsappVerify: {
    summary:
      "Meta's webhook verification: answers hub.challenge as text when hub.mode is subscribe and hub.verify_token is WHATSAPP_VERIFY_TOKEN; 403 otherwise",
    tags: ['messages'],
    query: whatsappVerifyQuery,
    produces: 'text/plain',
    responses: { 200: z.string(), 403: errorSchema },
  },
  whatsappWebhook: {
    summary:
      "WhatsApp's status callbacks (sent, delivered, read, failed) for messages Kora sent; `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the app secret) verified first: 401 without a valid one, nothing changes",
    tags: ['messages'],
    body: whatsappWebhookBody,
    responses: { 200: whatsappWebhookReply, 401: errorSchema },
  },
  listMessages: {
    summary:
      'What was sent to whom and its state, newest first, filtered by channel, state, kind, recipient and Riyadh dates; a page at a time (`before` = the previous nextCursor). 400 message.cursor_invalid',
    tags: ['messages'],
    query: messageListQuery,
    responses: { 200: messageListReply, 400: errorSchema },
  },
  getMessageSettings: {
    summary:
      "The academy's default channels per kind, whether absence without notice is told to parents, and which channels this server has configured",
    tags: ['messages'],
    responses: { 200: messageSettingsSchema },
  },
  updateMessageSettings: {
    summary: "Change the academy's default channels (some kinds) or whether absence without notice is told",
    tags: ['messages'],
    body: messageSettingsBody,
    responses: { 200: messageSettingsSchema },
  },
  parentWhatsappOptIn: {
    summary:
      "A parent's WhatsApp opt-in as staff see it on the player's page: when, how (portal or a paper form recorded by staff), who recorded it and the form's words",
    tags: ['messages'],
    params: parentIdParams,
    responses: { 200: whatsappOptInRecordSchema, 404: errorSchema },
  },
  recordParentWhatsappOptIn: {
    summary:
      'Record that a parent opted in to WhatsApp on a signed paper form: the day on the form (not after today) and its words; the member who records it is kept (audited). An opt-in already given keeps its first date. 400 whatsapp.unavailable / whatsapp.no_mobile / whatsapp.opt_in_future',
    tags: ['messages'],
    params: parentIdParams,
    body: recordWhatsappOptInBody,
    responses: { 200: whatsappOptInRecordSchema, 400: errorSchema, 404: errorSchema },
  },
  memberNotificationPreferences: {
    summary:
      "The signed-in member's own channels for the messages about their sessions (added, changed, cancelled): e-mail, push to their devices, or none",
    tags: ['messages'],
    responses: { 200: memberNotificationPreferencesSchema },
  },
  updateMemberNotificationPreferences: {
    summary: "Change the signed-in member's channels for the messages about their sessions (an empty list: none)",
    tags: ['messages'],
    body: memberNotificationPreferencesBody,
    responses: { 200: memberNotificationPreferencesSchema },
  },
  requestFamilyExport: {
    summary:
      "Ask for the family's data (every row Kora holds about the parent and their children, as JSON, and a readable PDF in the parent's language) in a ZIP built by a job; answers the request's id and the one-time link's token (GET /api/data-exports/download/{token} once ready, for 24 hours, once)",
    tags: ['privacy'],
    body: privacyExportBody,
    responses: { 202: privacyExportStarted, 401: errorSchema },
  },
  familyExportStatus: {
    summary: "A data export's state and progress (0–100), for the family that asked; 404 privacy.export_not_found",
    tags: ['privacy'],
    params: idParamsSchema,
    responses: { 200: privacyExportStatus, 401: errorSchema, 404: errorSchema },
  },
  eraseFamilyChild: {
    summary:
      'Erase a child who left: personal data deleted or irreversibly replaced everywhere, invoices kept as issued, the request recorded (audited); 409 privacy.open_subscription or privacy.unpaid_balance',
    tags: ['privacy'],
    params: childIdParams,
    responses: { 200: erasureReply, 401: errorSchema, 404: errorSchema, 409: errorSchema },
  },
  requestPlayerExport: {
    summary:
      "A family's data export for a request made on paper (the player's parents and all their children), as the portal's; needs the medical and identity flag",
    tags: ['privacy'],
    params: idParamsSchema,
    body: privacyExportBody,
    responses: { 202: privacyExportStarted, 404: errorSchema },
  },
  playerExportStatus: {
    summary: "A data export's state and progress (0–100); 404 privacy.export_not_found",
    tags: ['privacy'],
    params: idParamsSchema,
    responses: { 200: privacyExportStatus, 404: errorSchema },
  },
  downloadDataExport: {
    summary:
      'The ZIP of a ready data export, once (public by its one-time token; the file is deleted as it is sent); 404 after, or after 24 hours',
    tags: ['privacy'],
    params: exportTokenParams,
    produces: 'application/zip',
    responses: { 200: z.string(), 404: errorSchema },
  },
  erasePlayer: {
    summary:
      "Erase a player on the family's request (as the portal's erasure, recorded with the member); 409 privacy.open_subscription or privacy.unpaid_balance",
    tags: ['privacy'],
    params: idParamsSchema,
    responses: { 200: erasureReply, 404: errorSchema, 409: errorSchema },
  },
  retentionReview: {
    summary: "Players with no activity for the academy's retention years (no session, subscription or record since), for review",
    tags: ['privacy'],
    responses: { 200: retentionReviewReply },
  },
  eraseInactivePlayers: {
    summary: 'Erase the reviewed inactive players (each as an erasure, recorded); those refused are answered with the reason',
    tags: ['privacy'],
    body: retentionEraseBody,
    responses: { 200: retentionEraseReply },
  },
  getPrivacySettings: {
    summary: "The academy's retention: years of inactivity before review, and how long the audit trail and login records are kept",
    tags: ['privacy'],
    responses: { 200: privacySettingsSchema },
  },
  updatePrivacySettings: {
    summary: 'Change the years of inactivity before review (1–10)',
    tags: ['privacy'],
    body: privacySettingsBody,
    responses: { 200: privacySettingsSchema },
  },
  privacyNotice: {
    summary: "An academy's retention periods for its privacy page (public by its handle); 404 academy.not_found",
    tags: ['privacy'],
    query: privacyNoticeQuery,
    responses: { 200: privacySettingsSchema, 404: errorSchema },
  },
  unconfirmedGuardians: {
    summary:
      'Players whose every parent registered in the public wizard without yet confirming the code sent to their phone or e-mail (no announcement reaches those parents meanwhile)',
    tags: ['privacy'],
    responses: { 200: unconfirmedGuardiansReply },
  },
  playerConsents: {
    summary:
      "A player's consents for staff (R:Players): each purpose's latest answer with its text's version, time, language, and who gave it (the parent, or the member who recorded a paper form); a purpose never answered is absent",
    tags: ['privacy'],
    params: idParamsSchema,
    responses: { 200: childConsentsSchema, 404: errorSchema },
  },
} as const satisfies Record<RouteKey, Endpoint>;

export type Endpoints = typeof endpoints;
