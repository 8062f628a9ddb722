import { z } from 'zod';
import { subscriptionStatusSchema } from './enums.js';
import { publicPackageSchema } from './packages.js';

/** The languages of the provider's hosted page (PayTabs `paypage_lang`) and of the receipt mail. */
export const PAYMENT_LANGS = ['en', 'ar'] as const;
export const paymentLangSchema = z.enum(PAYMENT_LANGS);
export type PaymentLang = z.infer<typeof paymentLangSchema>;

/**
 * `GET /api/subscriptions/{id}/payment-details` (public): what the payment page shows. Parents carry
 * their names only (the page is public); `status` tells the page whether payment may start.
 */
export const paymentDetailsSchema = z.object({
  user: z.object({ id: z.uuid(), name: z.string(), nameArabic: z.string().nullable() }),
  package: publicPackageSchema,
  subscription: z.object({
    id: z.uuid(),
    status: subscriptionStatusSchema,
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    sessionsLeft: z.number().int().nullable(),
    totalSessions: z.number().int().nullable(),
  }),
  parents: z.array(z.object({ name: z.string(), nameArabic: z.string().nullable() })),
  academy: z.object({
    name: z.string(),
    nameArabic: z.string().nullable(),
    logo: z.string().nullable(),
    handle: z.string(),
    enableOnlinePayments: z.boolean(),
  }),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

/** `POST /api/subscriptions/paytabs/payment` (public). */
export const initiatePaymentBody = z.object({
  subscriptionId: z.uuid(),
  /** The payer's language: the provider's page and the receipt mail use it (English by default). */
  lang: paymentLangSchema.optional(),
});
export type InitiatePaymentBody = z.input<typeof initiatePaymentBody>;

/** Payment may start: the provider's page to show in a frame, and the subscription it pays (a renewal pays a new one). */
export const initiatePaymentReply = z.object({
  success: z.literal(true),
  paymentUrl: z.string(),
  subscriptionId: z.uuid(),
});
/** The provider refused to open a page: `{success: false, error}` with the error shape's message and code. */
export const initiatePaymentFailure = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  code: z.string(),
});

const field = z.string().max(2000);

/**
 * The provider's server-to-server notification (PayTabs callback shape). Its `Signature` header is
 * checked over the raw bytes before anything of it is believed; unknown fields are kept.
 */
export const paymentCallbackBody = z.looseObject({
  tran_ref: z.string().min(1).max(64),
  cart_id: z.string().max(64),
  cart_amount: z.union([z.string().max(32), z.number()]).optional(),
  cart_currency: z.string().max(8).optional(),
  payment_result: z.looseObject({
    response_status: z.string().max(8),
    response_code: z.union([field, z.number()]).optional(),
    response_message: field.optional(),
  }),
});

/** The browser's return from the provider's page: a form POST of strings with its `signature`. */
export const paymentReturnBody = z.record(z.string().max(64), field);

/** Where the browser goes back to when the payment did not go through: the page it paid from. */
export const PAYMENT_BACK_PATTERN = /^(initial|renew)-subscription\/[0-9a-f-]{36}$/;

/** Non-secret context Kora puts in its own callback and return addresses (the provider signs only the body). */
export const paymentCallbackQuery = z.object({ lang: paymentLangSchema.optional() });
export const paymentReturnQuery = z.object({
  lang: paymentLangSchema.optional(),
  back: z.string().regex(PAYMENT_BACK_PATTERN).optional(),
});

export const paymentOkReply = z.object({ ok: z.literal(true) });
