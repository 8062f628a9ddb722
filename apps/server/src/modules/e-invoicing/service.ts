/**
 * An academy's onboarding with ZATCA (docs/domain.md, "E-invoicing with ZATCA: onboarding and reporting";
 * Settings → Academy → E-invoicing): Kora makes the
 * unit's secp256k1 key and a CSR with ZATCA's fields, obtains the compliance certificate with the
 * Fatoora portal's OTP, passes the compliance checks (a simplified invoice, credit note and debit
 * note, built and signed as real documents), obtains the production certificate and keeps key and
 * secrets sealed (invoices/formats/credentials.ts). Renewal swaps in a new key and certificate. Nothing here
 * ever answers a key or a secret.
 */
import { createPrivateKey, randomUUID, X509Certificate } from 'node:crypto';
import {
  type EInvoicingStatus,
  RENEWAL_DUE_DAYS,
  REPORTING_STATES,
  type ReportingState,
  recordOf,
  type ZatcaEnvironmentName,
} from '@kora/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { academies, zatcaCredentials } from '../../db/schema.js';
import type { DataAccess, TenantTx } from '../../db/tenant.js';
import { conflict, HttpError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { seal, signingFor, unseal } from '../invoices/formats/credentials.js';
import { PIH_SEED, readCertificate, type SigningCredentials, signDocument } from '../invoices/formats/signing.js';
import { buildUbl, type DocumentTypeCode } from '../invoices/formats/ubl.js';
import { sellerOf } from '../invoices/issue.js';
import { wakeReports } from './reporting.js';
import { signWaitingDocuments } from './waiting.js';
import { buildCsr, generateUnitKey, type UnitIdentity } from './zatca/csr.js';
import {
  CERTIFICATE_TEMPLATES,
  type Csid,
  type CsidAnswer,
  certificateOfToken,
  tokenOfCertificate,
  type ZatcaApi,
  ZatcaRefusal,
  ZatcaUnavailable,
} from './zatca/provider.js';

const DAY_MS = 24 * 3600_000;
/** SN's solution name and version (1-…|2-…), and what the unit's documents are: simplified only. */
const SOLUTION = 'Kora';
const SOLUTION_VERSION = '1.0';
const SIMPLIFIED_ONLY = '0100';

export interface EInvoicingDeps {
  data: DataAccess;
  zatca: ZatcaApi;
  clock: Clock;
  sealingKey: () => Buffer | null;
}

type CredentialRow = typeof zatcaCredentials.$inferSelect;

/** The academy's newest credential of a kind (expired or not). */
async function latest(tx: TenantTx, kind: CredentialRow['kind']) {
  const [row] = await tx
    .select()
    .from(zatcaCredentials)
    .where(eq(zatcaCredentials.kind, kind))
    .orderBy(desc(zatcaCredentials.createdAt))
    .limit(1);
  return row ?? null;
}

/** GET /api/academies/e-invoicing: the state, the production certificate's public facts, the documents by reporting state. */
export async function eInvoicingStatus(tx: TenantTx, environment: ZatcaEnvironmentName, now: Date): Promise<EInvoicingStatus> {
  const [academy] = await tx.select({ vatNumber: academies.vatNumber }).from(academies).where(eq(academies.id, tx.academyId));
  const production = await latest(tx, 'production');
  const compliance = production ? null : await latest(tx, 'compliance');
  const counts = rowsOf<{ state: ReportingState; n: number }>(
    await tx.execute(sql`select state, count(*)::int as n from zatca_reports group by state`),
  );
  const reporting = recordOf(REPORTING_STATES, (s) => Number(counts.find((c) => c.state === s)?.n ?? 0));
  let certificate: EInvoicingStatus['certificate'] = null;
  if (production) {
    const x509 = new X509Certificate(production.certificate);
    certificate = {
      environment: production.environment,
      unit: /CN=([^\n]+)/.exec(x509.subject)?.[1] ?? x509.subject,
      issuer: readCertificate(production.certificate).issuerName,
      serialNumber: x509.serialNumber,
      issuedAt: new Date(x509.validFrom).toISOString(),
      expiresAt: production.expiresAt.toISOString(),
      renewalDue: production.expiresAt.getTime() - now.getTime() <= RENEWAL_DUE_DAYS * DAY_MS,
    };
  }
  const state = production ? (production.expiresAt > now ? 'production' : 'expired') : compliance ? 'compliance' : 'not_onboarded';
  const [unsigned] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from invoice_documents where unsigned`));
  const signing = await signingFor(tx, now);
  return {
    state,
    environment,
    certificate,
    vatNumber: academy?.vatNumber ?? null,
    reporting,
    signing:
      signing.kind === 'phase1'
        ? 'phase1'
        : signing.kind === 'waiting'
          ? 'waiting_for_certificate'
          : signing.credentials.credentialId
            ? 'own_certificate'
            : 'test_certificate',
    waitingForCertificate: Number(unsigned?.n ?? 0),
  };
}

/** ZATCA's failures as answers: its refusal (a wrong OTP, a CSR it does not take) 400 in its words, an outage 502. */
async function askZatca<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ZatcaUnavailable) throw new HttpError(502, 'einvoicing.unavailable');
    if (err instanceof ZatcaRefusal) throw new HttpError(400, 'einvoicing.refused', undefined, { reason: err.reason.slice(0, 300) });
    throw err;
  }
}

/** What the CSR says of the academy; its VAT number is required. */
function identityOf(academy: typeof academies.$inferSelect, environment: ZatcaEnvironmentName): UnitIdentity {
  if (!academy.vatNumber) throw conflict('einvoicing.vat_required');
  const address = [academy.buildingNumber, academy.address, academy.district, academy.city, academy.postalCode].filter(Boolean).join(', ');
  return {
    commonName: `${SOLUTION}-${academy.handle}`,
    organization: academy.name,
    organizationalUnit: academy.city || academy.name,
    vatNumber: academy.vatNumber,
    // One unit per academy: its id names it, so a renewed certificate continues the same chain.
    serialNumber: `1-${SOLUTION}|2-${SOLUTION_VERSION}|3-${academy.id}`,
    invoiceType: SIMPLIFIED_ONLY,
    registeredAddress: address || academy.name,
    businessCategory: 'Sports academy',
    template: CERTIFICATE_TEMPLATES[environment],
  };
}

/** A simplified invoice, credit note and debit note of the academy, signed with the compliance certificate. */
function complianceDocuments(academy: typeof academies.$inferSelect, credentials: SigningCredentials, now: Date) {
  const seller = { ...sellerOf(academy), vatNumber: academy.vatNumber ?? '' };
  let pih = PIH_SEED;
  const types: DocumentTypeCode[] = ['388', '381', '383'];
  return types.map((typeCode, i) => {
    const uuid = randomUUID();
    const signed = signDocument(
      buildUbl({
        typeCode,
        number: i + 1,
        uuid,
        issuedAt: now,
        icv: i + 1,
        pih,
        seller,
        buyerName: 'Compliance check',
        line: { name: 'Monthly package', totalHalalas: 11_500, vatHalalas: 1_500 },
        paymentMethod: 'Cash',
        billingReference: typeCode === '388' ? undefined : { id: 'Invoice 1', reason: 'Compliance check' },
      }),
      credentials,
      now,
    );
    pih = signed.hash;
    return { typeCode, document: { invoiceHash: signed.hash, uuid, invoice: Buffer.from(signed.xml, 'utf8').toString('base64') } };
  });
}

const csidOf = (answer: CsidAnswer): Csid => ({ binarySecurityToken: answer.binarySecurityToken, secret: answer.secret });

/** Stores a certificate ZATCA issued with the unit's key and the certificate's secret, sealed. */
async function storeCredential(
  deps: EInvoicingDeps,
  academyId: string,
  kind: CredentialRow['kind'],
  answer: CsidAnswer,
  privateKeyPem: string,
  key: Buffer,
) {
  const certificate = certificateOfToken(answer.binarySecurityToken);
  const expiresAt = new Date(new X509Certificate(certificate).validTo);
  return deps.data.tenant(academyId, async (tx) => {
    const [row] = await tx
      .insert(zatcaCredentials)
      .values({
        academyId,
        environment: deps.zatca.environment,
        kind,
        certificate,
        privateKeySealed: seal(privateKeyPem, key, academyId),
        secretSealed: seal(answer.secret, key, academyId),
        requestId: answer.requestID,
        expiresAt,
      })
      .returning({ id: zatcaCredentials.id });
    if (kind === 'production') {
      // Documents issued while no certificate was valid are signed with this one, in chain order; then they all go now.
      await signWaitingDocuments(
        tx,
        {
          privateKey: createPrivateKey(privateKeyPem),
          certificate: readCertificate(certificate),
          credentialId: row.id,
          environment: deps.zatca.environment,
        },
        deps.clock.now(),
      );
      await wakeReports(tx);
    }
    return row.id;
  });
}

/** The sealing key, or 409 when the server has none (production without ZATCA_KEY_ENCRYPTION_KEY). */
function requireKey(deps: EInvoicingDeps) {
  const key = deps.sealingKey();
  if (!key) throw conflict('einvoicing.key_missing');
  return key;
}

/** The full onboarding: key, CSR, compliance certificate, compliance checks, production certificate. */
async function onboardUnit(deps: EInvoicingDeps, academy: typeof academies.$inferSelect, otp: string, key: Buffer) {
  const identity = identityOf(academy, deps.zatca.environment);
  const unit = generateUnitKey();
  const csr = buildCsr(identity, unit.privateKey, unit.publicKey);
  const compliance = await askZatca(() => deps.zatca.complianceCsid(csr.base64, otp));
  await storeCredential(deps, academy.id, 'compliance', compliance, unit.privateKeyPem, key);
  const credentials = { privateKey: unit.privateKey, certificate: readCertificate(certificateOfToken(compliance.binarySecurityToken)) };
  for (const { typeCode, document } of complianceDocuments(academy, credentials, deps.clock.now())) {
    const result = await askZatca(() => deps.zatca.complianceCheck(csidOf(compliance), document));
    const errors = result.answer.validationResults.errorMessages;
    if (result.httpStatus === 400 || errors.length > 0)
      throw new HttpError(502, 'einvoicing.compliance_failed', undefined, {
        reason: `${typeCode}: ${errors.map((e) => `${e.code} ${e.message}`).join('; ')}`.slice(0, 300),
      });
  }
  const production = await askZatca(() => deps.zatca.productionCsid(csidOf(compliance), compliance.requestID));
  await storeCredential(deps, academy.id, 'production', production, unit.privateKeyPem, key);
}

async function academyRow(deps: EInvoicingDeps, academyId: string) {
  const [academy] = await deps.data.tenant(academyId, (tx) => tx.select().from(academies).where(eq(academies.id, academyId)));
  return academy;
}

const statusNow = (deps: EInvoicingDeps, academyId: string) =>
  deps.data.tenant(academyId, (tx) => eInvoicingStatus(tx, deps.zatca.environment, deps.clock.now()));

/** POST /api/academies/e-invoicing/onboard {otp}. */
export async function onboard(deps: EInvoicingDeps, academyId: string, otp: string) {
  const academy = await academyRow(deps, academyId);
  identityOf(academy, deps.zatca.environment);
  const key = requireKey(deps);
  await onboardUnit(deps, academy, otp, key);
  return statusNow(deps, academyId);
}

/**
 * POST /api/academies/e-invoicing/renew {otp}: a new key and CSR for the same unit, renewed with the
 * valid production certificate (`PATCH /production/csids`). An expired certificate cannot
 * authenticate a renewal, so the academy is onboarded again (its chain goes on: same unit).
 */
export async function renew(deps: EInvoicingDeps, academyId: string, otp: string) {
  const academy = await academyRow(deps, academyId);
  const identity = identityOf(academy, deps.zatca.environment);
  const key = requireKey(deps);
  const current = await deps.data.tenant(academyId, (tx) => latest(tx, 'production'));
  if (!current) throw conflict('einvoicing.not_onboarded');
  if (current.expiresAt <= deps.clock.now() || !current.secretSealed) {
    await onboardUnit(deps, academy, otp, key);
    return statusNow(deps, academyId);
  }
  const auth: Csid = {
    binarySecurityToken: tokenOfCertificate(new X509Certificate(current.certificate).raw),
    secret: unseal(current.secretSealed, key, academyId),
  };
  const unit = generateUnitKey();
  const csr = buildCsr(identity, unit.privateKey, unit.publicKey);
  const renewed = await askZatca(() => deps.zatca.renewProductionCsid(auth, csr.base64, otp));
  // The new key signs from now on (signingFor takes the newest valid production credential); what the old one
  // signed is still reported with the old one (reporting.ts).
  await storeCredential(deps, academyId, 'production', renewed, unit.privateKeyPem, key);
  return statusNow(deps, academyId);
}
