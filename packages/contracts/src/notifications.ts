/**
 * Messages to parents and coaches (docs/domain.md, "Messages: every one accounted for"): the channels
 * (e-mail, SMS, WhatsApp templates, Web Push), what is told (the kinds), a parent's choices in the
 * portal, the academy's defaults in Settings → Messages, and the staff's list of what was sent to whom.
 */
import { z } from 'zod';
import { dateSchema } from './common.js';
import { ERRORS } from './messages.js';
import { recordOf } from './records.js';

export const MESSAGE_CHANNELS = ['email', 'sms', 'whatsapp', 'push'] as const;
export const messageChannelSchema = z.enum(MESSAGE_CHANNELS);
export type MessageChannel = z.infer<typeof messageChannelSchema>;

/**
 * What a message tells. Parents: an event of their child's team cancelled, moved or added; their
 * child marked absent without notice (when the academy tells it); a payment due, failed, refunded or
 * received; an announcement. Coaches: their own sessions added or changed.
 */
export const MESSAGE_KINDS = [
  'event_cancelled',
  'event_moved',
  'event_added',
  'absent_without_notice',
  'payment_due',
  'payment_failed',
  'payment_refunded',
  'payment_receipt',
  'announcement',
  'coach_schedule',
] as const;
export const messageKindSchema = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof messageKindSchema>;

/** The kinds a parent receives and chooses channels for (the coach's kind is a member's). */
export const PARENT_MESSAGE_KINDS = [
  'event_cancelled',
  'event_moved',
  'event_added',
  'absent_without_notice',
  'payment_due',
  'payment_failed',
  'payment_refunded',
  'payment_receipt',
  'announcement',
] as const satisfies readonly MessageKind[];
export type ParentMessageKind = (typeof PARENT_MESSAGE_KINDS)[number];

/** A coach's messages go by e-mail or to the installed staff app. */
export const COACH_MESSAGE_CHANNELS = ['email', 'push'] as const satisfies readonly MessageChannel[];

/**
 * A message's state: `queued` (written, not yet handed to the provider; also while quiet hours or a
 * retry hold it), `sent` (the provider took it), `delivered` and `read` (from WhatsApp's status
 * webhooks), `failed` (with `failureReason`; a failed WhatsApp or push message falls back once).
 */
export const MESSAGE_STATES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export const messageStateSchema = z.enum(MESSAGE_STATES);
export type MessageState = z.infer<typeof messageStateSchema>;

/** Quiet hours, Riyadh's wall clock: no push from 22:00 until 07:00 unless the message is urgent. */
export const QUIET_HOURS = { from: '22:00', until: '07:00' } as const;
/** A cancelled or moved event that starts within this many hours is urgent: its push ignores quiet hours. */
export const URGENT_WITHIN_HOURS = 12;

/** Channels chosen for each kind: a set of channels, possibly empty (nothing of that kind). */
const channelList = z.array(messageChannelSchema).max(MESSAGE_CHANNELS.length);
const byKind = <T extends z.ZodType>(schema: T) => z.object(recordOf(PARENT_MESSAGE_KINDS, () => schema));
export const parentChannelsSchema = byKind(channelList);
export type ParentChannels = z.infer<typeof parentChannelsSchema>;
/** Some kinds only (an update leaves the others as they are); each set kept once, in the channels' order. */
export const parentChannelsPatchSchema = byKind(
  channelList.transform((channels) => MESSAGE_CHANNELS.filter((c) => channels.includes(c))),
).partial();

/** The academy's defaults when it has chosen none: e-mail and push for everything, SMS for cancellations. */
export const DEFAULT_PARENT_CHANNELS: ParentChannels = {
  event_cancelled: ['email', 'sms', 'push'],
  event_moved: ['email', 'push'],
  event_added: ['push'],
  absent_without_notice: ['email', 'push'],
  payment_due: ['email'],
  payment_failed: ['email', 'push'],
  payment_refunded: ['email'],
  payment_receipt: ['email'],
  announcement: ['email', 'push'],
};

// ── the parent's choices (family portal) ─────────────────────────────────────

/** How a parent's WhatsApp opt-in was given: in the portal, or recorded by staff from a form or a call. */
export const WHATSAPP_OPT_IN_SOURCES = ['portal', 'staff'] as const;

/**
 * `GET /api/family/notifications`: the signed-in parent's choices. `channels` are the parent's own or
 * the academy's defaults (`usesDefaults`); `available` says which channels can reach this parent
 * (an e-mail or a mobile on file, WhatsApp configured and opted in, a push device subscribed).
 */
