import { z } from 'zod';
import { cardMethodSchema } from './card-methods.js';
import { periodPriceSchema } from './collections.js';
import { instalmentOfferSchema } from './instalments.js';
import { publicPackageSchema } from './packages.js';
import { subscriptionCoreSchema } from './subscription-core.js';

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
  subscription: subscriptionCoreSchema,
  parents: z.array(z.object({ name: z.string(), nameArabic: z.string().nullable() })),
  academy: z.object({
    name: z.string(),
    nameArabic: z.string().nullable(),
    logo: z.string().nullable(),
    handle: z.string(),
    enableOnlinePayments: z.boolean(),
    /** The academy's VAT number when it charges VAT (the page says "VAT included" and shows it); null otherwise. */
    vatNumber: z.string().nullable(),
  }),
  /** The ways the provider's page takes money (docs/domain.md, "Payment methods"), named on the page. */
  methods: z.array(cardMethodSchema),
  /** What this payment charges: the package's price less a sibling price (collections.ts, siblingPercent). */
  price: periodPriceSchema,
  /**
   * Instalments (docs/domain.md, "Instalments"), when the package offers them and the subscription
   * waits for its first payment: their number, what is granted, and each one's day and amount (the
   * price above split, the first carrying the rounding); absent otherwise.
   */
  instalments: instalmentOfferSchema.optional(),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

