/**
 * What an academy signs its e-invoices with (docs/domain.md, "Invoices"): its own production credential from ZATCA's
 * onboarding when it has a valid one (table zatca_credentials, migration 0019), else the
 * development credential — ZATCA's SDK test certificate and key (dev-credentials/), which no real
 * academy may report with. Private keys and API secrets are stored sealed (AES-256-GCM) with a key
 * from the environment and are never answered by any API; only this module opens them.
 */
import { createCipheriv, createDecipheriv, createPrivateKey, randomBytes } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { zatcaCredentials } from '../db/schema.js';
import type { TenantTx } from '../db/tenant.js';
import { SDK_TEST_CERTIFICATE, SDK_TEST_PRIVATE_KEY } from './dev-credentials/sdk-test.js';
import { readCertificate, type SigningCredentials } from './signing.js';

export interface AcademySigningCredentials extends SigningCredentials {
  /** The zatca_credentials row; null for the development credential. */
  credentialId: string | null;
  environment: 'development' | (typeof zatcaCredentials.$inferSelect)['environment'];
}

let development: AcademySigningCredentials | undefined;
/** ZATCA's SDK test credential, parsed once per process. */
export function developmentCredentials(): AcademySigningCredentials {
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
 * The academy's newest production credential that has not expired at `now`, opened; else the
 * development credential. An academy credential without the sealing key is a configuration error:
 * signing with the test key instead would issue documents ZATCA refuses, so it throws.
 */
export async function signingCredentials(tx: TenantTx, now: Date, key = sealingKey()): Promise<AcademySigningCredentials> {
  const [row] = await tx
    .select()
    .from(zatcaCredentials)
    .where(and(eq(zatcaCredentials.kind, 'production'), gt(zatcaCredentials.expiresAt, now)))
    .orderBy(desc(zatcaCredentials.createdAt))
    .limit(1);
  if (!row) return developmentCredentials();
  if (!key) throw new Error('ZATCA_KEY_ENCRYPTION_KEY is not set: the academy’s signing key cannot be opened');
  return {
    privateKey: createPrivateKey(unseal(row.privateKeySealed, key, tx.academyId)),
    certificate: readCertificate(row.certificate),
    credentialId: row.id,
    environment: row.environment,
  };
}
