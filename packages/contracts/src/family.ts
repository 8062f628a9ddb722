/**
 * The parents' Kora (docs/domain.md, "The family portal"): passwordless sign-in on the
 * academy's host, a parent session that reaches only `/api/family/...`, and what a parent sees of
 * their own children (schedule, availability, progress, money, details, announcements). Also the
 * staff side of announcements (`/api/announcements`) and the academy's family settings.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { checkDateRange, dateSchema, emailSchema, isPlainText, optionalText, plainText } from './common.js';
import { medicalConsentGivenSchema } from './consents.js';
import { latinDigits } from './digits.js';
import { eventTypeSchema, participantStatusSchema, paymentMethodSchema } from './enums.js';
import { cantComeSchema, eventTeamSchema } from './events.js';
import { growthMediansSchema, growthMetricSchema } from './growth.js';
import { invoiceKindSchema } from './invoices.js';
import { ERRORS } from './messages.js';
import { optionalPhoneSchema, phoneSchema } from './phone.js';
import { subscriptionSchema, teamRefSchema } from './users.js';

// ── languages and addresses ───────────────────────────────────────────────────

/** The language a parent uses: their mails, SMS and announcements come in it. */
export const FAMILY_LANGUAGES = ['en', 'ar'] as const;
export const familyLanguageSchema = z.enum(FAMILY_LANGUAGES);
export type FamilyLanguage = z.infer<typeof familyLanguageSchema>;

/**
 * A Saudi mobile number in E.164 (`+9665XXXXXXXX`), from any of the ways people write it
 * (`05X XXX XXXX`, `5XXXXXXXX`, `+966 5X…`, `00966 5X…`); null when it is not one.
 */
export function saudiMobile(value: string): string | null {
  const compact = latinDigits(value)
    .replace(/[\s\-().]/g, '')
    .replace(/^00/, '+');
  if (!/^\+?\d{9,15}$/.test(compact)) return null;
  const parsed = parsePhoneNumberFromString(compact, 'SA');
  if (parsed?.country !== 'SA' || !parsed.isValid() || parsed.getType() !== 'MOBILE') return null;
  return parsed.number;
}

/** Where a sign-in code goes: an e-mail, or a Saudi mobile number (SMS). */
export type FamilyAddress = { kind: 'email'; email: string } | { kind: 'phone'; phone: string };

/** The e-mail or Saudi mobile number the academy holds for the parent, as typed. */
export const familyAddressSchema = z
  .string({ error: ERRORS['family.address_invalid'] })
  .trim()
  .min(1, ERRORS['family.address_invalid'])
  .max(254, ERRORS['family.address_invalid'])
  .transform((value, ctx): FamilyAddress => {
    if (value.includes('@')) {
      const email = emailSchema.safeParse(value);
      if (email.success) return { kind: 'email', email: email.data };
    } else {
      const phone = saudiMobile(value);
      if (phone) return { kind: 'phone', phone };
    }
    ctx.addIssue({ code: 'custom', message: ERRORS['family.address_invalid'] });
    return z.NEVER;
  });

// ── sign-in ───────────────────────────────────────────────────────────────────

/** Six digits, mailed or texted; valid for FAMILY_CODE_MINUTES, once. */
export const FAMILY_CODE_LENGTH = 6;
export const FAMILY_CODE_MINUTES = 10;

/**
 * `POST /api/family/sign-in` on the academy's host: the address and the language of the screen
 * (the mail or SMS is written in it). Always answered 202 with the same words, whether or not the
 * academy knows the address.
 */
export const familySignInBody = z.object({
  address: familyAddressSchema,
  language: familyLanguageSchema.default('ar'),
});
export const familySignInReply = z.object({ message: z.string() });

const codeSchema = z
  .string({ error: ERRORS['family.code_invalid'] })
  .trim()
  .overwrite(latinDigits)
  .regex(/^\d{6}$/, ERRORS['family.code_invalid']);

/**
 * `POST /api/family/verify`: the six-digit code with the address it was sent to, or the token of
 * the link in the same message. Either is used up by a successful sign-in. The link is
 * `https://{handle}.{base}/family/sign-in#token={token}` (in the fragment: never sent to a server);
 * `language` (the screen's) becomes the parent's language for mails, SMS and announcements.
 */
