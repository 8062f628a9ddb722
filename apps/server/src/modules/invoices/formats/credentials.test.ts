import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Academy, createTestApp, registerAndLogin, type TestContext } from '../../../../test/harness.js';
import { zatcaCredentials } from '../../../db/schema.js';
import { withTenant } from '../../../db/tenant.js';
import { allowDevelopmentSigning, developmentCredentials, type Signing, seal, sealingKey, signingFor, unseal } from './credentials.js';
import { SDK_TEST_CERTIFICATE, SDK_TEST_PRIVATE_KEY } from './dev-credentials/sdk-test.js';

const key = randomBytes(32);
const NOW = new Date('2026-11-22T09:00:00Z');

describe('sealed credentials', () => {
  it('opens with the same key for the same academy only', () => {
    const sealed = seal(SDK_TEST_PRIVATE_KEY, key, 'academy-1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('MHQCAQEE');
    expect(unseal(sealed, key, 'academy-1')).toBe(SDK_TEST_PRIVATE_KEY);
    expect(() => unseal(sealed, key, 'academy-2')).toThrow();
    expect(() => unseal(sealed, randomBytes(32), 'academy-1')).toThrow();
  });

  it('reads the key from ZATCA_KEY_ENCRYPTION_KEY: 32 bytes in base64, or none', () => {
    expect(sealingKey({ ZATCA_KEY_ENCRYPTION_KEY: key.toString('base64') })?.equals(key)).toBe(true);
    expect(sealingKey({})).toBeNull();
    expect(() => sealingKey({ ZATCA_KEY_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/32 bytes/);
  });
});

describe('signingFor', () => {
  let t: TestContext;
  let a: Academy;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAndLogin(t.app);
  });
  afterAll(() => {
    allowDevelopmentSigning(!t.deps.config.production);
    return t.close();
  });

  const credential = (over: Partial<typeof zatcaCredentials.$inferInsert> = {}) =>
    withTenant(t.deps.db, a.id, async (tx) => {
      const [row] = await tx
        .insert(zatcaCredentials)
        .values({
          academyId: a.id,
          environment: 'simulation',
          kind: 'production',
          certificate: SDK_TEST_CERTIFICATE,
          privateKeySealed: seal(SDK_TEST_PRIVATE_KEY, key, a.id),
          expiresAt: new Date('2027-11-22T00:00:00Z'),
          ...over,
        })
        .returning();
      return row;
    });
  const signingNow = (k: Buffer | null = key, at = NOW) => withTenant(t.deps.db, a.id, (tx) => signingFor(tx, at, k));
  const signed = (s: Signing) => (s.kind === 'signed' ? s.credentials : null);

  it("signs with ZATCA's SDK test credential while the academy never onboarded, only in development; phase 1 in production", async () => {
    const c = signed(await signingNow());
    expect(c).toBe(developmentCredentials());
    expect(c).toMatchObject({ credentialId: null, environment: 'development' });
    allowDevelopmentSigning(false);
    try {
      expect(await signingNow()).toEqual({ kind: 'phase1' });
    } finally {
      allowDevelopmentSigning(true);
    }
  });

  it('a compliance certificate is not onboarding: still the development credential', async () => {
    await credential({ kind: 'compliance' });
    expect(signed(await signingNow())?.credentialId).toBeNull();
  });

  it('once onboarded, never anything but a valid production credential: past its end the document waits for a certificate', async () => {
    await credential({ expiresAt: new Date('2026-11-01T00:00:00Z') });
    expect(await signingNow()).toEqual({ kind: 'waiting', reason: 'expired' });
    const production = await credential();
    const c = signed(await signingNow());
    expect(c).toMatchObject({ credentialId: production.id, environment: 'simulation' });
    expect(c?.certificate.serialNumber).toBe(developmentCredentials().certificate.serialNumber);
    expect(c?.privateKey.asymmetricKeyDetails?.namedCurve).toBe('secp256k1');
    // The day it ends, it signs no more; and never the test credential instead.
    expect(await signingNow(key, new Date('2027-11-22T00:00:00Z'))).toEqual({ kind: 'waiting', reason: 'expired' });
  });

  it('a credential whose key cannot be opened (no sealing key) makes documents wait, never sign with the test key', async () => {
    expect(await signingNow(null)).toEqual({ kind: 'waiting', reason: 'key_missing' });
  });
});
