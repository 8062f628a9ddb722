import { z } from 'zod';
import { instalmentGrantSchema } from './instalments.js';
import { ERRORS } from './messages.js';

/**
 * Saved cards and automatic renewals (docs/domain.md, "Automatic renewals and retries"): the consent
 * a parent ticks on the payment page (its text is recorded by version with the card), the saved cards
 * and renewals a parent sees in the portal, and the academy's retry schedule, grace days and the
 * packages that renew themselves.
 */
export const CARD_CONSENT = {
  /**
   * 2026-12-03: names the instalments (docs/domain.md, "Instalments"); cards saved before keep theirs
   * ('2026-12-02' named the sibling discount, '2026-12-01' was the first).
   */
  version: '2026-12-03',
  en: 'Save this card for automatic renewals: I agree that the academy charges this card the price of the package, less any sibling discount, on each renewal date, and each instalment on its date when I pay in instalments, until I remove the card in the family portal. I get a receipt for each charge.',
  ar: 'احفظ هذه البطاقة للتجديد التلقائي: أوافق على أن تخصم الأكاديمية سعر الباقة، بعد خصم الإخوة إن وُجد، من هذه البطاقة في كل موعد تجديد، وكل قسط في موعده إن اخترت الدفع على أقساط، حتى أحذف البطاقة من بوابة العائلة، وأستلم إيصالاً عن كل عملية خصم.',
} as const;

/** Default retry schedule: days after the renewal date of each try (the first on the day). */
export const DEFAULT_RETRY_DAYS = [0, 2, 5] as const;
/** Default days a subscription whose renewal is being retried (or failed) stays ACTIVE after its end date. */
export const DEFAULT_GRACE_DAYS = 7;

export const renewalStateSchema = z.enum(['scheduled', 'due', 'charging', 'paid', 'failed', 'stopped']);
export type RenewalState = z.infer<typeof renewalStateSchema>;

/** One subscription a saved card renews: the child, the package, the next charge and what it asks. */
export const savedCardRenewalSchema = z.object({
  subscriptionId: z.uuid(),
  childName: z.string(),
  childNameArabic: z.string().nullable(),
  packageName: z.string(),
  packageNameArabic: z.string().nullable(),
  /** The renewal date (Riyadh, yyyy-MM-dd): the current period's last day; null when the package does not renew itself. */
  nextChargeOn: z.string().nullable(),
  /** SAR the next charge asks (the renewal page's price). */
  amount: z.number(),
  /** The renewal of the current period: scheduled (not yet due), due (a try is waiting), failed… */
  state: renewalStateSchema,
  /** The next try's day while a failed try is being retried. */
  nextTryOn: z.string().nullable(),
  /** The next charge is this instalment of the period (docs/domain.md, "Instalments"); absent or null for a renewal. */
  instalment: z.object({ number: z.number().int(), count: z.number().int() }).nullable().optional(),
});