export const familyVerifyBody = z.union([
  z.object({ address: familyAddressSchema, code: codeSchema, language: familyLanguageSchema.optional() }),
  z.object({ token: z.string().trim().min(20).max(200), language: familyLanguageSchema.optional() }),
]);

export const familyParentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameArabic: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  emergencyPhone1: z.string().nullable(),
  emergencyPhone2: z.string().nullable(),
  language: familyLanguageSchema,
});

export const familyAcademySchema = z.object({
  id: z.uuid(),
  handle: z.string(),
  name: z.string(),
  nameArabic: z.string().nullable(),
  logo: z.string().nullable(),
  /** How long before an event a parent may still say the child can't come. */
  availabilityCutoffMinutes: z.number().int(),
});

export const familyChildSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameArabic: z.string().nullable(),
  avatar: z.string().nullable(),
  birthdate: z.string().nullable(),
  teams: z.array(teamRefSchema),
});

/** `GET /api/family/me`: who is signed in, in which academy, with which children. */
export const familyMeSchema = z.object({
  parent: familyParentSchema,
  academy: familyAcademySchema,
  children: z.array(familyChildSchema),
});

/** The parent session's bearer token (its own kind: refused on every staff route) and who it is. */
export const familyVerifyReply = familyMeSchema.extend({ token: z.string() });

// ── schedule and availability ────────────────────────────────────────────────

/** One child's place in one event, as the parent sees it. */
export const familyEventSchema = z.object({
  participantId: z.uuid(),
  childId: z.uuid(),
  event: z.object({
    id: z.uuid(),
    type: eventTypeSchema,
    date: z.string(),
    time: z.string(),
    endTime: z.string(),
    field: z.string(),
  }),
  teams: z.array(eventTeamSchema),
  /** The coach's attendance mark (the parent never changes it). */
  status: participantStatusSchema,
  cantCome: cantComeSchema.nullable(),
  /** ISO 8601 instant: the academy's cut-off before the event's start (Asia/Riyadh). */
  changeableUntil: z.string(),
  /** Whether "can't come" may still be said or taken back now. */
  canChange: z.boolean(),
});
export type FamilyEvent = z.infer<typeof familyEventSchema>;

/** `GET /api/family/events`: the children's events of a date range (both ends inclusive), by date and time. */
export const familyEventsQuery = z
  .object({ startDate: dateSchema, endDate: dateSchema, childId: z.uuid().optional() })
  .superRefine(checkDateRange);

/** `PUT /api/family/participants/{participantId}/availability`: can't come (with an optional reason), or can after all. */
export const familyAvailabilityBody = z.object({
  cantCome: z.boolean(),
  reason: optionalText(200),
});
export const participantIdParams = z.object({ participantId: z.uuid() });
export const childIdParams = z.object({ childId: z.uuid() });

// ── home ──────────────────────────────────────────────────────────────────────

/** A subscription as the parent sees it, with where to pay or renew it (the public payment pages). */
export const familySubscriptionSchema = subscriptionSchema.omit({ userId: true }).extend({
  /**
   * The payment page of this academy's host to pay it (`/initial-subscription/{id}`, PENDING) or
   * renew it (`/renew-subscription/{id}`, ACTIVE or TRIAL); null when there is nothing to pay
   * online (cancelled, paused, ended, or the academy takes no online payments).
   */
  payPath: z.string().nullable(),
});
export type FamilySubscription = z.infer<typeof familySubscriptionSchema>;

export const familyLastAttendanceSchema = z.object({
  date: z.string(),
  time: z.string(),
  eventType: eventTypeSchema,
  field: z.string(),
  status: participantStatusSchema,
});

export const familyChildCardSchema = z.object({
  child: familyChildSchema,
  /** The next events (at most 5, within 30 days), soonest first. */
  upcoming: z.array(familyEventSchema),
  /** The current subscription (latest end date), null when none. */
  subscription: familySubscriptionSchema.nullable(),
  /** The latest event the coach marked. */
  lastAttendance: familyLastAttendanceSchema.nullable(),
});

/** `GET /api/family/home`: a card per child and the announcements not opened yet. */
export const familyHomeSchema = z.object({
  children: z.array(familyChildCardSchema),
  unreadAnnouncements: z.number().int(),
});
export type FamilyHome = z.infer<typeof familyHomeSchema>;

// ── progress ──────────────────────────────────────────────────────────────────

