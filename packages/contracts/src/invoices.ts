import { z } from 'zod';
import { cardMethodSchema } from './card-methods.js';
import { checkDateRange, dateSchema, moneySchema, monthSchema, plainText } from './common.js';
import { reportingStateSchema } from './e-invoicing.js';
import { paymentMethodSchema } from './enums.js';
import { ERRORS } from './messages.js';

/** GET /api/invoices/all: the invoices paid between two days (both inclusive, Asia/Riyadh), at most a year. */
export const invoiceListQuery = z.object({ startDate: dateSchema, endDate: dateSchema }).superRefine(checkDateRange);

/** GET /api/invoices/export: one calendar month (Asia/Riyadh, yyyy-MM) as CSV, in the UI's language (headers and names). */
export const invoiceExportQuery = z.object({ month: monthSchema, lang: z.enum(['en', 'ar']).default('en') });

/**
 * A document of the payments history: an invoice, or a credit note (UBL 381) that credits all or
 * part of one, numbered in the same gapless sequence (docs/domain.md, "Credit notes and refunds").
 */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export const invoiceKindSchema = z.enum(INVOICE_KINDS);
export type InvoiceKind = z.infer<typeof invoiceKindSchema>;

/** A refund: pending while the provider is asked (its amount held), then refunded (with its credit note) or failed. */
export const REFUND_STATES = ['pending', 'refunded', 'failed'] as const;

/** One document of the payments history (docs/domain.md, "Invoices"), with the player's Arabic name for the Arabic screen. */
export const invoiceListItemSchema = z.object({
  id: z.uuid(),
  invoiceNumber: z.number().int(),
  kind: invoiceKindSchema,
  /** A credit note's reference: the number of the invoice it credits; null for an invoice. */
  creditedInvoiceNumber: z.number().int().nullable(),
  user: z.object({ name: z.string(), nameArabic: z.string().nullable() }),
  /** The package as named on the invoice, in both languages (its Arabic name null when it had none). */
  subscription: z.object({ package: z.object({ name: z.string(), nameArabic: z.string().nullable() }) }),
  /** ISO 8601 instant. */
  paidAt: z.string(),
  /** SAR, VAT included; negative for a credit note (money given back), so a sum of rows is what the academy kept. */
  totalAmount: z.number(),
  /** SAR; 0 when the academy had no VAT number at the time; negative for a credit note. */
  vatAmount: z.number(),
  paymentMethod: paymentMethodSchema,
  /** How a card payment was made (mada, Visa/Mastercard, Apple Pay, STC Pay) when the provider said; null otherwise. */
  cardMethod: cardMethodSchema.nullable(),
  /** Its e-invoice's reporting to ZATCA; null when it has none (issued without VAT, or before e-invoicing). */
  reporting: reportingStateSchema.nullable(),
});

/** SAR given back by a credit note: more than zero, at most two decimals. */
export const creditAmountSchema = moneySchema.refine((v) => v > 0, ERRORS['credit_note.amount_invalid']);
/** Why a credit note is issued: printed on it and stated in its e-invoice (cbc:InstructionNote). */
export const creditReasonSchema = plainText(ERRORS['credit_note.reason_required'])
  .min(1, ERRORS['credit_note.reason_required'])
  .max(200, ERRORS['credit_note.reason_too_long']);

/**
 * POST /api/invoices/{id}/credit-note: the amount to credit (default: all that is left uncredited) and
 * why; `cancelSubscription` also cancels the invoice's subscription with it, as Settings → Cancel with
 * a refund does (a full credit note asks whether to; absent or false, the subscription stays).
 */
export const creditNoteBody = z.object({
  amount: creditAmountSchema.optional(),
  reason: creditReasonSchema,
  cancelSubscription: z.boolean().optional(),
});

/** An issued credit note and the refund it records. */
export const creditNoteSchema = z.object({
  id: z.uuid(),
  /** Its number in the academy's one sequence of invoices and credit notes. */
  invoiceNumber: z.number().int(),
  kind: z.literal('credit_note'),
  creditedInvoice: z.object({ id: z.uuid(), invoiceNumber: z.number().int() }),
  /** ISO 8601 instant. */
  issuedAt: z.string(),
  /** SAR credited and refunded, VAT included. */
  amount: z.number(),
  vatAmount: z.number(),
  reason: z.string(),
  /** How the money went back: cash at the academy, or to the card through the provider (its refund reference). */
  refund: z.object({ method: paymentMethodSchema, providerRef: z.string().nullable() }),
  /** SAR of the invoice still uncredited after this note. */
  remainingAmount: z.number(),
});

/**
 * A card refund not final yet (docs/domain.md "Credit notes and refunds"): the provider was
 * asked, or was about to be, and gave no verdict (a timeout, the process stopped). Its amount is held
 * on the invoice; the provider is asked again on a schedule, and a member can retry it or, after
 * checking the provider, mark it settled.
 */
export const pendingRefundSchema = z.object({
  id: z.uuid(),
  /** The invoice it gives back (all or part of). */
  invoice: z.object({ id: z.uuid(), invoiceNumber: z.number().int() }),
  subscriptionId: z.uuid(),
  player: z.object({ name: z.string(), nameArabic: z.string().nullable() }),
  package: z.object({ name: z.string(), nameArabic: z.string().nullable() }),
  /** SAR on its way back, VAT included. */
  amount: z.number(),
  method: paymentMethodSchema,
  reason: z.string(),
  /** A cancellation's refund: the subscription is cancelled once it settles as refunded. */
  cancelsSubscription: z.boolean(),
  /** ISO 8601 instant it was asked. */
  createdAt: z.string(),
  /** How often the provider was asked about it since, and its last answer: no such refund, or no answer. */
  checks: z.number().int(),
  lastAnswer: z.enum(['not_found', 'unavailable']).nullable(),
});

/** POST /api/refunds/{id}/settle: what the provider's dashboard says became of it (and its reference there). */
export const settleRefundBody = z.object({
  outcome: z.enum(['refunded', 'failed']),
  providerRef: plainText(ERRORS['request.invalid']).max(64).optional(),
});

/** A pending refund once settled (retried, or marked): refunded with its credit note, failed, or still pending. */
export const refundOutcomeSchema = z.object({
  id: z.uuid(),
  state: z.enum(REFUND_STATES),
  creditNote: creditNoteSchema.nullable(),
});

export type PendingRefund = z.infer<typeof pendingRefundSchema>;
export type SettleRefundBody = z.input<typeof settleRefundBody>;
export type RefundOutcome = z.infer<typeof refundOutcomeSchema>;
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuery>;
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;
export type CreditNoteBody = z.input<typeof creditNoteBody>;
export type CreditNote = z.infer<typeof creditNoteSchema>;
