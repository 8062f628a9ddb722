/**
 * What an academy signs its e-invoices with (docs/domain.md, "Invoices"): its own production
 * credential from ZATCA's onboarding while one is valid (table zatca_credentials, migration 0019).
 * Past its end nothing signs: the document is issued and chained, and waits for a certificate
 * (migration 0036). An academy that never onboarded issues phase-1 invoices (no document), except
 * in development and tests, where ZATCA's SDK test certificate and key (dev-credentials/) sign so
 * that the whole phase-2 path can be seen; never where PUBLIC_PROTOCOL=https. Private keys and API
 * secrets are stored sealed (AES-256-GCM) with a key from the environment and are never answered by
 * any API; only this module opens them.
 */
import { createCipheriv, createDecipheriv, createPrivateKey, randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { zatcaCredentials } from '../../../db/schema.js';
import type { TenantTx } from '../../../db/tenant.js';
import { SDK_TEST_CERTIFICATE, SDK_TEST_PRIVATE_KEY } from './dev-credentials/sdk-test.js';
import { readCertificate, type SigningCredentials } from './signing.js';

export interface AcademySigningCredentials extends SigningCredentials {
  /** The zatca_credentials row; null for the development credential. */
  credentialId: string | null;
  environment: 'development' | (typeof zatcaCredentials.$inferSelect)['environment'];
}

let development: AcademySigningCredentials | undefined;
/** ZATCA's SDK test credential, parsed once per process; refused where production is configured (developmentSigningAllowed). */
export function developmentCredentials(): AcademySigningCredentials {
  if (!developmentSigningAllowed())
    throw new Error("ZATCA's SDK test credential signs only in development and tests, never where PUBLIC_PROTOCOL=https");
  development ??= {
    privateKey: createPrivateKey(SDK_TEST_PRIVATE_KEY),
    certificate: readCertificate(SDK_TEST_CERTIFICATE),
    credentialId: null,
    environment: 'development',
  };
  return development;
}

/**
 * The key that seals private keys and secrets: ZATCA_KEY_ENCRYPTION_KEY, 32 bytes in base64
 * (`openssl rand -base64 32`). Read where it is used because issuance runs inside a payment's
 * transaction, which carries nothing else; null when unset (then no academy credential can be used).
 */
export function sealingKey(env: Record<string, string | undefined> = process.env): Buffer | null {
  const text = env.ZATCA_KEY_ENCRYPTION_KEY?.trim();
  if (!text) return null;
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('ZATCA_KEY_ENCRYPTION_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  return key;
}

/** Bound to the academy, so a sealed value copied to another academy's row does not open. */
const context = (academyId: string) => Buffer.from(`kora zatca credential ${academyId}`);

/** `v1.<iv>.<tag>.<ciphertext>` (base64url): AES-256-GCM. */
export function seal(plain: string, key: Buffer, academyId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(context(academyId));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function unseal(sealed: string, key: Buffer, academyId: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('Not a sealed ZATCA credential');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    .setAAD(context(academyId))
    .setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * Whether an academy that never onboarded signs with ZATCA's SDK test credential (development and
 * tests) or issues phase-1 invoices (production). The app sets it from its configuration
 * (`!config.production`, modules/e-invoicing/routes.ts); until then the environment decides: never
 * where PUBLIC_PROTOCOL=https.
 */
let developmentSigning: boolean | null = null;
export function allowDevelopmentSigning(allowed: boolean) {
  developmentSigning = allowed;
}
export const developmentSigningAllowed = (env: Record<string, string | undefined> = process.env) =>
  developmentSigning ?? env.PUBLIC_PROTOCOL !== 'https';

/** How the academy's next document is issued. */
export type Signing =
  /** Signed with the academy's valid production credential, or (development) the SDK test one. */
  | { kind: 'signed'; credentials: AcademySigningCredentials }
  /** The academy onboarded, but no certificate is valid now (or its key cannot be opened): issued unsigned, signed when one comes. */
  | { kind: 'waiting'; reason: 'expired' | 'key_missing' }
  /** Never onboarded, in production: a phase-1 simplified invoice (QR tags 1–5), no document, nothing reported. */
  | { kind: 'phase1' };

type CredentialRow = typeof zatcaCredentials.$inferSelect;

/** A production credential opened with the sealing key. */
export function openCredential(row: CredentialRow, key: Buffer, academyId: string): AcademySigningCredentials {
  return {
    privateKey: createPrivateKey(unseal(row.privateKeySealed, key, academyId)),
    certificate: readCertificate(row.certificate),
    credentialId: row.id,
    environment: row.environment,
  };
}

/** The academy's newest production credential valid at `now`, else its newest one (expired), else null. */
async function productionCredential(tx: TenantTx, now: Date): Promise<CredentialRow | null> {
  const [row] = await tx
    .select()
    .from(zatcaCredentials)
    .where(eq(zatcaCredentials.kind, 'production'))
    .orderBy(desc(sql`${zatcaCredentials.expiresAt} > ${now.toISOString()}::timestamptz`), desc(zatcaCredentials.createdAt))
    .limit(1);
  return row ?? null;
}

/** The academy's newest production credential valid at `now`, or null: what signs and reports from now on. */
export async function validProductionCredential(tx: TenantTx, now: Date): Promise<CredentialRow | null> {
  const row = await productionCredential(tx, now);
  return row && row.expiresAt > now ? row : null;
}

/**
 * How a document issued at `now` is signed: with the academy's newest production credential that
 * has not expired; never with anything else once the academy has onboarded (an expired certificate,
 * or a key the server cannot open, makes the document wait for a certificate); before onboarding,
 * phase 1, or the SDK test credential in development.
 */
export async function signingFor(tx: TenantTx, now: Date, key = sealingKey()): Promise<Signing> {
  const row = await productionCredential(tx, now);
  if (!row) return developmentSigningAllowed() ? { kind: 'signed', credentials: developmentCredentials() } : { kind: 'phase1' };
  if (row.expiresAt <= now) return { kind: 'waiting', reason: 'expired' };
  if (!key) return { kind: 'waiting', reason: 'key_missing' };
  return { kind: 'signed', credentials: openCredential(row, key, tx.academyId) };
}

/** The academy's production credential valid at `now`, opened; null without one (or without the key to open it). */
export async function validCredentials(tx: TenantTx, now: Date, key = sealingKey()): Promise<AcademySigningCredentials | null> {
  const row = await validProductionCredential(tx, now);
  return row && key ? openCredential(row, key, tx.academyId) : null;
}