export const familyAttendanceMonthSchema = z.object({
  /** yyyy-MM */
  month: z.string(),
  attended: z.number().int(),
  /** Marked events of the month (attended or absent). */
  marked: z.number().int(),
  /** Percent of the marked ones attended, rounded; null for none marked. */
  rate: z.number().nullable(),
});

/** `GET /api/family/children/{childId}/progress`: attendance month by month (last 12) and growth, read-only. */
export const familyProgressSchema = z.object({
  attendance: z.object({
    months: z.array(familyAttendanceMonthSchema),
    attended: z.number().int(),
    marked: z.number().int(),
    rate: z.number().nullable(),
  }),
  /** The child's growth records by date: the staff Growth page's data. */
  growth: z.array(growthMetricSchema),
  /** The child's age group's monthly medians in the academy (aggregates only, no other child's row). */
  medians: growthMediansSchema,
});
export type FamilyProgress = z.infer<typeof familyProgressSchema>;

// ── money ─────────────────────────────────────────────────────────────────────

export const familyInvoiceSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  kind: invoiceKindSchema,
  creditedInvoiceNumber: z.number().int().nullable(),
  packageName: z.string(),
  packageNameArabic: z.string().nullable(),
  /** ISO 8601 instant. */
  paidAt: z.string(),
  /** SAR with VAT; negative for a credit note. */
  total: z.number(),
  vat: z.number(),
  paymentMethod: paymentMethodSchema,
  /** The bilingual PDF (`/api/invoices/{id}`). */
  pdfPath: z.string(),
});

/** `GET /api/family/children/{childId}/money`: subscriptions (latest end first) and invoices with credit notes (newest first). */
export const familyMoneySchema = z.object({
  subscriptions: z.array(familySubscriptionSchema),
  invoices: z.array(familyInvoiceSchema),
});
export type FamilyMoney = z.infer<typeof familyMoneySchema>;

// ── details ───────────────────────────────────────────────────────────────────

export const familyChildDetailsSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameArabic: z.string().nullable(),
  condition: z.string().nullable(),
  emergencyPhone1: z.string().nullable(),
  emergencyPhone2: z.string().nullable(),
});

/** `GET /api/family/details`: what the parent may change about themselves and their children. */
export const familyDetailsSchema = z.object({
  parent: familyParentSchema,
  children: z.array(familyChildDetailsSchema),
});

/** `PUT /api/family/details`: the parent's phones and language (audited). */
export const familyParentDetailsBody = z.object({
  phoneNumber: phoneSchema(),
  emergencyPhone1: optionalPhoneSchema(ERRORS['phone.emergency_invalid']),
  emergencyPhone2: optionalPhoneSchema(ERRORS['phone.emergency_invalid']),
  language: familyLanguageSchema.optional(),
});

/** `PUT /api/family/children/{childId}`: the child's medical condition and emergency contacts (audited). */
export const familyChildDetailsBody = z.object({
  condition: optionalText(500, { lines: true }),
  /** A new or changed condition: the parent's medical consent, when the child's does not stand (consents.ts). */
  medicalConsent: medicalConsentGivenSchema.optional(),
  emergencyPhone1: optionalPhoneSchema(ERRORS['phone.emergency_invalid']),
  emergencyPhone2: optionalPhoneSchema(ERRORS['phone.emergency_invalid']),
});

// ── announcements ─────────────────────────────────────────────────────────────

/** Who an announcement goes to: every family of the academy, a team's families, or one player's. */
export const ANNOUNCEMENT_AUDIENCES = ['academy', 'team', 'family'] as const;
export const announcementAudienceSchema = z.enum(ANNOUNCEMENT_AUDIENCES);
export type AnnouncementAudience = z.infer<typeof announcementAudienceSchema>;

const ANNOUNCEMENT_TITLE_MAX = 120;
const ANNOUNCEMENT_BODY_MAX = 4000;

/**
 * `POST /api/announcements` (W:Players): the audience (`team` takes `teamId`, `family` takes
 * `playerId`), the title and text, optionally also in Arabic (each parent gets their language's,
 * else the other), and whether it also goes by SMS (when the academy's SMS is configured).
 */