export const notificationPreferencesSchema = z.object({
  channels: parentChannelsSchema,
  usesDefaults: z.boolean(),
  /** No pushes 22:00–07:00 Riyadh unless urgent (on by default). */
  quietHours: z.boolean(),
  /** None of these messages is sent to this parent (sign-in codes and the receipt mail still are). */
  optedOut: z.boolean(),
  whatsapp: z.object({
    /** Whether the academy can send WhatsApp messages at all (configured). */
    configured: z.boolean(),
    optedIn: z.boolean(),
    optedInAt: z.string().nullable(),
    optedInVia: z.enum(WHATSAPP_OPT_IN_SOURCES).nullable(),
  }),
  available: z.object({
    email: z.boolean(),
    sms: z.boolean(),
    whatsapp: z.boolean(),
    push: z.boolean(),
  }),
  /** Channels the parent said no to in their children's consents (Details): not available until a consent is given again. */
  declined: z.object({ sms: z.boolean(), email: z.boolean() }),
  /** This parent's devices subscribed to push. */
  pushDevices: z.number().int().min(0),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** `PUT /api/family/notifications`: any of the choices; `whatsappOptIn: true` records the opt-in (now, via the portal). */
export const notificationPreferencesBody = z
  .object({
    channels: parentChannelsPatchSchema.optional(),
    quietHours: z.boolean().optional(),
    optedOut: z.boolean().optional(),
    whatsappOptIn: z.boolean().optional(),
  })
  .strict();
export type NotificationPreferencesBody = z.input<typeof notificationPreferencesBody>;

// ── push subscriptions (installed app and portal) ────────────────────────────

/** A browser's PushSubscription as `toJSON()` gives it: the push service's https address and its keys. */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https$/, error: ERRORS['push.subscription_invalid'] }).max(1000, ERRORS['push.subscription_invalid']),
  keys: z.object({
    p256dh: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9_-]+=*$/, ERRORS['push.subscription_invalid']),
    auth: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+=*$/, ERRORS['push.subscription_invalid']),
  }),
  /** The device's own words for itself (the browser's user agent, shortened), shown nowhere but logs. */
  device: z.string().max(200).optional(),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;
export const pushUnsubscribeBody = z.object({ endpoint: z.string().min(1).max(1000) });
export const pushSubscribeReply = z.object({ id: z.uuid() });

/** `GET /api/push/public-key`: the VAPID public key for `pushManager.subscribe`; null when push is off. */
export const vapidKeyReply = z.object({ publicKey: z.string().nullable() });

/**
 * What a push notification carries (the service worker shows it): title, body, the deep link to
 * open on a click, and a tag that replaces an earlier notification of the same thing.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  kind: messageKindSchema,
  lang: z.enum(['en', 'ar']),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

// ── WhatsApp webhook ─────────────────────────────────────────────────────────

/** Meta's verification request: `hub.mode=subscribe`, the verify token, and the challenge to echo. */
export const whatsappVerifyQuery = z.object({
  'hub.mode': z.string().max(50),
  'hub.verify_token': z.string().max(500),
  'hub.challenge': z.string().max(500),
});

const whatsappStatus = z.looseObject({
  id: z.string().max(300),
  status: z.string().max(50),
  timestamp: z.string().max(50).optional(),
  recipient_id: z.string().max(50).optional(),
  errors: z.array(z.looseObject({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() })).optional(),
});
/** WhatsApp's status callback (`statuses` of `entry[].changes[].value`); other fields are taken and ignored. */
export const whatsappWebhookBody = z.looseObject({
  object: z.string().max(100),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              field: z.string().max(100).optional(),
              value: z.looseObject({ statuses: z.array(whatsappStatus).optional() }),
            }),
          )
          .optional(),
      }),
    )
    .max(100),
});
export const whatsappWebhookReply = z.object({ ok: z.literal(true) });

// ── the academy's defaults (Settings → Messages) ─────────────────────────────

/**
 * `GET /api/message-settings`: the academy's default channels per kind (a parent who chose nothing
 * gets them), whether a player marked absent without notice is told to the parent, and which
 * channels work on this server (a provider, or outside production the development outbox standing in for it).
 */
export const messageSettingsSchema = z.object({
  channels: parentChannelsSchema,
  absentWithoutNotice: z.boolean(),
  configured: z.object({ email: z.boolean(), sms: z.boolean(), whatsapp: z.boolean(), push: z.boolean() }),
});
export type MessageSettings = z.infer<typeof messageSettingsSchema>;
export const messageSettingsBody = z
  .object({ channels: parentChannelsPatchSchema.optional(), absentWithoutNotice: z.boolean().optional() })
  .strict();
export type MessageSettingsBody = z.input<typeof messageSettingsBody>;