export const savedCardSchema = z.object({
  id: z.uuid(),
  /** The masked card, e.g. "4111 11## #### 1111". */
  label: z.string(),
  /** ISO instant the parent agreed (the consent's text version is kept with it). */
  consentedAt: z.string(),
  consentVersion: z.string(),
  /** Set when the card can no longer be charged: `expired`, or `authentication` (the bank wants the payer each time). */
  unusableReason: z.enum(['expired', 'authentication']).nullable(),
  renewals: z.array(savedCardRenewalSchema),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/** `GET /api/family/saved-cards`. */
export const familySavedCardsSchema = z.object({ cards: z.array(savedCardSchema) });
export type FamilySavedCards = z.infer<typeof familySavedCardsSchema>;

/** `DELETE /api/family/saved-cards/{id}`: whether the provider deleted the token too, or Kora only forgot it. */
export const removeSavedCardReply = z.object({ deletedAtProvider: z.boolean() });
export type RemoveSavedCardReply = z.infer<typeof removeSavedCardReply>;

export const savedCardParams = z.object({ id: z.uuid() });

const retryDays = z
  .array(z.number().int().min(0).max(30))
  .min(1)
  .max(6)
  .refine((days) => days.every((d, i) => i === 0 || d > days[i - 1]), ERRORS['collections.retry_days_order']);

/**
 * A sibling price (docs/domain.md, "Sibling prices"): from the `fromChild`-th child of a family with
 * a running or waiting subscription on, `percent` off each period's price. A family's children are
 * ranked by their package's price (highest first, then the earliest registered): the first pays
 * the full price.
 */
export const siblingDiscountSchema = z.object({
  fromChild: z.number().int().min(2).max(10),
  percent: z.number().int().min(1).max(90),
});
export type SiblingDiscount = z.infer<typeof siblingDiscountSchema>;

const siblingDiscounts = z
  .array(siblingDiscountSchema)
  .max(5)
  .refine(
    (tiers) => tiers.every((t, i) => i === 0 || (t.fromChild > tiers[i - 1].fromChild && t.percent >= tiers[i - 1].percent)),
    ERRORS['collections.sibling_order'],
  );

/** The percent off for a family's `position`-th child (1 = the first, who pays the full price): its tier's, or 0. */
export function siblingPercent(position: number, tiers: readonly SiblingDiscount[]): number {
  return tiers.reduce((percent, t) => (position >= t.fromChild ? t.percent : percent), 0);
}

/** The allowance of a percent off a VAT-inclusive price, in halalas (rounded half up). */
export const allowanceOf = (priceHalalas: number, percent: number) => Math.round((priceHalalas * percent) / 100);

/** What a period costs this child: the package's price, the sibling allowance, and what is charged (SAR). */
export const periodPriceSchema = z.object({
  list: z.number(),
  allowance: z.number(),
  total: z.number(),
  /** The sibling price applied: the child's place in the family and the percent off; null when none applies. */
  sibling: z.object({ position: z.number().int(), percent: z.number().int() }).nullable(),
});
export type PeriodPrice = z.infer<typeof periodPriceSchema>;

/** `GET /api/collections/settings`: the retry schedule, grace days, sibling prices, and each package's automatic renewal. */
export const collectionSettingsSchema = z.object({
  retryDays: z.array(z.number().int()),
  graceDays: z.number().int(),
  siblingDiscounts: z.array(siblingDiscountSchema),
  packages: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      nameArabic: z.string().nullable(),
      /** Only time-based packages renew themselves (a period with an end date). */
      timeBased: z.boolean(),
      autoRenew: z.boolean(),
      /** Whether it may be paid in instalments (3, 6 or 12 months: instalmentsQualify). */
      instalmentsQualify: z.boolean(),
      /** Its instalments (docs/domain.md, "Instalments"): what the subscription is granted, or null for none. */
      instalments: instalmentGrantSchema.nullable(),
    }),
  ),
});
export type CollectionSettings = z.infer<typeof collectionSettingsSchema>;

/** `PUT /api/collections/settings`. The last retry must come before the grace days end. */
export const collectionSettingsBody = z
  .object({
    retryDays,
    graceDays: z.number().int().min(0).max(60),
    /** The packages that renew themselves (time-based ones; others are refused). */
    autoRenewPackageIds: z.array(z.uuid()).max(500),
    /** Sibling prices, by child from 2nd on (absent: unchanged; empty: none). */
    siblingDiscounts: siblingDiscounts.optional(),
    /** Packages' instalments, each with its grant or null for none (absent: unchanged; a package not listed is unchanged). */
    instalmentPackages: z
      .array(z.object({ id: z.uuid(), grant: instalmentGrantSchema.nullable() }))
      .max(500)
      .optional(),
  })
  .refine((b) => b.retryDays[b.retryDays.length - 1] <= b.graceDays, {
    message: ERRORS['collections.retry_after_grace'],
    path: ['graceDays'],
  });
export type CollectionSettingsBody = z.input<typeof collectionSettingsBody>;
