import { z } from 'zod';

/**
 * What needs attention (the notifications bell; docs/domain.md, "What needs attention"):
 * card charges no subscription could take (refunded automatically), automatic renewals that failed after their last retry, e-invoices ZATCA rejected, the academy's e-invoicing
 * certificate ending or ended, players low on sessions, subscriptions ending soon, payments
 * pending for days and players who joined lately. The rules' thresholds live here so the server, the web and the
 * parents' reminder e-mails agree.
 */
export const ATTENTION_KINDS = [
  'unapplied_payment',
  'refund_pending',
  'renewal_failed',
  'einvoice_rejected',
  'einvoice_certificate',
  'low_sessions',
  'ending_soon',
  'pending_payment',
  'new_player',
] as const;
export const attentionKindSchema = z.enum(ATTENTION_KINDS);
export type AttentionKind = z.infer<typeof attentionKindSchema>;

/**
 * The academy's e-invoicing certificate is listed when it ends within 30 days, again within 7 and
 * within 1 (`warningDays`, the smallest that holds), and once it has ended.
 */
export const CERTIFICATE_WARNING_DAYS = [1, 7, 30] as const;

/** A session-based ACTIVE/TRIAL subscription with this many sessions left or fewer is low. */
export const LOW_SESSIONS_LEFT = 2;
/** A time-based ACTIVE/TRIAL subscription ending between today and today + this many days (Riyadh) is ending soon. */
export const ENDING_SOON_DAYS = 7;
/** A PENDING subscription created more than this many days ago is waiting for its payment. */
export const PENDING_PAYMENT_DAYS = 3;
/** A player created within this many days is new. */
export const NEW_PLAYER_DAYS = 7;
/** A charge no subscription took stays listed this many days after its refund went through (until then, always). */
export const UNAPPLIED_PAYMENT_DAYS = 7;

/** The stages a parent is reminded of, each at most once per subscription (table subscription_reminders). */
export const REMINDER_STAGES = ['low_sessions', 'ending_soon', 'pending_payment'] as const;
export type ReminderStage = (typeof REMINDER_STAGES)[number];

export const attentionItemSchema = z.object({
  kind: attentionKindSchema,
  /** The player concerned; null for the academy's own items (`einvoice_certificate`). */
  playerId: z.uuid().nullable(),
  playerName: z.string().nullable(),
  playerNameArabic: z.string().nullable(),
  /** The subscription concerned (every kind but `new_player`). */
  subscriptionId: z.uuid().optional(),
  /** `low_sessions`: the sessions left. */
  sessionsLeft: z.number().int().optional(),
  /** `ending_soon`, `renewal_failed`: the (current period's) last day, yyyy-MM-dd; `einvoice_certificate`: the certificate's last day (Riyadh). */
  endDate: z.string().optional(),
  /** `pending_payment`: when the subscription was created; `new_player`: when the player was; `einvoice_rejected`: when ZATCA answered. ISO instant. */
  createdAt: z.string().optional(),
  /** `einvoice_rejected`: the number of the invoice or credit note ZATCA rejected (the player is its buyer). */
  invoiceNumber: z.number().int().optional(),
  /** `unapplied_payment`: where its automatic refund stands (pending: the provider gave no verdict yet). */
  refundState: z.enum(['pending', 'refunded', 'failed']).optional(),
  /** `refund_pending`: SAR of a card refund the provider has not confirmed yet (its invoice is `invoiceNumber`, asked at `createdAt`). */
  amount: z.number().optional(),
  /** `einvoice_certificate`: it ends within this many days (30, 7 or 1); absent once it has ended. */
  warningDays: z.number().int().optional(),
  /** `einvoice_certificate`: documents issued without a valid certificate, waiting to be signed and reported. */
  documentsWaiting: z.number().int().min(0).optional(),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

/**
 * The academy's own notices (docs/domain.md, "Text messages"):
 * `sms_owner_unverified`, texts are off until the owner opens the link mailed to `email`;
 * `sms_academy_cap`, the academy's texts of the last 24 hours reached `limit`, so texts are stopped
 * until `until` (ISO instant); `messages_failed`, `count` messages failed for good since `since` (ISO instant).
 */
export const attentionNoticeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sms_owner_unverified'), email: z.string() }),
  z.object({ kind: z.literal('sms_academy_cap'), limit: z.number().int(), until: z.string() }),
  // Messages that failed for good in the last 7 days (after their one fallback): Settings → Messages lists them.
  z.object({ kind: z.literal('messages_failed'), count: z.number().int().min(1), since: z.string() }),
]);
export type AttentionNotice = z.infer<typeof attentionNoticeSchema>;

export const attentionReplySchema = z.object({
  items: z.array(attentionItemSchema),
  /** Notices about the academy itself, shown above the items (absent: none). */
  notices: z.array(attentionNoticeSchema).optional(),
  /** The number of items and notices (the bell's badge). */
  count: z.number().int().min(0),
});
export type AttentionReply = z.infer<typeof attentionReplySchema>;
