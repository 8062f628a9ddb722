import { z } from 'zod';
import { emailSchema, isPlainText, nameText, plainText } from './common.js';
import { latinDigits } from './digits.js';
import { ERRORS, MSG } from './messages.js';
import { phoneSchema } from './phone.js';

/** A Saudi VAT number: 15 digits starting and ending with 3 (docs/domain.md, "ZATCA: the facts Kora builds on"). */
export const VAT_NUMBER_PATTERN = /^3\d{13}3$/;
/** Saudi VAT, included in every price shown to a payer. */
export const VAT_RATE_PERCENT = 15;
/** Saudi consumer prices include VAT: the VAT share of a VAT-inclusive total, in halalas. */
export const vatIncluded = (totalHalalas: number) => Math.round((totalHalalas * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));
/** The seller's identity and national address on a ZATCA e-invoice (docs/domain.md, "ZATCA: the facts Kora builds on"). */
export const CR_NUMBER_PATTERN = /^\d{10}$/;
export const BUILDING_NUMBER_PATTERN = /^\d{4}$/;
export const POSTAL_CODE_PATTERN = /^\d{5}$/;

/** The academy profile of Settings → Academy (`GET /api/academies/{id}`); the handle is read-only. */
export const academyProfileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameArabic: z.string().nullable(),
  logo: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  handle: z.string(),
  vatNumber: z.string().nullable(),
  enableOnlinePayments: z.boolean(),
  /** Coaches without medical and identity see the medical conditions of the players of their own teams and events (default: only that there is one). */
  coachesSeeMedical: z.boolean(),
  address: z.object({
    street: z.string().nullable(),
    city: z.string().nullable(),
    buildingNumber: z.string().nullable(),
    district: z.string().nullable(),
    postalCode: z.string().nullable(),
  }),
  /** Commercial registration number. */
  crNumber: z.string().nullable(),
  /** The refund and cancellation policy parents read (public page `/refund-policy`); null shows the default text. */
  refundPolicy: z.string().nullable(),
  refundPolicyArabic: z.string().nullable(),
});
export type AcademyProfile = z.infer<typeof academyProfileSchema>;

/** `GET /api/academies/refund-policy/{handle}` (public): an academy's refund and cancellation policy; null shows the default text. */
export const refundPolicyParams = z.object({ handle: z.string().max(100) });
export const refundPolicyReply = z.object({
  academy: z.object({ name: z.string(), nameArabic: z.string().nullable(), logo: z.string().nullable(), handle: z.string() }),
  refundPolicy: z.string().nullable(),
  refundPolicyArabic: z.string().nullable(),
});
export type RefundPolicyReply = z.infer<typeof refundPolicyReply>;

/** The answer of a profile update: the academy and the address of its (new or current) logo. */
export const academyUpdateReply = academyProfileSchema.extend({ photoUrl: z.string().nullable() });
export type AcademyUpdateReply = z.infer<typeof academyUpdateReply>;

/** Absent keeps the stored value; empty clears it. */
const keptText = (max: number) =>
  plainText()
    .max(max)
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/** Free text with line breaks (a policy), kept when absent and cleared when empty. */
const keptLines = (max: number) =>
  z
    .string()
    .trim()
    .refine((v) => isPlainText(v, true), ERRORS['text.control_characters'])
    .max(max)
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/** The longest refund policy an academy may write, in each language. */
export const REFUND_POLICY_MAX = 5000;

/** A number of a national address or register, kept when absent and cleared when empty; Arabic-Indic digits are read as digits. */
const keptDigits = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined ? undefined : latinDigits(v) || null))
    .refine((v) => v == null || pattern.test(v), message);

/**
 * Multipart fields of a profile update (W:Settings), besides the optional `photo` (the logo). The
 * academy screen sends `vatNumber` only when it is not empty, so an absent or empty VAT number means
 * none; `nameArabic`, `street`, `city` and the e-invoice fields `crNumber`, `buildingNumber`,
 * `district` and `postalCode` (which it does not know) and the refund policy `refundPolicy`, `refundPolicyArabic` are kept when absent, cleared when empty; `enableOnlinePayments` and `coachesSeeMedical` ('true' / 'false') are kept when absent. A `handle` field is ignored.
 */
export const academyUpdateFields = z.object({
  name: nameText(ERRORS['academy.name_required']).min(2, ERRORS['academy.name_required']).max(100),
  nameArabic: nameText()
    .max(100)
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  email: emailSchema,
  phone: phoneSchema(MSG.phoneInvalid),
  enableOnlinePayments: z.stringbool().optional(),
  coachesSeeMedical: z.stringbool().optional(),
  vatNumber: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? latinDigits(v) : null))
    .refine((v) => v === null || VAT_NUMBER_PATTERN.test(v), ERRORS['academy.vat_invalid']),
  street: keptText(200),
  city: keptText(100),
  crNumber: keptDigits(CR_NUMBER_PATTERN, ERRORS['academy.cr_invalid']),
  buildingNumber: keptDigits(BUILDING_NUMBER_PATTERN, ERRORS['academy.building_number_invalid']),
  district: keptText(100),
  postalCode: keptDigits(POSTAL_CODE_PATTERN, ERRORS['academy.postal_code_invalid']),
  refundPolicy: keptLines(REFUND_POLICY_MAX),
  refundPolicyArabic: keptLines(REFUND_POLICY_MAX),
});
export type AcademyUpdateFields = z.input<typeof academyUpdateFields>;
export type ParsedAcademyUpdateFields = z.output<typeof academyUpdateFields>;
