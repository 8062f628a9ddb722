import { z } from 'zod';
import { dateSchema } from './common.js';
import { paymentMethodSchema } from './enums.js';
import { creditAmountSchema, creditNoteSchema, creditReasonSchema } from './invoices.js';
import { ERRORS } from './messages.js';
import { subscriptionSchema, teamRefSchema } from './users.js';

/** A subscription as Settings → subscriptions manages it: the Subscription shape, its package saying whether it may pause. */
export const managedSubscriptionSchema = subscriptionSchema.extend({
  package: subscriptionSchema.shape.package.extend({ allowPause: z.boolean() }),
});
export type ManagedSubscription = z.infer<typeof managedSubscriptionSchema>;

/** One row of `GET /api/subscriptions`: a player and their latest subscription (latest end date), or null. */
export const subscriptionRowSchema = z.object({
  player: z.object({
    id: z.uuid(),
    name: z.string(),
    nameArabic: z.string().nullable(),
    avatar: z.string().nullable(),
    birthdate: z.string().nullable(),
    /** Null without the right to read it (users.ts, playerSchema); `hasMedicalNote` says there is one. */
    condition: z.string().nullable(),
    hasMedicalNote: z.boolean(),
    teams: z.array(teamRefSchema),
  }),
  subscription: managedSubscriptionSchema.nullable(),
});
export type SubscriptionRow = z.infer<typeof subscriptionRowSchema>;

/** A package id that must be given: missing or not an id is "Subscription package was not selected by user". */
const chosenPackage = z.uuid({ error: ERRORS['subscription.package_required'] });

export const subscriptionIdParams = z.object({ subscriptionId: z.uuid() });
export const activateSubscriptionParams = z.object({ packageId: chosenPackage, subscriptionId: z.uuid() });

/** Settings → subscriptions creates a PENDING subscription of a package, starting today. */
export const createSubscriptionBody = z.object({
  packageId: chosenPackage,
});

/** Manual activation, recorded as a cash payment with its invoice (always issued); `sendInvoice` e-mails it to the parents. */
export const activateSubscriptionBody = z.object({
  status: z.literal('ACTIVE'),
  startDate: dateSchema.optional(),
  sendInvoice: z.boolean().default(true),
  paymentMethod: z.literal('Cash').default('Cash'),
});

export const changeSubscriptionPackageBody = z.object({ packageId: chosenPackage });

/**
 * Cancelling, optionally with a refund of the subscription's invoice: absent, none; without an
 * amount, all that is left uncredited; else that amount. The refund is a credit note (and, for a
 * card payment, the provider's refund) issued in the same request (docs/domain.md). No body at all
 * is a cancellation without refund.
 */
export const cancelSubscriptionBody = z
  .object({
    refund: z.object({ amount: creditAmountSchema.optional(), reason: creditReasonSchema }).optional(),
  })
  .nullish();

/** The cancelled subscription, and the credit note of its refund when one was asked for. */
export const cancelSubscriptionReply = managedSubscriptionSchema.extend({ creditNote: creditNoteSchema.nullable() });

/** What a cancellation may refund: the subscription's latest invoice and what is left uncredited on it. */
export const subscriptionRefundableSchema = z.object({
  /** Null when the subscription has no invoice (not paid, or paid without one): nothing to refund. */
  invoice: z
    .object({ id: z.uuid(), invoiceNumber: z.number().int(), totalAmount: z.number(), paymentMethod: paymentMethodSchema })
    .nullable(),
  /** SAR: what a full refund gives back (0 when all of it was credited already), pending refunds left out. */
  refundableAmount: z.number(),
  /**
   * SAR already on its way back: card refunds of this invoice the provider has not confirmed yet
   *, held until they settle; with when the first was asked (ISO instant), null when none.
   */
  pendingRefundAmount: z.number(),
  pendingRefundSince: z.string().nullable(),
});

export type CreateSubscriptionBody = z.input<typeof createSubscriptionBody>;
export type ActivateSubscriptionBody = z.input<typeof activateSubscriptionBody>;
export type ChangeSubscriptionPackageBody = z.input<typeof changeSubscriptionPackageBody>;
export type CancelSubscriptionBody = z.input<typeof cancelSubscriptionBody>;
export type SubscriptionRefundable = z.infer<typeof subscriptionRefundableSchema>;
