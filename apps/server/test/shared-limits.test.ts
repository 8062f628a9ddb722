import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './api.js';
import { createTestApp, registerAndLogin, type TestContext } from './harness.js';

/**
 * Two API processes behind one balancer count together (docs/domain.md, "Signing in safely"): with PostgreSQL the rate-limit
 * and login counters live in the database, so a second process does not double any limit.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('limits shared by two processes on one PostgreSQL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '0.3' }); // public writes: 3 a minute; logins per address: 9 a window
  });
  afterAll(() => t.close());

  it('answers 429 from the second process once the first has used the per-address limit', async () => {
    const second = await t.secondProcess();
    const forgot = (app: typeof t.app) =>
      api(app)('forgotPassword', { body: { handle: 'nobody', email: 'x@x.sa' }, remoteAddress: '10.1.1.1' });
    const statuses = [(await forgot(t.app)).statusCode, (await forgot(second)).statusCode, (await forgot(t.app)).statusCode];
    expect(statuses).toEqual([202, 202, 202]);
    expect((await forgot(second)).statusCode).toBe(429);
    expect((await forgot(t.app)).statusCode).toBe(429);
  });

  it("counts one address's logins across e-mails in both processes together", async () => {
    const a = await registerAndLogin(t.app);
    const second = await t.secondProcess();
    const login = (app: typeof t.app, i: number) =>
      api(app)('login', { body: { handle: a.handle, email: `guess${i}@x.sa`, password: 'wrong-password' }, remoteAddress: '10.2.2.2' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(i % 2 === 0 ? t.app : second, i)).statusCode);
    // 9 attempts a window for the address, whichever process answers: the 10th is refused.
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(statuses[9]).toBe(429);
  });
});
