import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Academy, createTestApp, registerAndLogin, type TestContext } from '../../test/harness.js';
import { zatcaCredentials } from '../db/schema.js';
import { withTenant } from '../db/tenant.js';
import { developmentCredentials, seal, sealingKey, signingCredentials, unseal } from './credentials.js';
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

describe('signingCredentials', () => {
  let t: TestContext;
  let a: Academy;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAndLogin(t.app);
  });
  afterAll(() => t.close());

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
  const credentialsNow = (k: Buffer | null = key) => withTenant(t.deps.db, a.id, (tx) => signingCredentials(tx, NOW, k));

  it("signs with ZATCA's SDK test credential while the academy has none of its own", async () => {
    const c = await credentialsNow();
    expect(c).toBe(developmentCredentials());
    expect(c).toMatchObject({ credentialId: null, environment: 'development' });
  });

  it('uses the newest valid production credential, never a compliance or an expired one', async () => {
    await credential({ kind: 'compliance' });
    await credential({ expiresAt: new Date('2026-11-01T00:00:00Z') });
    expect((await credentialsNow()).credentialId).toBeNull();
    const production = await credential();
    const c = await credentialsNow();
    expect(c).toMatchObject({ credentialId: production.id, environment: 'simulation' });
    expect(c.certificate.serialNumber).toBe(developmentCredentials().certificate.serialNumber);
    expect(c.privateKey.asymmetricKeyDetails?.namedCurve).toBe('secp256k1');
  });

  it('refuses to sign when a credential exists but the sealing key is not configured', async () => {
    await expect(credentialsNow(null)).rejects.toThrow(/ZATCA_KEY_ENCRYPTION_KEY/);
  });
});
