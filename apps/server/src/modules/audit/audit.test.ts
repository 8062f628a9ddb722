import { riyadhToday } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachLogin } from '../../../test/fixtures.js';
import { type Academy, asMember, createTestApp, expectInvalid, registerAndLogin, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let a: Academy;
let b: Academy;
beforeAll(async () => {
  t = await createTestApp();
  a = await registerAndLogin(t.app);
  b = await registerAndLogin(t.app);
});
afterAll(() => t.close());

const today = () => riyadhToday(t.clock.now());
const trail = (academy: { handle: string; token: string }) =>
  asMember(t.app, academy)({ method: 'GET', url: `/api/audit-events?startDate=${today()}&endDate=${today()}` });

describe('the audit trail', () => {
  it('records who changed permissions and money, what, when and from which address', async () => {
    const created = await asMember(
      t.app,
      a,
    )({
      method: 'POST',
      url: '/api/account-types',
      payload: { name: 'Reception', canReadPlayers: true },
      remoteAddress: '10.9.8.7',
    });
    expect(created.statusCode).toBe(201);
    const pkg = await asMember(
      t.app,
      a,
    )({
      method: 'POST',
      url: '/api/packages',
      payload: { name: 'Monthly', price: 300, packageType: 'TIME_BASED', monthsNumber: 1, skipLimit: 0 },
    });
    expect(pkg.statusCode).toBe(201);

    const res = await trail(a);
    expect(res.statusCode).toBe(200);
    const [last, first] = res.json();
    expect(first).toMatchObject({
      action: 'createAccountType',
      actor: { id: a.userId, name: expect.any(String) },
      address: '10.9.8.7',
      details: { body: { name: 'Reception', canReadPlayers: true } },
    });
    expect(last).toMatchObject({ action: 'createPackage', details: { body: { name: 'Monthly', price: 300 } } });
    expect(Date.parse(first.createdAt)).toBeLessThanOrEqual(Date.parse(last.createdAt));
  });

  it('records nothing for a refused or invalid change, and never a password', async () => {
    const before = (await trail(a)).json().length;
    expectInvalid(
      await asMember(t.app, a)({ method: 'POST', url: '/api/account-types', payload: { name: '' } }),
      'account_type.name_required',
      'name',
    );
    expect((await trail(a)).json().length).toBe(before);

    const staff = await asMember(
      t.app,
      a,
    )({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Noura', email: `noura-${Date.now()}@x.sa`, accountTypeId: null, password: 'typed-secret-1' },
    });
    const rows = JSON.stringify((await trail(a)).json());
    expect(rows).not.toContain('typed-secret-1');
    if (staff.statusCode < 300) expect(rows).toContain('createStaffUser');
  });

  it('is readable only with W:Settings and only for the own academy', async () => {
    const coach = await coachLogin(t.app, a);
    expect((await trail(coach)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/audit-events?startDate=${today()}&endDate=${today()}` })).statusCode).toBe(401);
    expect((await trail(b)).json()).toEqual([]);
  });

  it('answers 400 for a reversed range', async () => {
    const res = await asMember(t.app, a)({ method: 'GET', url: '/api/audit-events?startDate=2026-02-01&endDate=2026-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('event.range_invalid');
  });
});
