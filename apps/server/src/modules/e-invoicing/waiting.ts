/**
 * Documents that wait for a certificate (docs/domain.md, "E-invoicing with ZATCA: onboarding and
 * reporting"; migration 0036): issued while the academy's certificate had expired, they were numbered
 * and chained but not signed. When the academy has a valid certificate again (a renewal, onboarding
 * again, or the reporter finding one) each is signed once with it, in ICV order, and then reported
 * like any other. The hash each was chained with is the hash of its canonical text, which a signature
 * does not change: signing checks that it still is, so the chain the next documents point to holds.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import type { TenantTx } from '../../db/tenant.js';
import { type AcademySigningCredentials, validCredentials } from '../invoices/formats/credentials.js';
import { zatcaFieldsOf } from '../invoices/formats/qr.js';
import { signDocument } from '../invoices/formats/signing.js';
import { unsignedDocument } from '../invoices/formats/ubl.js';

/**
 * Signs every document of the academy that waits for a certificate with `credentials` (the
 * academy's own, valid at `now`), in ICV order; answers how many. Rows are locked, and a row signed
 * meanwhile by another process is left as that one signed it.
 */
export async function signWaitingDocuments(tx: TenantTx, credentials: AcademySigningCredentials, now: Date): Promise<number> {
  if (!credentials.credentialId) throw new Error('Only an academy credential signs a document that waited for a certificate');
  const waiting = rowsOf<{ id: string; xml: string; qr: string; hash: string }>(
    await tx.execute(sql`select id, xml, qr, hash from invoice_documents where unsigned order by icv for update`),
  );
  for (const row of waiting) {
    const signed = signDocument(unsignedDocument(row.xml, zatcaFieldsOf(row.qr)), credentials, now);
    if (signed.hash !== row.hash) throw new Error(`Document ${row.id}: its text no longer has the hash it was chained with`);
    await tx.execute(sql`
      update invoice_documents set xml = ${signed.xml}, qr = ${signed.qr}, credential_id = ${credentials.credentialId}, unsigned = false
      where id = ${row.id} and unsigned`);
  }
  return waiting.length;
}

/** The academy's documents waiting for a certificate, signed now if it has a valid one; answers how many were signed. */
export async function signWaitingIfPossible(tx: TenantTx, now: Date, key: Buffer | null): Promise<number> {
  const credentials = await validCredentials(tx, now, key);
  return credentials ? signWaitingDocuments(tx, credentials, now) : 0;
}
