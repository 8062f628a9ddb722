/**
 * Every API call by its operation id: method and path. Kept free of zod so the web's client can
 * import it without the schemas; `endpoints.ts` gives each the schemas of its request and
 * answers, and the compiler keeps the two lists identical.
 */
import { keysOf } from './records.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const ROUTES = {
  registerAcademy: ['POST', '/api/auth/register/academy'],
  checkHandle: ['GET', '/api/academies/check/:handle'],
  login: ['POST', '/api/auth/login'],
  me: ['GET', '/api/auth/me'],
  logout: ['POST', '/api/auth/logout'],
  forgotPassword: ['POST', '/api/auth/forgot-password'],
  resetPassword: ['POST', '/api/auth/reset-password'],
  changePassword: ['POST', '/api/auth/change-password'],
  registerParent: ['POST', '/api/auth/register/parent'],
  confirmOwner: ['POST', '/api/auth/confirm-owner'],
  resendOwnerConfirmation: ['POST', '/api/academies/owner-confirmation'],

  // One path, two operations: the query's `handle` chooses the public one (endpoints.ts, `discriminator`).
  listPublicPackages: ['GET', '/api/packages'],
  listPackages: ['GET', '/api/packages'],
  createPackage: ['POST', '/api/packages'],
  updatePackage: ['PUT', '/api/packages/:id'],
  deletePackage: ['DELETE', '/api/packages/:id'],
  togglePackage: ['PATCH', '/api/packages/:id/toggle-active'],

  listTeams: ['GET', '/api/teams'],
  getTeam: ['GET', '/api/teams/:id'],
  createTeam: ['POST', '/api/teams'],
  updateTeam: ['PUT', '/api/teams/:id'],
  deleteTeam: ['DELETE', '/api/teams/:id'],

  listUsers: ['GET', '/api/users'],
  getUser: ['GET', '/api/users/:id'],
  updateUser: ['PUT', '/api/users/:id'],
  deleteUser: ['DELETE', '/api/users/:id'],
  createParentPlayer: ['POST', '/api/users/parent-player'],
  createCoach: ['POST', '/api/users/coaches'],
  updateCoach: ['PUT', '/api/users/coaches/:id'],
  createStaffUser: ['POST', '/api/users'],
  sendUserPasswordReset: ['POST', '/api/users/:id/send-reset'],

  listAccountTypes: ['GET', '/api/account-types'],
  createAccountType: ['POST', '/api/account-types'],
  updateAccountType: ['PUT', '/api/account-types/:id'],
  deleteAccountType: ['DELETE', '/api/account-types/:id'],

  getAcademy: ['GET', '/api/academies/:id'],
  updateAcademy: ['PUT', '/api/academies/:id'],
  refundPolicy: ['GET', '/api/academies/refund-policy/:handle'],
  getEInvoicing: ['GET', '/api/academies/e-invoicing'],
  onboardEInvoicing: ['POST', '/api/academies/e-invoicing/onboard'],
  renewEInvoicing: ['POST', '/api/academies/e-invoicing/renew'],

  listAuditEvents: ['GET', '/api/audit-events'],

  listGrowthPlayers: ['GET', '/api/growth-metrics/players'],
  playerGrowth: ['GET', '/api/growth-metrics/player/:playerId'],
  growthAgeGroupMedians: ['GET', '/api/growth-metrics/player/:playerId/age-group-medians'],
  createGrowthMetric: ['POST', '/api/growth-metrics'],
  updateGrowthMetric: ['PUT', '/api/growth-metrics/:id'],
  deleteGrowthMetric: ['DELETE', '/api/growth-metrics/:id'],

  playerAttendance: ['GET', '/api/players/:id/attendance'],
  playerSubscriptions: ['GET', '/api/players/:id/subscriptions'],
  playerSessions: ['GET', '/api/players/:id/sessions'],
  playerEvents: ['GET', '/api/events/player/:playerId'],
  playerImportTemplate: ['GET', '/api/players/import/template'],
  previewPlayerImport: ['POST', '/api/players/import/preview'],
  importPlayers: ['POST', '/api/players/import'],
  exportPlayers: ['GET', '/api/players/export'],

  setParticipantStatus: ['PATCH', '/api/participants/:participantId/status'],
  setEventParticipantStatus: ['PATCH', '/api/events/:eventId/participants/:userId'],
  markAllPresent: ['POST', '/api/events/:eventId/present'],
  syncAttendance: ['POST', '/api/attendance/sync'],
  attendanceReport: ['GET', '/api/attendance-reports'],
  exportAttendanceReport: ['GET', '/api/attendance-reports/export'],

  listEvents: ['GET', '/api/events'],
  createEvent: ['POST', '/api/events'],
  updateEvent: ['PUT', '/api/events/:id'],
  deleteEvent: ['DELETE', '/api/events/:id'],
  monthlyStats: ['GET', '/api/stats/monthly'],
  monthCollections: ['GET', '/api/stats/collections'],

  createCalendarFeed: ['POST', '/api/calendar-feed'],
  revokeCalendarFeed: ['DELETE', '/api/calendar-feed'],
  calendarFeed: ['GET', '/api/calendar/:token.ics'],
  getCalendarFeed: ['GET', '/api/calendar-feed'],

  attention: ['GET', '/api/attention'],

  listSubscriptions: ['GET', '/api/subscriptions'],
  createSubscription: ['POST', '/api/subscriptions/:playerId'],
  activateSubscription: ['PATCH', '/api/subscriptions/:packageId/:subscriptionId'],
  changeSubscriptionPackage: ['PATCH', '/api/subscriptions/:subscriptionId/package'],
  cancelSubscription: ['PATCH', '/api/subscriptions/:subscriptionId/cancel'],
  pauseSubscription: ['PATCH', '/api/subscriptions/:subscriptionId/pause'],
  resumeSubscription: ['PATCH', '/api/subscriptions/:subscriptionId/resume'],
  subscriptionRefundable: ['GET', '/api/subscriptions/:subscriptionId/refundable'],

  paymentDetails: ['GET', '/api/subscriptions/:id/payment-details'],
  initiatePayment: ['POST', '/api/subscriptions/paytabs/payment'],
  paymentCallback: ['POST', '/api/payments/callback'],
  paymentReturn: ['POST', '/api/payments/return'],
  paymentResult: ['GET', '/api/payments/:ref/result'],

  listInvoices: ['GET', '/api/invoices/all'],
  exportInvoices: ['GET', '/api/invoices/export'],
  invoicePdf: ['GET', '/api/invoices/:id'],
  invoiceXml: ['GET', '/api/invoices/:id/xml'],
  createCreditNote: ['POST', '/api/invoices/:id/credit-note'],
  listPendingRefunds: ['GET', '/api/refunds/pending'],
  retryRefund: ['POST', '/api/refunds/:id/retry'],
  settleRefund: ['POST', '/api/refunds/:id/settle'],

  familySignIn: ['POST', '/api/family/sign-in'],
  familyVerify: ['POST', '/api/family/verify'],
  familySignOut: ['POST', '/api/family/sign-out'],
  familyMe: ['GET', '/api/family/me'],
  familyHome: ['GET', '/api/family/home'],
  familyEvents: ['GET', '/api/family/events'],
  setFamilyAvailability: ['PUT', '/api/family/participants/:participantId/availability'],
  familyProgress: ['GET', '/api/family/children/:childId/progress'],
  familyMoney: ['GET', '/api/family/children/:childId/money'],
  familySavedCards: ['GET', '/api/family/saved-cards'],
  familyCheckoutOffer: ['GET', '/api/family/checkout'],
  startFamilyCheckout: ['POST', '/api/family/checkout'],
  removeFamilySavedCard: ['DELETE', '/api/family/saved-cards/:id'],
  familyDetails: ['GET', '/api/family/details'],
  updateFamilyParent: ['PUT', '/api/family/details'],
  updateFamilyChild: ['PUT', '/api/family/children/:childId'],
  familyChildConsents: ['GET', '/api/family/children/:childId/consents'],
  updateFamilyChildConsents: ['PUT', '/api/family/children/:childId/consents'],
  familyAnnouncements: ['GET', '/api/family/announcements'],
  openFamilyAnnouncement: ['POST', '/api/family/announcements/:id/open'],
  familyJoinOffers: ['GET', '/api/family/joins'],
  answerFamilyJoin: ['POST', '/api/family/joins/:id/decision'],

  listAnnouncements: ['GET', '/api/announcements'],
  createAnnouncement: ['POST', '/api/announcements'],
  getFamilySettings: ['GET', '/api/family-settings'],
  updateFamilySettings: ['PUT', '/api/family-settings'],
  getCollectionSettings: ['GET', '/api/collections/settings'],
  updateCollectionSettings: ['PUT', '/api/collections/settings'],
  listFamilyJoins: ['GET', '/api/family-joins'],
  decideFamilyJoin: ['POST', '/api/family-joins/:id/decision'],

  // Messages (notifications.ts): a parent's choices, push devices, WhatsApp's webhook, Settings → Messages.
  familyNotificationPreferences: ['GET', '/api/family/notifications'],
  updateFamilyNotificationPreferences: ['PUT', '/api/family/notifications'],
  familyPushSubscribe: ['POST', '/api/family/push-subscriptions'],
  familyPushUnsubscribe: ['POST', '/api/family/push-subscriptions/remove'],
  pushSubscribe: ['POST', '/api/push-subscriptions'],
  pushUnsubscribe: ['POST', '/api/push-subscriptions/remove'],
  pushPublicKey: ['GET', '/api/push/public-key'],
  whatsappVerify: ['GET', '/api/webhooks/whatsapp'],
  whatsappWebhook: ['POST', '/api/webhooks/whatsapp'],
  listMessages: ['GET', '/api/messages'],
  getMessageSettings: ['GET', '/api/message-settings'],
  updateMessageSettings: ['PUT', '/api/message-settings'],
  parentWhatsappOptIn: ['GET', '/api/parents/:parentId/whatsapp-opt-in'],
  recordParentWhatsappOptIn: ['PUT', '/api/parents/:parentId/whatsapp-opt-in'],
  memberNotificationPreferences: ['GET', '/api/me/notifications'],
  updateMemberNotificationPreferences: ['PUT', '/api/me/notifications'],

  // Privacy (privacy.ts; docs/domain.md, "Privacy requests"): a family's data on request, erasure, retention.
  requestFamilyExport: ['POST', '/api/family/data-exports'],
  familyExportStatus: ['GET', '/api/family/data-exports/:id'],
  eraseFamilyChild: ['POST', '/api/family/children/:childId/erasure'],
  requestPlayerExport: ['POST', '/api/players/:id/data-exports'],
  playerExportStatus: ['GET', '/api/data-exports/:id'],
  downloadDataExport: ['GET', '/api/data-exports/download/:token'],
  erasePlayer: ['POST', '/api/players/:id/erasure'],
  retentionReview: ['GET', '/api/privacy/retention'],
  eraseInactivePlayers: ['POST', '/api/privacy/retention/erasure'],
  getPrivacySettings: ['GET', '/api/privacy/settings'],
  updatePrivacySettings: ['PUT', '/api/privacy/settings'],
  privacyNotice: ['GET', '/api/privacy/notice'],
  unconfirmedGuardians: ['GET', '/api/privacy/unconfirmed-guardians'],
  playerConsents: ['GET', '/api/privacy/players/:id/consents'],
} as const satisfies Record<string, readonly [HttpMethod, `/api/${string}`]>;

export type RouteKey = keyof typeof ROUTES;

/** Every operation id, for code that walks the whole API (docs, tests). */
export const ROUTE_KEYS: RouteKey[] = keysOf(ROUTES);
