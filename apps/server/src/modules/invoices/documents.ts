import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { type InvoiceSeller, invoiceDocuments } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { enqueueReport } from '../e-invoicing/reporting.js';
import { type AcademySigningCredentials, signingFor } from './formats/credentials.js';
import { zatcaQrPayload } from './formats/qr.js';
import { hashCanonical, PIH_SEED, signDocument } from './formats/signing.js';
import { buildUbl, type DocumentTypeCode } from './formats/ubl.js';

/** What a document states: the invoice row's frozen facts (a credit or debit note adds its reference and reason). */
export interface DocumentFacts {
  invoiceId: string;
  typeCode: DocumentTypeCode;
  number: number;
  issuedAt: Date;
  seller: InvoiceSeller;
  vatNumber: string;
  buyerName: string;
  line: { name: string; totalHalalas: number; vatHalalas: number };
  /** A document-level allowance, VAT included (a sibling price): the document's total is the line's less it. */
  allowance?: { halalas: number; reason: string };
  paymentMethod: 'Cash' | 'Card';
  billingReference?: { id: string; reason: string };
}

/** Where the academy's chain stands: the next counter value and the hash the next document points back to. */
export interface ChainPosition {
  icv: number;
  pih: string;
}
export const CHAIN_START: ChainPosition = { icv: 1, pih: PIH_SEED };

/** The document's UBL at a chain position, before any signature, with its new UUID. */
function unsignedUbl(facts: DocumentFacts, at: ChainPosition) {
  const uuid = randomUUID();
  const unsigned = buildUbl({
    typeCode: facts.typeCode,
    number: facts.number,
    uuid,
    issuedAt: facts.issuedAt,
    icv: at.icv,
    pih: at.pih,
    seller: { ...facts.seller, vatNumber: facts.vatNumber },
    buyerName: facts.buyerName,
    line: facts.line,
    allowance: facts.allowance,
    paymentMethod: facts.paymentMethod,
    billingReference: facts.billingReference,
  });
  return { uuid, unsigned };
}

/** The signed document of one invoice at a chain position, as the row to store (no database work). */
export function signedDocument(
  academyId: string,
  facts: DocumentFacts,
  at: ChainPosition,
  credentials: AcademySigningCredentials,
): typeof invoiceDocuments.$inferInsert {
  const { uuid, unsigned } = unsignedUbl(facts, at);
  const signed = signDocument(unsigned, credentials, facts.issuedAt);
  return {
    academyId,
    invoiceId: facts.invoiceId,
    typeCode: facts.typeCode,
    uuid,
    icv: at.icv,
    pih: at.pih,
    hash: signed.hash,
    qr: signed.qr,
    xml: signed.xml,
    credentialId: credentials.credentialId,
  };
}

/**
 * The document of one invoice at a chain position, not signed: numbered and chained all the same
 * (the invoice hash, which the next document's PIH is, covers no signature), stored as its
 * canonical text with the QR's tags 1–5 until a certificate signs it (modules/e-invoicing/waiting.ts).
 */
export function waitingDocument(academyId: string, facts: DocumentFacts, at: ChainPosition): typeof invoiceDocuments.$inferInsert {
  const { uuid, unsigned } = unsignedUbl(facts, at);
  return {
    academyId,
    invoiceId: facts.invoiceId,
    typeCode: facts.typeCode,
    uuid,
    icv: at.icv,
    pih: at.pih,
    hash: hashCanonical(unsigned.canonical),
    qr: zatcaQrPayload(unsigned.qr),
    xml: unsigned.canonical,
    credentialId: null,
    unsigned: true,
  };
}

/**
 * Signs and stores the e-invoice of an invoice row, in the transaction that issued it. The caller
 * holds the academy's invoice counter row (nextInvoiceNumber), which queues concurrent issuers, so
 * the last document read here is the last one there is; the unique (academy, ICV) key would refuse
 * a second document at the same place in the chain anyway. Only the academy's own valid
 * certificate signs (formats/credentials.ts, signingFor): without one the document waits for a
 * certificate, still numbered and chained; an academy that never onboarded (production) issues a
 * phase-1 invoice, with no document (null).
 */
export async function issueDocument(tx: TenantTx, facts: DocumentFacts) {
  const signing = await signingFor(tx, facts.issuedAt);
  if (signing.kind === 'phase1') return null;
  const [last] = await tx
    .select({ icv: invoiceDocuments.icv, hash: invoiceDocuments.hash })
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.academyId, tx.academyId))
    .orderBy(desc(invoiceDocuments.icv))
    .limit(1);
  const at = last ? { icv: last.icv + 1, pih: last.hash } : CHAIN_START;
  const [document] = await tx
    .insert(invoiceDocuments)
    .values(
      signing.kind === 'signed' ? signedDocument(tx.academyId, facts, at, signing.credentials) : waitingDocument(tx.academyId, facts, at),
    )
    .returning();
  await enqueueReport(tx, facts.invoiceId); // reported to ZATCA within 24 h (modules/e-invoicing/reporting.ts)
  return document;
}