/** `POST /api/subscriptions/paytabs/payment` (public). */
export const initiatePaymentBody = z.object({
  subscriptionId: z.uuid(),
  /** The payer's language: the provider's page and the receipt mail use it (English by default). */
  lang: paymentLangSchema.optional(),
  /** From the renewal page: an ACTIVE or TRIAL subscription is extended (renewing before the end); otherwise it is 409 as paid. */
  renew: z.boolean().optional(),
  /** The payer ticked "save this card for automatic renewals" (CARD_CONSENT, recorded with its version and time). */
  saveCard: z.boolean().optional(),
  /** Pay in the offered instalments (only the first is charged now); needs `saveCard`, else 400 `payment.instalments_need_card`. */
  instalments: z.boolean().optional(),
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
export const PAYMENT_BACK_PATTERN = /^((initial|renew)-subscription\/[0-9a-f-]{36}|family\/money|family-payment\/[A-Za-z0-9_-]{43})$/;

/** Non-secret context Kora puts in its own callback and return addresses (the provider signs only the body). */
export const paymentCallbackQuery = z.object({ lang: paymentLangSchema.optional() });
export const paymentReturnQuery = z.object({
  lang: paymentLangSchema.optional(),
  back: z.string().regex(PAYMENT_BACK_PATTERN).optional(),
});

export const paymentOkReply = z.object({ ok: z.literal(true) });

/**
 * What became of one card payment, as the server recorded it from the provider (never from an
 * address the browser was sent to). PayTabs' `response_status` read for the payer: A paid (once
 * applied), H and P pending, D declined, X expired, C and V cancelled, E and anything else failed;
 * `unapplied` is an authorised charge the subscription could no longer take (it changed meanwhile).
 */
export const PAYMENT_OUTCOMES = ['pending', 'paid', 'declined', 'expired', 'cancelled', 'failed', 'unapplied'] as const;
export const paymentOutcomeSchema = z.enum(PAYMENT_OUTCOMES);
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

/** The payment pages a payer goes back to, to try again: a child's payment or renewal page, or the portal's payments page (a family checkout). */
export const PAYMENT_PAGES = ['initial', 'renew', 'family'] as const;
export type PaymentPage = (typeof PAYMENT_PAGES)[number];

/** `GET /api/payments/{ref}/result` (public): `ref` is the unguessable id Kora gave the payment; anything else is 404. */
export const paymentResultParams = z.object({ ref: z.string().max(100) });

/** The payer's result page: the outcome, and what was paid for, from the server's records. */
export const paymentResultReply = z.object({
  ref: z.uuid(),
  outcome: paymentOutcomeSchema,
  /** SAR, VAT included. */
  amount: z.number(),
  academy: z.object({
    name: z.string(),
    nameArabic: z.string().nullable(),
    logo: z.string().nullable(),
    handle: z.string(),
    vatNumber: z.string().nullable(),
  }),
  player: z.object({ name: z.string(), nameArabic: z.string().nullable() }),
  package: z.object({
    name: z.string(),
    nameArabic: z.string().nullable(),
    packageType: publicPackageSchema.shape.packageType,
  }),
  /** The subscription paid for, as it stands: its period (dates, or sessions) and status. */
  subscription: subscriptionCoreSchema.omit({ sessionsLeft: true }),
  invoice: z.object({ id: z.uuid(), invoiceNumber: z.number().int() }).nullable(),
  /**
   * What this payment paid for, as its invoice names it (a trial paid during it: the months after the
   * trial, not the trial's days); absent or null before an invoice exists.
   */
  paidPeriod: z
    .object({ startDate: z.string().nullable(), endDate: z.string().nullable(), sessions: z.number().int().nullable() })
    .nullable()
    .optional(),
  /** Where the payer tries again: the page the payment started from. */
  retry: z.object({ page: z.enum(PAYMENT_PAGES), subscriptionId: z.uuid() }),
  /**
   * A family checkout (one payment for several children, `amount` their sum): each child's period, what
   * it cost and its invoice once paid; absent for a payment of one subscription (`player`, `package`,
   * `subscription` and `invoice` then name the first child's).
   */
  items: z
    .array(
      z.object({
        player: z.object({ name: z.string(), nameArabic: z.string().nullable() }),
        package: z.object({ name: z.string(), nameArabic: z.string().nullable() }),
        amount: z.number(),
        invoice: z.object({ id: z.uuid(), invoiceNumber: z.number().int() }).nullable(),
      }),
    )
    .optional(),
});
export type PaymentResultReply = z.infer<typeof paymentResultReply>;

/**
 * One checkout per family (docs/domain.md, "One checkout per family"): the children's periods a parent
 * may pay together in the portal — each child's latest subscription waiting for its first payment
 * (PENDING) or ended and renewable (INACTIVE) — with each one's price (a sibling price included).
 */
export const familyCheckoutItemSchema = z.object({
  subscriptionId: z.uuid(),
  status: z.enum(['PENDING', 'INACTIVE']),
  child: z.object({ id: z.uuid(), name: z.string(), nameArabic: z.string().nullable() }),
  package: z.object({ name: z.string(), nameArabic: z.string().nullable() }),
  price: periodPriceSchema,
});
export type FamilyCheckoutItem = z.infer<typeof familyCheckoutItemSchema>;

/** `GET /api/family/checkout`: what may be paid together (none when the academy takes no online payments), and the total. */
export const familyCheckoutOfferSchema = z.object({
  items: z.array(familyCheckoutItemSchema),
  /** SAR, VAT included: the sum of the items' prices. */
  total: z.number(),
});
export type FamilyCheckoutOffer = z.infer<typeof familyCheckoutOfferSchema>;

/**
 * `POST /api/family/checkout`: one payment for the chosen periods (two or more of the offer's). All are
 * applied, each with its own invoice, or none: a charge one of them can no longer take is refunded whole.
 */
export const familyCheckoutBody = z.object({
  subscriptionIds: z
    .array(z.uuid())
    .min(2)
    .max(10)
    .refine((ids) => new Set(ids).size === ids.length),
  lang: paymentLangSchema.optional(),
  /** "Save this card for automatic renewals" (CARD_CONSENT): each period paid then renews itself with it. */
  saveCard: z.boolean().optional(),
});
export type FamilyCheckoutBody = z.input<typeof familyCheckoutBody>;

/** The provider's page to go to (the whole window), and the payment's reference (its result page's). */
export const familyCheckoutReply = z.object({ success: z.literal(true), paymentUrl: z.string(), ref: z.uuid() });

/**
 * A family payment link (docs/domain.md, "A family payment link"): staff send a parent one link that pays
 * the family's children's periods in one checkout, without signing in to the portal. It names a parent
 * row (its family is the portal's) and lasts FAMILY_PAYMENT_LINK_DAYS; the academy keeps only its hash.
 */
export const FAMILY_PAYMENT_LINK_DAYS = 14;

/** `POST /api/players/{id}/family-payment-link`: a new link for the child's (first) parent, to copy or send. */
export const familyPaymentLinkReply = z.object({
  url: z.string(),
  /** ISO instant it stops opening. */
  expiresAt: z.string(),
  parent: z.object({ name: z.string(), nameArabic: z.string().nullable() }),
});
export type FamilyPaymentLinkReply = z.infer<typeof familyPaymentLinkReply>;

/** A family payment link's token (43 URL-safe characters, 256 bits). */
export const familyPaymentTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/** `GET /api/family-payment/{token}` (public, on the academy's host): the academy, the parent, and the family's offer. */
export const familyPaymentPageSchema = z.object({
  academy: z.object({ name: z.string(), nameArabic: z.string().nullable(), logo: z.string().nullable() }),
  parent: z.object({ name: z.string(), nameArabic: z.string().nullable() }),
  offer: familyCheckoutOfferSchema,
  expiresAt: z.string(),
});
export type FamilyPaymentPage = z.infer<typeof familyPaymentPageSchema>;