// ── the staff's list (Settings → Messages) ───────────────────────────────────

export const MESSAGES_PAGE_SIZE = 50;

/**
 * `GET /api/messages`: newest first, filtered by channel, state, kind, recipient and Riyadh dates
 * (both inclusive), a page at a time: `before` is the previous page's `nextCursor`.
 */
export const messageListQuery = z.object({
  channel: messageChannelSchema.optional(),
  state: messageStateSchema.optional(),
  kind: messageKindSchema.optional(),
  recipientId: z.uuid().optional(),
  startDate: dateSchema.optional(),
  endDate: dateSchema.optional(),
  before: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(MESSAGES_PAGE_SIZE),
});
export type MessageListQuery = z.input<typeof messageListQuery>;

export const messageSchema = z.object({
  id: z.uuid(),
  channel: messageChannelSchema,
  kind: messageKindSchema,
  state: messageStateSchema,
  /** The recipient's language: the text went in it. */
  locale: z.enum(['en', 'ar']),
  recipient: z.object({
    id: z.uuid().nullable(),
    role: z.string().nullable(),
    name: z.string().nullable(),
    nameArabic: z.string().nullable(),
  }),
  /** Where it went, partly hidden (`+96650…567`, `ma…@example.sa`, `2 devices`). */
  to: z.string(),
  /** The first line of what was said (the subject, or the template's name and first parameter). */
  summary: z.string(),
  failureReason: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  attempts: z.number().int(),
  /** The WhatsApp or push message this one replaced after it failed. */
  fallbackOf: z.uuid().nullable(),
  /** The event it is about, when it is about one. */
  eventId: z.uuid().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageListReply = z.object({
  items: z.array(messageSchema),
  /** `before` of the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type MessageListReply = z.infer<typeof messageListReply>;

// ── a parent's WhatsApp opt-in recorded by staff from a paper form ───────────

/** The form's words kept with a paper opt-in (which form, where it is filed). */
export const WHATSAPP_OPT_IN_NOTE_MAX = 200;

export const parentIdParams = z.object({ parentId: z.uuid() });

/**
 * `GET /api/parents/{parentId}/whatsapp-opt-in` (staff, the player's page): whether the parent opted in
 * to WhatsApp, when (the day on the form, or in the portal), how (`via`), who recorded a paper one and
 * the form's words; whether WhatsApp is set up and the parent has a mobile for it.
 */
export const whatsappOptInRecordSchema = z.object({
  parentId: z.uuid(),
  configured: z.boolean(),
  hasMobile: z.boolean(),
  optedIn: z.boolean(),
  optedInAt: z.string().nullable(),
  via: z.enum(WHATSAPP_OPT_IN_SOURCES).nullable(),
  recordedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  note: z.string().nullable(),
});
export type WhatsappOptInRecord = z.infer<typeof whatsappOptInRecordSchema>;

/** `PUT /api/parents/{parentId}/whatsapp-opt-in`: the day the parent signed the form (not after today) and the form's words. */
export const recordWhatsappOptInBody = z
  .object({
    signedOn: dateSchema,
    note: z.string().trim().min(1).max(WHATSAPP_OPT_IN_NOTE_MAX),
  })
  .strict();
export type RecordWhatsappOptInBody = z.input<typeof recordWhatsappOptInBody>;

// ── a member's own choices (the staff app's account menu) ────────────────────

/** A coach's channel for "my sessions added, changed or cancelled". */
export const coachChannelSchema = z.enum(COACH_MESSAGE_CHANNELS);
export type CoachChannel = z.infer<typeof coachChannelSchema>;

/**
 * `GET /api/me/notifications`: the channels the signed-in member's session messages go by (their own,
 * or all of them: `usesDefaults`), and which can reach them (an e-mail on file, a device subscribed).
 */
export const memberNotificationPreferencesSchema = z.object({
  channels: z.array(coachChannelSchema),
  usesDefaults: z.boolean(),
  available: z.object({ email: z.boolean(), push: z.boolean() }),
  pushDevices: z.number().int().min(0),
});
export type MemberNotificationPreferences = z.infer<typeof memberNotificationPreferencesSchema>;

/** `PUT /api/me/notifications`: the channels (none: no such messages), kept once each in their order. */
export const memberNotificationPreferencesBody = z
  .object({
    channels: z
      .array(coachChannelSchema)
      .max(COACH_MESSAGE_CHANNELS.length)
      .transform((channels) => COACH_MESSAGE_CHANNELS.filter((c) => channels.includes(c))),
  })
  .strict();
export type MemberNotificationPreferencesBody = z.input<typeof memberNotificationPreferencesBody>;