export const announcementBody = z
  .object({
    audience: announcementAudienceSchema,
    teamId: z
      .uuid()
      .nullish()
      .transform((v) => v ?? null),
    playerId: z
      .uuid()
      .nullish()
      .transform((v) => v ?? null),
    title: plainText(ERRORS['announcement.title_required']).min(1, ERRORS['announcement.title_required']).max(ANNOUNCEMENT_TITLE_MAX),
    titleArabic: optionalText(ANNOUNCEMENT_TITLE_MAX),
    body: z
      .string({ error: ERRORS['announcement.body_required'] })
      .trim()
      .min(1, ERRORS['announcement.body_required'])
      .max(ANNOUNCEMENT_BODY_MAX)
      .refine((v) => isPlainText(v, true), ERRORS['text.control_characters']),
    bodyArabic: optionalText(ANNOUNCEMENT_BODY_MAX, { lines: true }),
    sms: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.audience === 'team' && !v.teamId)
      ctx.addIssue({ code: 'custom', path: ['teamId'], message: ERRORS['announcement.team_required'] });
    if (v.audience === 'family' && !v.playerId)
      ctx.addIssue({ code: 'custom', path: ['playerId'], message: ERRORS['announcement.player_required'] });
  });
export type AnnouncementBody = z.input<typeof announcementBody>;
export type ParsedAnnouncementBody = z.output<typeof announcementBody>;

const nameRef = z.object({ id: z.uuid(), name: z.string(), nameArabic: z.string().nullable() });

const announcementFields = {
  id: z.uuid(),
  audience: announcementAudienceSchema,
  /** The team of a `team` announcement (null once deleted, or for the other audiences). */
  team: nameRef.nullable(),
  /** The player of a `family` announcement. */
  player: nameRef.nullable(),
  title: z.string(),
  titleArabic: z.string().nullable(),
  body: z.string(),
  bodyArabic: z.string().nullable(),
  /** ISO 8601 instant. */
  createdAt: z.string(),
};

/** An announcement as staff see it: who wrote it, how many parents it reached and how many opened it. */
export const announcementSchema = z.object({
  ...announcementFields,
  sms: z.boolean(),
  author: nameRef.nullable(),
  recipients: z.number().int(),
  opened: z.number().int(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** An announcement as a parent sees it. */
export const familyAnnouncementSchema = z.object({
  ...announcementFields,
  /** When this parent first opened it (ISO 8601), null while unread. */
  openedAt: z.string().nullable(),
});
export type FamilyAnnouncement = z.infer<typeof familyAnnouncementSchema>;

// ── the academy's family settings ─────────────────────────────────────────────

export const AVAILABILITY_CUTOFF_MAX_MINUTES = 7 * 24 * 60;
export const AVAILABILITY_CUTOFF_DEFAULT_MINUTES = 120;

/** `GET /api/family-settings` (R:Settings). */
export const familySettingsSchema = z.object({
  availabilityCutoffMinutes: z.number().int(),
  /** Whether an SMS provider is configured (announcements by SMS, sign-in codes to mobiles). */
  smsConfigured: z.boolean(),
});
/** `PUT /api/family-settings` (W:Settings): how long before an event parents may still say "can't come". */
export const familySettingsBody = z.object({
  availabilityCutoffMinutes: z.number().int().min(0).max(AVAILABILITY_CUTOFF_MAX_MINUTES),
});

export type FamilySignInBody = z.input<typeof familySignInBody>;
export type FamilyVerifyBody = z.input<typeof familyVerifyBody>;
export type FamilyVerifyReply = z.infer<typeof familyVerifyReply>;
export type FamilyMe = z.infer<typeof familyMeSchema>;
export type FamilyParent = z.infer<typeof familyParentSchema>;
export type FamilyChild = z.infer<typeof familyChildSchema>;
export type FamilyChildCard = z.infer<typeof familyChildCardSchema>;
export type FamilyEventsQuery = z.input<typeof familyEventsQuery>;
export type FamilyAvailabilityBody = z.input<typeof familyAvailabilityBody>;
export type FamilyInvoice = z.infer<typeof familyInvoiceSchema>;
export type FamilyDetails = z.infer<typeof familyDetailsSchema>;
export type FamilyParentDetailsBody = z.input<typeof familyParentDetailsBody>;
export type FamilyChildDetailsBody = z.input<typeof familyChildDetailsBody>;
export type FamilySettings = z.infer<typeof familySettingsSchema>;
export type FamilySettingsBody = z.input<typeof familySettingsBody>;
