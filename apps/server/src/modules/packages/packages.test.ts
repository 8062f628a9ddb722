import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Academy, asMember, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';
import { packages } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

let t: TestContext;
let a: Academy;
let b: Academy;
beforeAll(async () => {
  t = await createTestApp();
  a = await registerAndLogin(t.app);
  b = await registerAndLogin(t.app);
  await withTenant(t.deps.db, a.id, (tx) =>
    tx.insert(packages).values([
      { academyId: a.id, name: 'Monthly', nameArabic: 'باقة شهرية', priceHalalas: 45050, monthsNumber: 1, hasTrial: true, trialDays: 7 },
      { academyId: a.id, name: '12 sessions', priceHalalas: 60000, packageType: 'SESSION_BASED', sessionsCount: 12 },
      { academyId: a.id, name: 'Old', priceHalalas: 1000, isActive: false },
      { academyId: a.id, name: 'Archived', priceHalalas: 1000, archivedAt: new Date() },
    ]),
  );
  await withTenant(t.deps.db, b.id, (tx) => tx.insert(packages).values({ academyId: b.id, name: 'B only', priceHalalas: 100 }));
});
afterAll(() => t.close());

describe('GET /api/packages?handle=', () => {
  it("lists that academy's active packages in SAR for the public wizard", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/packages?handle=${a.handle}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: expect.any(String),
        name: 'Monthly',
        nameArabic: 'باقة شهرية',
        price: 450.5,
        packageType: 'TIME_BASED',
        monthsNumber: 1,
        sessionsCount: null,
        hasTrial: true,
        trialDays: 7,
        description: null,
      },
      {
        id: expect.any(String),
        name: '12 sessions',
        nameArabic: null,
        price: 600,
        packageType: 'SESSION_BASED',
        monthsNumber: null,
        sessionsCount: 12,
        hasTrial: false,
        trialDays: 0,
        description: null,
      },
    ]);
  });

  it('answers 404 for an unknown handle', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/packages?handle=nobody-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Academy not found', code: 'academy.not_found' });
  });
});

describe('GET /api/packages (member)', () => {
  it('lists every package of the academy except archived ones', async () => {
    const res = await asMember(t.app, a)({ method: 'GET', url: '/api/packages' });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual(['12 sessions', 'Monthly', 'Old']);
    expect(res.json()[0]).toHaveProperty('isActive');
  });

  it("never shows another academy's packages", async () => {
    const res = await asMember(t.app, b)({ method: 'GET', url: '/api/packages' });
    expect(res.json().map((p: { name: string }) => p.name)).toEqual(['B only']);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/packages' })).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('limits the public list per IP but never a member', async () => {
    const strict = await createTestApp({ RATE_LIMIT_SCALE: '0.05' }); // 120 × 0.05 = 6 a minute
    const c = await registerAndLogin(strict.app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await strict.app.inject({ method: 'GET', url: `/api/packages?handle=${c.handle}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    for (let i = 0; i < 8; i++) expect((await asMember(strict.app, c)({ method: 'GET', url: '/api/packages' })).statusCode).toBe(200);
    await strict.close();
  });
});
