import type { Package } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { addPlayer, coachLogin } from '../../../test/fixtures.js';
import { type Academy, academyHost, asMember, createTestApp, expectInvalid, registerAndLogin } from '../../../test/harness.js';
import { packages, subscriptions } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

const t = useTestApp({ academies: 2 });
const [a, b] = t.academies;
beforeAll(async () => {
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

describe('GET /api/packages?handle=', () => {
  it("lists that academy's active packages in SAR for the public wizard", async () => {
    const res = await api(t.app)('listPublicPackages', { query: { handle: a.handle } });
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
        descriptionArabic: null,
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
        descriptionArabic: null,
      },
    ]);
  });

  it("lists only the named academy's packages, whoever asks", async () => {
    const names = (res: { json: () => { name: string }[] }) => res.json().map((p) => p.name);
    expect(names(await api(t.app)('listPublicPackages', { query: { handle: b.handle } }))).toEqual(['B only']);
    // With a handle a member gets the public list too: active packages only, without their settings.
    const asA = await api(t.app, a)('listPublicPackages', { query: { handle: a.handle } });
    expect(names(asA)).toEqual(['Monthly', '12 sessions']);
    expect(asA.json()[0]).not.toHaveProperty('isActive');
  });

  it('answers 404 for an unknown or empty handle, and for another academy on an academy host', async () => {
    for (const handle of ['nobody-here', '', '%20']) {
      const res = await api(t.app)('listPublicPackages', { query: { handle } });
      expect(res.statusCode, handle).toBe(404);
      expect(res.json()).toEqual({ message: 'Academy not found', code: 'academy.not_found' });
    }
    const elsewhere = await api(t.app)('listPublicPackages', { query: { handle: b.handle }, headers: { host: academyHost(a.handle) } });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('GET /api/packages (member)', () => {
  it('lists every package of the academy except archived ones', async () => {
    const res = await api(t.app, a)('listPackages');
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
    const res = await api(t.app, b)('listPackages');
    expect(res.json().map((p: { name: string }) => p.name)).toEqual(['B only']);
  });

  it('answers 401 without a token, whatever other query it carries', async () => {
    expect((await api(t.app)('listPackages')).statusCode).toBe(401);
    expect((await api(t.app)('listPackages', { query: { academy: 'x' } })).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('limits the public list per IP but never a member', async () => {
    const strict = await createTestApp({ RATE_LIMIT_SCALE: '0.05' }); // 120 × 0.05 = 6 a minute
    const c = await registerAndLogin(strict.app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await api(strict.app)('listPublicPackages', { query: { handle: c.handle } })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    for (let i = 0; i < 8; i++) expect((await api(strict.app, c)('listPackages')).statusCode).toBe(200);
    await strict.close();
  });
});

// ── Settings → Packages: create, edit, toggle, delete (W:Settings) ──────────────────────────────

describe('package writes', () => {
  let w: Academy;
  let coach: { handle: string; token: string };
  const call = (who: { handle: string; token: string } = w) => api(t.app, who);
  const create = (payload: object, who = w) => call(who)('createPackage', { body: payload });
  const update = (id: string, payload: object, who = w) => call(who)('updatePackage', { params: { id }, body: payload });
  const toggle = (id: string, payload: object, who = w) => call(who)('togglePackage', { params: { id }, body: payload });
  const remove = (id: string, who = w) => call(who)('deletePackage', { params: { id } });
  const list = async (who: { handle: string; token: string } = w) => (await call(who)('listPackages')).json() as Package[];
  const publicList = async () =>
    (await api(t.app)('listPublicPackages', { query: { handle: w.handle } })).json() as { id: string; name: string }[];
  const stored = (id: string) =>
    withTenant(t.deps.db, w.id, async (tx) => (await tx.select().from(packages).where(eq(packages.id, id)))[0]);
  const make = async (payload: object = {}) => {
    const res = await create({ name: 'Pkg', price: 100, monthsNumber: 1, ...payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Package;
  };
  const valid = { name: 'Quarterly', price: 300, monthsNumber: 3 };

  beforeAll(async () => {
    w = await registerAndLogin(t.app);
    coach = await coachLogin(t.app, w);
  });

  it('creates a package with the defaults of the spec, its price in SAR stored in halalas', async () => {
    const res = await create({ name: '  Monthly plus ', nameArabic: ' شهري ', price: 450.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'package.months_min', issues: [{ path: 'monthsNumber', code: 'package.months_min' }] });

    const ok = await create({ name: '  Monthly plus ', nameArabic: ' شهري ', price: 450.5, monthsNumber: 1 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toEqual({
      id: expect.any(String),
      name: 'Monthly plus',
      nameArabic: 'شهري',
      price: 450.5,
      packageType: 'TIME_BASED',
      monthsNumber: 1,
      sessionsCount: null,
      hasTrial: false,
      trialDays: 0,
      description: null,
      descriptionArabic: null,
      allowPause: false,
      skipLimit: 0,
      isActive: true,
    });
    expect(await stored(ok.json().id)).toMatchObject({ priceHalalas: 45050, academyId: w.id, archivedAt: null });
    expect((await list()).map((p) => p.id)).toContain(ok.json().id);
    expect((await publicList()).map((p) => p.id)).toContain(ok.json().id);
  });

  it('keeps only the count of its type and trial days only with a trial', async () => {
    const sessions = await make({
      name: '12 sessions',
      price: 600,
      packageType: 'SESSION_BASED',
      sessionsCount: 12,
      monthsNumber: 3,
      trialDays: 5,
      skipLimit: 2,
      allowPause: true,
      description: 'Evenings',
      isActive: false,
    });
    expect(sessions).toMatchObject({
      packageType: 'SESSION_BASED',
      sessionsCount: 12,
      monthsNumber: null,
      hasTrial: false,
      trialDays: 0,
      skipLimit: 2,
      allowPause: true,
      description: 'Evenings',
      isActive: false,
    });
    // An inactive package stays in the members' list but is not offered to parents.
    expect((await list()).map((p) => p.id)).toContain(sessions.id);
    expect((await publicList()).map((p) => p.id)).not.toContain(sessions.id);

    const trial = await make({ name: 'With trial', monthsNumber: 6, sessionsCount: 4, hasTrial: true, trialDays: 7 });
    expect(trial).toMatchObject({ monthsNumber: 6, sessionsCount: null, hasTrial: true, trialDays: 7 });
  });

  it('keeps the description in Arabic beside the other: created, read back by members and parents, set and cleared by an edit', async () => {
    const pkg = await make({ name: 'Bilingual', description: 'Three sessions a week', descriptionArabic: '  ثلاثة تمارين\nفي الأسبوع ' });
    expect(pkg).toMatchObject({ description: 'Three sessions a week', descriptionArabic: 'ثلاثة تمارين\nفي الأسبوع' });
    expect(await stored(pkg.id)).toMatchObject({ descriptionArabic: 'ثلاثة تمارين\nفي الأسبوع' });
    expect((await list()).find((p) => p.id === pkg.id)).toMatchObject({ descriptionArabic: 'ثلاثة تمارين\nفي الأسبوع' });
    expect((await publicList()).find((p) => p.id === pkg.id)).toMatchObject({
      description: 'Three sessions a week',
      descriptionArabic: 'ثلاثة تمارين\nفي الأسبوع',
    });

    // An edit is the whole package: an empty (or absent) Arabic description clears it, a new one replaces it.
    const whole = { name: 'Bilingual', price: 100, monthsNumber: 1, description: 'Three sessions a week' };
    const cleared = await update(pkg.id, { ...whole, descriptionArabic: '  ' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ description: 'Three sessions a week', descriptionArabic: null });
    expect((await list()).find((p) => p.id === pkg.id)).toMatchObject({ descriptionArabic: null });
    expect((await publicList()).find((p) => p.id === pkg.id)).toMatchObject({ descriptionArabic: null });

    const set = await update(pkg.id, { ...whole, description: null, descriptionArabic: 'تمرينان أسبوعيًا' });
    expect(set.json()).toMatchObject({ description: null, descriptionArabic: 'تمرينان أسبوعيًا' });
    expect((await list()).find((p) => p.id === pkg.id)).toMatchObject({ description: null, descriptionArabic: 'تمرينان أسبوعيًا' });
    expect((await publicList()).find((p) => p.id === pkg.id)).toMatchObject({ description: null, descriptionArabic: 'تمرينان أسبوعيًا' });
    expect(await stored(pkg.id)).toMatchObject({ description: null, descriptionArabic: 'تمرينان أسبوعيًا' });

    const absent = await update(pkg.id, whole);
    expect(absent.json()).toMatchObject({ descriptionArabic: null });
  });

  it('refuses control characters in either description, like the name (400), and keeps the package as it was', async () => {
    const pkg = await make({ name: 'Plain', descriptionArabic: 'تمرينان' });
    const before = (await list()).length;
    for (const field of ['description', 'descriptionArabic'])
      for (const text of ['تمرينان\u202E أسبوعيًا', 'Bring\twater', 'Bring\u2066water']) {
        expectInvalid(await create({ ...valid, [field]: text }), 'text.control_characters', field);
        expectInvalid(await update(pkg.id, { ...valid, [field]: text }), 'text.control_characters', field);
      }
    expect((await list()).length).toBe(before);
    expect(await stored(pkg.id)).toMatchObject({ name: 'Plain', descriptionArabic: 'تمرينان' });
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', 'package.name_required', 'Package name is required'],
    ['a blank name', { name: '   ' }, 'name', 'package.name_required', 'Package name is required'],
    ['a negative price', { price: -1 }, 'price', 'package.price_invalid', 'Please enter a price of 0 or more'],
    ['a missing price', { price: undefined }, 'price', 'package.price_invalid', 'Please enter a price of 0 or more'],
    ['a price over the limit', { price: 1_000_001 }, 'price', 'package.price_too_high', 'Please enter a price of at most 1,000,000'],
    ['a price with three decimals', { price: 10.005 }, 'price', 'money.two_decimals', 'At most two decimals'],
    ['0 months', { monthsNumber: 0 }, 'monthsNumber', 'package.months_min', 'Months must be a whole number of at least 1'],
    ['no months', { monthsNumber: null }, 'monthsNumber', 'package.months_min', 'Months must be a whole number of at least 1'],
    ['1.5 months', { monthsNumber: 1.5 }, 'monthsNumber', 'package.months_min', 'Months must be a whole number of at least 1'],
    [
      'a session package without sessions',
      { packageType: 'SESSION_BASED' },
      'sessionsCount',
      'package.sessions_min',
      'Sessions count must be a whole number of at least 1',
    ],
    [
      'a session package of 0 sessions',
      { packageType: 'SESSION_BASED', sessionsCount: 0 },
      'sessionsCount',
      'package.sessions_min',
      'Sessions count must be a whole number of at least 1',
    ],
    ['a negative skip limit', { skipLimit: -1 }, 'skipLimit', 'package.skip_limit_min', 'Skip limit must be a whole number of 0 or more'],
    ['an empty skip limit', { skipLimit: null }, 'skipLimit', 'package.skip_limit_min', 'Skip limit must be a whole number of 0 or more'],
    ['a trial of 0 days', { hasTrial: true, trialDays: 0 }, 'trialDays', 'package.trial_days_range', 'Trial days must be between 1 and 90'],
    [
      'a trial of 91 days',
      { hasTrial: true, trialDays: 91 },
      'trialDays',
      'package.trial_days_range',
      'Trial days must be between 1 and 90',
    ],
    ['a trial without days', { hasTrial: true }, 'trialDays', 'package.trial_days_range', 'Trial days must be between 1 and 90'],
    [
      'a trial on a session package',
      { packageType: 'SESSION_BASED', sessionsCount: 8, hasTrial: true, trialDays: 7 },
      'hasTrial',
      'package.trial_time_based_only',
      'A trial is allowed only for time-based packages',
    ],
  ])('refuses %s with its message', async (_, change, path, code, message) => {
    const before = (await list()).length;
    const res = await create({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, message });
    expect(res.json().issues).toContainEqual({ path, code, message });
    expect((await list()).length).toBe(before);
  });

  it('accepts the edges: price 0, skip limit 0, trials of 1 and 90 days', async () => {
    expect(await make({ price: 0, skipLimit: 0, hasTrial: true, trialDays: 1 })).toMatchObject({ price: 0, skipLimit: 0, trialDays: 1 });
    expect(await make({ price: 0.01, hasTrial: true, trialDays: 90 })).toMatchObject({ price: 0.01, trialDays: 90 });
  });

  it('edits the whole package, and checks it like a new one', async () => {
    const pkg = await make({ name: 'Term', hasTrial: true, trialDays: 7 });
    const res = await update(pkg.id, { name: 'Term (10 sessions)', price: 99.99, packageType: 'SESSION_BASED', sessionsCount: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...pkg,
      name: 'Term (10 sessions)',
      price: 99.99,
      packageType: 'SESSION_BASED',
      monthsNumber: null,
      sessionsCount: 10,
      hasTrial: false,
      trialDays: 0,
    });
    expect(await stored(pkg.id)).toMatchObject({ priceHalalas: 9999, monthsNumber: null, sessionsCount: 10 });
    const bad = await update(pkg.id, {
      name: 'Term',
      price: 1,
      packageType: 'SESSION_BASED',
      sessionsCount: 10,
      hasTrial: true,
      trialDays: 7,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('package.trial_time_based_only');
    expect((await list()).find((p) => p.id === pkg.id)).toMatchObject({ name: 'Term (10 sessions)', hasTrial: false });
  });

  it('toggles a package active and inactive', async () => {
    const pkg = await make({ name: 'Toggle me' });
    const off = await toggle(pkg.id, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ ...pkg, isActive: false });
    expect((await publicList()).map((p) => p.id)).not.toContain(pkg.id);
    const on = await toggle(pkg.id, { isActive: true });
    expect(on.json()).toEqual({ ...pkg, isActive: true });
    expect((await publicList()).map((p) => p.id)).toContain(pkg.id);
    expectInvalid(await toggle(pkg.id, { isActive: 'yes' }), 'validation.invalid_type', 'isActive');
    expect((await toggle(pkg.id, {})).statusCode).toBe(400);
  });

  it('deletes a package no subscription uses', async () => {
    const pkg = await make({ name: 'Unused' });
    const res = await remove(pkg.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Package deleted', softDeleted: false });
    expect(await stored(pkg.id)).toBeUndefined();
    expect((await list()).map((p) => p.id)).not.toContain(pkg.id);
    expect((await remove(pkg.id)).statusCode).toBe(404);
  });

  it('archives a package in use instead, keeping its subscriptions', async () => {
    const pkg = await make({ name: 'In use' });
    const playerId = await addPlayer(t.app, w);
    const [sub] = await withTenant(t.deps.db, w.id, (tx) =>
      tx.insert(subscriptions).values({ academyId: w.id, playerId, packageId: pkg.id, status: 'ACTIVE' }).returning(),
    );
    const res = await remove(pkg.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Package was archived because it is in use by one or more players', softDeleted: true });
    expect((await stored(pkg.id))?.archivedAt).toEqual(t.clock.now());
    expect((await list()).map((p) => p.id)).not.toContain(pkg.id);
    expect((await publicList()).map((p) => p.id)).not.toContain(pkg.id);
    const kept = await withTenant(t.deps.db, w.id, (tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id)));
    expect(kept).toHaveLength(1);
    // An archived package has left the lists: it can no longer be edited, toggled or deleted.
    expect((await update(pkg.id, valid)).statusCode).toBe(404);
    expect((await toggle(pkg.id, { isActive: false })).statusCode).toBe(404);
    expect((await remove(pkg.id)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown package', async () => {
    const none = '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f';
    for (const res of [await update(none, valid), await toggle(none, { isActive: true }), await remove(none)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Package not found', code: 'package.not_found' });
    }
  });

  it("never reaches another academy's package", async () => {
    const mine = await make({ name: 'Only mine' });
    const [theirs] = await list(b);
    for (const res of [await update(theirs.id, valid), await toggle(theirs.id, { isActive: false }), await remove(theirs.id)])
      expect(res.statusCode).toBe(404);
    for (const res of [await update(mine.id, valid, b), await toggle(mine.id, { isActive: false }, b), await remove(mine.id, b)])
      expect(res.statusCode).toBe(404);
    expect(await list(b)).toEqual([theirs]);
    expect((await list()).find((p) => p.id === mine.id)).toEqual(mine);
    expect((await list(b)).map((p) => p.id)).not.toContain(mine.id);
  });

  it('needs a login (401) and W:Settings (403)', async () => {
    const pkg = await make({ name: 'Guarded' });
    const calls = [
      { method: 'POST' as const, url: '/api/packages', payload: valid },
      { method: 'PUT' as const, url: `/api/packages/${pkg.id}`, payload: valid },
      { method: 'PATCH' as const, url: `/api/packages/${pkg.id}/toggle-active`, payload: { isActive: false } },
      { method: 'DELETE' as const, url: `/api/packages/${pkg.id}` },
    ];
    const before = await list();
    for (const call of calls) {
      const anonymous = await t.app.inject({ ...call, headers: { host: academyHost(w.handle) } });
      expect(anonymous.statusCode, call.url).toBe(401);
      const denied = await asMember(t.app, coach)(call);
      expect(denied.statusCode, call.url).toBe(403);
      expect(denied.json().code).toBe('auth.forbidden');
    }
    expect(await list()).toEqual(before);
    // A member without W:Settings still reads the list.
    expect((await list(coach)).map((p) => p.id)).toContain(pkg.id);
  });
});
