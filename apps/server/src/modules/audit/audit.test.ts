import { riyadhToday } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { coachLogin } from '../../../test/fixtures.js';
import { expectInvalid } from '../../../test/harness.js';

const t = useTestApp({ academies: 2 });
const [a, b] = t.academies;

const today = () => riyadhToday(t.clock.now());
const trail = (academy: { handle: string; token: string }) =>
  api(t.app, academy)('listAuditEvents', { query: { startDate: today(), endDate: today() } });

describe('the audit trail', () => {
  it('records who changed permissions and money, what, when and from which address', async () => {
    const created = await api(t.app, a)('createAccountType', {
      body: { name: 'Reception', canReadPlayers: true },
      remoteAddress: '10.9.8.7',
    });
    expect(created.statusCode).toBe(201);
    const pkg = await api(t.app, a)('createPackage', {
      body: { name: 'Monthly', price: 300, packageType: 'TIME_BASED', monthsNumber: 1, skipLimit: 0 },
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
    expectInvalid(await api(t.app, a)('createAccountType', { body: { name: '' } }), 'account_type.name_required', 'name');
    expect((await trail(a)).json().length).toBe(before);

    const staff = await api(t.app, a)('createStaffUser', {
      body: { name: 'Noura', email: `noura-${Date.now()}@x.sa`, accountTypeId: null, password: 'typed-secret-1' },
    });
    const rows = JSON.stringify((await trail(a)).json());
    expect(rows).not.toContain('typed-secret-1');
    if (staff.statusCode < 300) expect(rows).toContain('createStaffUser');
  });

  it('is readable only with W:Settings and only for the own academy', async () => {
    const coach = await coachLogin(t.app, a);
    expect((await trail(coach)).statusCode).toBe(403);
    expect((await api(t.app)('listAuditEvents', { query: { startDate: today(), endDate: today() } })).statusCode).toBe(401);
    expect((await trail(b)).json()).toEqual([]);
  });

  it('answers 400 for a reversed range', async () => {
    const res = await api(t.app, a)('listAuditEvents', { query: { startDate: '2026-02-01', endDate: '2026-01-01' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('event.range_invalid');
  });
});
