import { z } from 'zod';
import { latinDigits } from './digits.js';
import { ERRORS } from './messages.js';
import { recordOf } from './records.js';

/**
 * E-invoicing with ZATCA (phase 2, docs/domain.md, "E-invoicing with ZATCA: onboarding and reporting"): an
 * academy's onboarding (Settings → Academy →
 * E-invoicing) and the reporting state of each of its documents.
 */

/** Where Kora's documents go: the built-in simulator, or one of ZATCA's environments. */
export const ZATCA_ENVIRONMENTS = ['local', 'developer-portal', 'simulation', 'core'] as const;
export const zatcaEnvironmentSchema = z.enum(ZATCA_ENVIRONMENTS);
export type ZatcaEnvironmentName = z.infer<typeof zatcaEnvironmentSchema>;

/**
 * An academy's onboarding: none yet; a compliance certificate whose checks did not finish; a valid
 * production certificate (it signs and reports); a production certificate that expired.
 */
export const EINVOICING_STATES = ['not_onboarded', 'compliance', 'production', 'expired'] as const;
export const eInvoicingStateSchema = z.enum(EINVOICING_STATES);
export type EInvoicingState = z.infer<typeof eInvoicingStateSchema>;

/** A production certificate this close to its expiry (days) is due for renewal. */
export const RENEWAL_DUE_DAYS = 30;

/**
 * A document's reporting to ZATCA: waiting in the queue (retried until ZATCA answers), reported,
 * reported with ZATCA's warnings, or rejected with its errors (final: the bell lists it).
 */
export const REPORTING_STATES = ['waiting', 'reported', 'reported_with_warnings', 'rejected'] as const;
export const reportingStateSchema = z.enum(REPORTING_STATES);
export type ReportingState = z.infer<typeof reportingStateSchema>;

/**
 * How the academy's next VAT invoice is issued: a phase-1 simplified invoice (QR tags 1–5, no
 * cryptographic stamp, nothing reported: it never onboarded); signed with ZATCA's SDK test
 * certificate (never onboarded, development only); signed with its own certificate and reported; or
 * numbered and chained but waiting for a certificate (its certificate has ended).
 */
export const INVOICE_SIGNING = ['phase1', 'test_certificate', 'own_certificate', 'waiting_for_certificate'] as const;
export const invoiceSigningSchema = z.enum(INVOICE_SIGNING);
export type InvoiceSigning = z.infer<typeof invoiceSigningSchema>;

/** GET /api/academies/e-invoicing: never a key or a secret, only what the certificate says publicly. */
export const eInvoicingStatusSchema = z.object({
  state: eInvoicingStateSchema,
  /** The environment this server reports to (ZATCA_ENV). */
  environment: zatcaEnvironmentSchema,
  /** The production certificate in use, or the last one. */
  certificate: z
    .object({
      environment: zatcaEnvironmentSchema,
      /** The certificate's common name (the e-invoicing unit). */
      unit: z.string(),
      issuer: z.string(),
      serialNumber: z.string(),
      /** ISO instants. */
      issuedAt: z.string(),
      expiresAt: z.string(),
      renewalDue: z.boolean(),
    })
    .nullable(),
  /** The VAT number onboarding uses (the academy profile's); null until it is filled in. */
  vatNumber: z.string().nullable(),
  /** The academy's documents by reporting state. */
  reporting: z.object(recordOf(REPORTING_STATES, () => z.number().int().min(0))),
  /** How an invoice issued now would be issued. */
  signing: invoiceSigningSchema,
  /** Documents issued while no certificate was valid: signed and reported once one is (counted in `reporting.waiting` too). */
  waitingForCertificate: z.number().int().min(0),
});
export type EInvoicingStatus = z.infer<typeof eInvoicingStatusSchema>;

/** The one-time password of the Fatoora portal: six digits. */
export const otpSchema = z
  .string({ error: ERRORS['einvoicing.otp_invalid'] })
  .trim()
  .overwrite(latinDigits)
  .regex(/^\d{6}$/, ERRORS['einvoicing.otp_invalid']);

/** POST /api/academies/e-invoicing/onboard and …/renew. */
export const eInvoicingOtpBody = z.object({ otp: otpSchema });
export type EInvoicingOtpBody = z.infer<typeof eInvoicingOtpBody>;
