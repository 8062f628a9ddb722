import { type AuditEvent, riyadhToday } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { type Academy, loginAs, registerAndLogin } from '../../../test/harness.js';

/** POST /api/auth/change-password: a signed-in member changes their own password. */
const t = useTestApp();

const change = (who: { handle: string; token: string }, payload: object, remoteAddress?: string) =>
  api(t.app, who)('changePassword', { body: payload, remoteAddress });
const me = (who: { handle: string; token: string }) => api(t.app, who)('me');
const login = (a: Academy, password: string) => api(t.app)('login', { body: { handle: a.handle, email: a.email, password } });

describe('changing one’s password', () => {
  it('refuses a wrong current password with its code on its field, and a new one under 8 characters', async () => {
    const a = await registerAndLogin(t.app);
    const wrong = await change(a, { currentPassword: 'not-my-password', newPassword: 'brand-new-pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'auth.current_password_wrong',
      issues: [{ path: 'currentPassword', code: 'auth.current_password_wrong' }],
    });
    const short = await change(a, { currentPassword: a.password, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'password.too_short' });
    // Nothing changed: the old password still signs in.
    expect((await login(a, a.password)).statusCode).toBe(200);
    expect((await api(t.app)('changePassword', { body: {} })).statusCode).toBe(401);
  });

  it("sets the new password, ends the member's other sessions but not this one, and is audited without the passwords", async () => {
    const a = await registerAndLogin(t.app);
    const elsewhere = { handle: a.handle, token: await loginAs(t.app, a.handle, a.email, a.password) };
    const res = await change(a, { currentPassword: a.password, newPassword: 'a-better-secret' }, '10.20.30.40');
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login(a, a.password)).statusCode).toBe(401);
    expect((await login(a, 'a-better-secret')).statusCode).toBe(200);

    const today = riyadhToday(t.clock.now());
    const trail = await api(t.app, a)('listAuditEvents', { query: { startDate: today, endDate: today } });
    const row = (trail.json() as AuditEvent[]).find((r) => r.action === 'changePassword');
    expect(row).toMatchObject({
      actor: { id: a.userId },
      targetId: a.userId,
      address: '10.20.30.40',
      details: { effect: { sessionsEnded: 1 } },
    });
    expect(JSON.stringify(row)).not.toContain(a.password);
    expect(JSON.stringify(row)).not.toContain('a-better-secret');
  });

  it('changes only the login of its own academy, where another academy has one of the same e-mail', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const types = (await api(t.app, b)('listAccountTypes')).json() as { id: string; name: string }[];
    const made = await api(t.app, b)('createStaffUser', {
      body: { name: 'Twin', email: a.email, accountTypeId: types.find((x) => x.name === 'Coach')?.id },
    });
    expect(made.statusCode, made.body).toBe(201);
    const twinPassword = made.json().password as string;
    expect((await change(a, { currentPassword: a.password, newPassword: 'only-in-academy-a' })).statusCode).toBe(204);
    expect(await loginAs(t.app, b.handle, a.email, twinPassword)).toEqual(expect.any(String));
    // Academy b's password is not academy a's current one either.
    expect((await change(a, { currentPassword: twinPassword, newPassword: 'whatever-else' })).json().code).toBe(
      'auth.current_password_wrong',
    );
  });

  it('is limited like a login: after 10 wrong tries from an address the account never signed in from, it waits', async () => {
    const a = await registerAndLogin(t.app);
    for (let i = 0; i < 10; i++)
      expect((await change(a, { currentPassword: `guess-${i}`, newPassword: 'stolen-session' }, '10.77.0.9')).statusCode).toBe(400);
    const refused = await change(a, { currentPassword: a.password, newPassword: 'stolen-session' }, '10.77.0.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('request.too_many');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The owner's usual address (where they signed in) is not locked out by someone else's guesses.
    expect((await change(a, { currentPassword: a.password, newPassword: 'still-the-owner' })).statusCode).toBe(204);
  });
});
