import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { type Academy, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';

const login = (app: FastifyInstance, a: Academy, password: string, remoteAddress?: string, email = a.email) =>
  api(app)('login', { body: { handle: a.handle, email, password }, remoteAddress });

const tally = (statuses: number[]) => ({
  evaluated: statuses.filter((s) => s === 401).length,
  refused: statuses.filter((s) => s === 429).length,
});

// The guard counts an attempt before the password is verified, atomically.
describe('login attempts arriving at once', () => {
  let t: TestContext;
  beforeAll(async () => {
    // Per address: 30 attempts a window (the per-route limit, per address and e-mail, stays out of the way).
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => t.close());

  it('verify at most 10 passwords of one account, however many wrong ones arrive together', async () => {
    const a = await registerAndLogin(t.app);
    const statuses = await Promise.all(
      Array.from({ length: 150 }, (_, i) => login(t.app, a, `wrong-${i}`, `10.6.${Math.floor(i / 200)}.${(i % 200) + 1}`)),
    );
    // A 401 is a password verified and found wrong; the others were refused before any hashing.
    expect(tally(statuses.map((r) => r.statusCode))).toEqual({ evaluated: 10, refused: 140 });
  });

  it('verify at most 30 logins of one address, however many arrive together', async () => {
    const a = await registerAndLogin(t.app);
    const statuses = await Promise.all(
      Array.from({ length: 150 }, (_, i) => login(t.app, a, 'Summer2026!', '10.6.9.9', `spray-${i}@x.sa`)),
    );
    expect(tally(statuses.map((r) => r.statusCode))).toEqual({ evaluated: 30, refused: 120 });
  });
});

// The embedded database keeps the login marks and counts, as PostgreSQL does
// (there a restart of one process changes nothing: shared-limits.test.ts).
describe.skipIf(process.env.TEST_DATABASE_URL)('login marks across a restart of the embedded database', () => {
  it("keeps the owner's known address and the failures counted before the restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kora-restart-'));
    const before = await createTestApp({ DATA_DIR: dir });
    // registerAndLogin logs the owner in from the default address (A).
    const a = await registerAndLogin(before.app);
    for (let i = 0; i < 5; i++) expect((await login(before.app, a, `wrong-${i}`, '10.4.0.2')).statusCode).toBe(401);
    await before.close();

    const after = await createTestApp({ DATA_DIR: dir });
    try {
      for (let i = 5; i < 10; i++) expect((await login(after.app, a, `wrong-${i}`, '10.4.0.2')).statusCode).toBe(401);
      // Ten failures in the window, five of them before the restart: address B waits even with the right password…
      const stranger = await login(after.app, a, a.password, '10.4.0.2');
      expect(stranger.statusCode).toBe(429);
      expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
      // …and the owner, from the address they logged in from before the restart, is let in.
      expect((await login(after.app, a, a.password)).statusCode).toBe(200);
    } finally {
      await after.close();
    }
  });
});
