import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import {
  academyHost,
  countStatements,
  createTestApp,
  expectInvalid,
  loginAs,
  registerAndLogin,
  uniqueHandle,
} from '../../../test/harness.js';
import { users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

const t = useTestApp();

const registration = (handle: string, over: Record<string, unknown> = {}) => ({
  academyName: 'Jeddah Stars',
  handle,
  email: `owner@${handle}.sa`,
  phone: '+966501234567',
  password: 'secret-pass',
  ...over,
});

describe('POST /api/auth/register/academy', () => {
  it('creates the academy with its default account types and the owner as Admin', async () => {
    const handle = uniqueHandle('Reg').toUpperCase();
    const res = await api(t.app)('registerAcademy', { body: registration(handle) });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.academy).toMatchObject({ name: 'Jeddah Stars', handle: handle.toLowerCase() });
    expect(body.user.email).toBe(`owner@${handle.toLowerCase()}.sa`);

    const token = await loginAs(t.app, handle.toLowerCase(), `owner@${handle.toLowerCase()}.sa`, 'secret-pass');
    const me = await api(t.app)('me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.accountType).toMatchObject({ name: 'Admin', isDefault: true, canWriteSettings: true, canReadDashboard: true });
    expect(me.json().currentAcademyId).toBe(body.academy.id);
    expect(me.json().user.academyUsers).toEqual([
      { academy: { id: body.academy.id, name: 'Jeddah Stars', nameArabic: null, handle: handle.toLowerCase(), logo: null } },
    ]);
  });

  it('answers 409 for a taken handle or owner e-mail and creates nothing', async () => {
    const a = await registerAndLogin(t.app);
    const dupHandle = await api(t.app)('registerAcademy', { body: registration(a.handle, { email: 'x@y.sa' }) });
    expect(dupHandle.statusCode).toBe(409);
    expect(dupHandle.json().message).toBe('This academy link is already taken');
    const dupEmail = await api(t.app)('registerAcademy', { body: registration(uniqueHandle(), { email: a.email }) });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().message).toBe('This email is already registered');
  });

  it.each([
    ['handle too short', { handle: 'ab' }, 'handle', 'The academy link must be 3 to 30 characters'],
    ['handle with a dash at the end', { handle: 'abc-' }, 'handle', 'Use lower-case letters, digits and dashes, not at the start or end'],
    ['reserved handle', { handle: 'admin' }, 'handle', 'This academy link is reserved'],
    ['bad phone', { phone: '+96612' }, 'phone', 'Please enter a valid phone number'],
    ['short password', { password: 'short' }, 'password', 'Password must be at least 8 characters'],
    ['bad e-mail', { email: 'nope' }, 'email', 'Please enter a valid email'],
    // Over the name's 100 characters, under the route's 4 KB body limit (a larger body is 413: test/cheap-refusals.test.ts).
    ['oversized name', { academyName: 'x'.repeat(500) }, 'academyName', undefined],
    ['wrong type', { phone: 966501234567 }, 'phone', undefined],
  ])('rejects %s with 400 and its message', async (_name, over, path, message) => {
    const handle = uniqueHandle();
    const res = await api(t.app)('registerAcademy', { body: registration(handle, over) });
    expect(res.statusCode).toBe(400);
    const issue = res.json().issues.find((i: { path: string }) => i.path.endsWith(path));
    expect(issue).toBeDefined();
    if (message) expect(issue.message).toBe(message);
    const check = await api(t.app)('checkHandle', { params: { handle } });
    expect(check.json()).toEqual({ exists: false });
  });
});

describe('GET /api/academies/check/:handle', () => {
  it('tells whether a handle exists, case-insensitively', async () => {
    const a = await registerAndLogin(t.app);
    expect((await api(t.app)('checkHandle', { params: { handle: a.handle.toUpperCase() } })).json()).toMatchObject({
      exists: true,
      academy: { name: expect.any(String) },
    });
    expect((await api(t.app)('checkHandle', { params: { handle: 'nobody-here' } })).json()).toEqual({ exists: false });
  });
});

describe('POST /api/auth/login', () => {
  it('answers a token and the user', async () => {
    const a = await registerAndLogin(t.app);
    const res = await api(t.app)('login', { body: { handle: a.handle, email: a.email.toUpperCase(), password: a.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json().user).toMatchObject({ email: a.email, role: 'ADMIN' });
  });

  it('answers the same 401 for a wrong handle, e-mail or password', async () => {
    const a = await registerAndLogin(t.app);
    const tries = [
      { handle: 'no-such-academy', email: a.email, password: a.password },
      { handle: a.handle, email: 'other@x.sa', password: a.password },
      { handle: a.handle, email: a.email, password: 'wrong-password' },
    ];
    for (const payload of tries) {
      const res = await api(t.app)('login', { body: payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'auth.invalid_credentials' });
    }
  });

  it('cannot log into academy B with academy A credentials', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const res = await api(t.app)('login', { body: { handle: b.handle, email: a.email, password: a.password } });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 for missing fields', async () => {
    const res = await api(t.app)('login', { body: { handle: '', email: '', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['handle', 'email', 'password']));
  });

  it('locks an account after repeated failures with 429 and Retry-After', async () => {
    const a = await registerAndLogin(t.app);
    let last = 0;
    for (let i = 0; i < 12; i++) {
      const res = await api(t.app)('login', {
        body: { handle: a.handle, email: a.email, password: `wrong-${i}` },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      last = res.statusCode;
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        break;
      }
    }
    expect(last).toBe(429);
    // From an address that never logged in, even the right password waits until the window passes…
    const locked = await api(t.app)('login', {
      body: { handle: a.handle, email: a.email, password: a.password },
      remoteAddress: '10.8.8.8',
    });
    expect(locked.statusCode).toBe(429);
    // …but the owner's own address (registerAndLogin logged in from it) is never locked out by others' failures.
    const owner = await api(t.app)('login', { body: { handle: a.handle, email: a.email, password: a.password } });
    expect(owner.statusCode).toBe(200);
    t.clock.advance(16 * 60_000);
    const after = await api(t.app)('login', {
      body: { handle: a.handle, email: a.email, password: a.password },
      remoteAddress: '10.9.9.9',
    });
    expect(after.statusCode).toBe(200);
  });

  it("keeps the owner's known address open through an attacker's 100 failures from other addresses", async () => {
    const a = await registerAndLogin(t.app);
    for (let i = 0; i < 100; i++) {
      await api(t.app)('login', {
        body: { handle: a.handle, email: a.email, password: `guess-${i}` },
        remoteAddress: `172.16.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      });
    }
    const stranger = await api(t.app)('login', {
      body: { handle: a.handle, email: a.email, password: a.password },
      remoteAddress: '172.31.0.1',
    });
    expect(stranger.statusCode).toBe(429);
    expect((await api(t.app)('login', { body: { handle: a.handle, email: a.email, password: a.password } })).statusCode).toBe(200);
  });

  it('limits one address across e-mails: 100 logins with different e-mails hit 429', async () => {
    const strict = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    const a = await registerAndLogin(strict.app);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await api(strict.app)('login', {
        body: { handle: a.handle, email: `spray-${i}@x.sa`, password: 'Summer2026!' },
        remoteAddress: '10.4.4.4',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(60);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    await strict.close();
  });

  it('rate limits requests per IP and e-mail with 429', async () => {
    const strict = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await api(strict.app)('login', {
        body: { handle: 'x-y-z', email: 'flood@x.sa', password: 'p' },
        remoteAddress: '10.1.1.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const other = await api(strict.app)('login', {
      body: { handle: 'x-y-z', email: 'other@x.sa', password: 'p' },
      remoteAddress: '10.1.1.1',
    });
    expect(other.statusCode).toBe(401);
    await strict.close();
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('answers 401 without a token, with a bad token and after logout', async () => {
    const a = await registerAndLogin(t.app);
    expect((await api(t.app)('me')).statusCode).toBe(401);
    expect((await api(t.app)('me', { headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
    const member = api(t.app, a);
    expect((await member('me')).statusCode).toBe(200);
    expect((await member('logout')).statusCode).toBe(204);
    const after = await member('me');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthorized', code: 'auth.unauthorized' });
  });

  it("answers 401 for a token used on another academy's host", async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const res = await api(t.app)('me', {
      headers: { host: academyHost(b.handle), authorization: `Bearer ${a.token}` },
    });
    expect(res.statusCode).toBe(401);
    const own = await api(t.app)('me', {
      headers: { host: academyHost(a.handle), authorization: `Bearer ${a.token}` },
    });
    expect(own.statusCode).toBe(200);
  });

  it('expires a session after the idle time', async () => {
    const a = await registerAndLogin(t.app);
    const member = api(t.app, a);
    t.clock.advance(29 * 24 * 3600_000);
    expect((await member('me')).statusCode).toBe(200);
    t.clock.advance(29 * 24 * 3600_000);
    expect((await member('me')).statusCode).toBe(200);
    t.clock.advance(31 * 24 * 3600_000);
    expect((await member('me')).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  const lastLink = async () => {
    await t.app.background.idle();
    const [mail] = await t.deps.mailer.outbox(1);
    return mail;
  };

  it('mails a single-use link that sets a new password and ends old sessions', async () => {
    const a = await registerAndLogin(t.app);
    const res = await api(t.app)('forgotPassword', { body: { handle: a.handle, email: a.email } });
    expect(res.statusCode).toBe(202);
    const mail = await lastLink();
    expect(mail.to).toBe(a.email);
    const link = mail.text.match(/https?:\/\/\S+\/auth\/reset-password\/(\S+)/);
    expect(link?.[0]).toContain(`${a.handle}.kora.test/auth/reset-password/`);
    const token = link![1];

    const reset = await api(t.app)('resetPassword', { body: { token, newPassword: 'brand-new-pass' } });
    expect(reset.statusCode).toBe(204);
    expect((await api(t.app, a)('me')).statusCode).toBe(401);
    await expect(loginAs(t.app, a.handle, a.email, a.password)).rejects.toThrow();
    await loginAs(t.app, a.handle, a.email, 'brand-new-pass');

    const again = await api(t.app)('resetPassword', { body: { token, newPassword: 'another-pass' } });
    expectInvalid(again, 'auth.reset_token_invalid', 'token');
    expect(again.json().message).toBe('This reset link is invalid or has expired');
  });

  it('ends every other outstanding reset link of the user when one is used', async () => {
    const a = await registerAndLogin(t.app);
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      await api(t.app)('forgotPassword', { body: { handle: a.handle, email: a.email } });
      tokens.push((await lastLink()).text.match(/reset-password\/(\S+)/)![1]);
    }
    expect(tokens[0]).not.toBe(tokens[1]);
    const used = await api(t.app)('resetPassword', { body: { token: tokens[1], newPassword: 'first-new-pass' } });
    expect(used.statusCode).toBe(204);
    const older = await api(t.app)('resetPassword', { body: { token: tokens[0], newPassword: 'second-new-pass' } });
    expectInvalid(older, 'auth.reset_token_invalid', 'token');
    await loginAs(t.app, a.handle, a.email, 'first-new-pass');
  });

  it('does the same work before answering for a known and an unknown e-mail (the answer tells nothing)', async () => {
    const a = await registerAndLogin(t.app);
    const ask = (email: string) => countStatements(() => api(t.app)('forgotPassword', { body: { handle: a.handle, email } }));
    const known = await ask(a.email);
    const unknown = await ask('nobody-here@x.sa');
    expect([known.result.statusCode, unknown.result.statusCode]).toEqual([202, 202]);
    expect(known.result.body).toBe(unknown.result.body);
    expect(known.statements).toBe(unknown.statements);
    // The known e-mail still gets its link, once the answer has gone.
    expect((await lastLink()).to).toBe(a.email);
  });

  it('answers 202 for an unknown e-mail without sending anything', async () => {
    const a = await registerAndLogin(t.app);
    const before = (await t.deps.mailer.outbox(1000)).length;
    const res = await api(t.app)('forgotPassword', { body: { handle: a.handle, email: 'ghost@x.sa' } });
    expect(res.statusCode).toBe(202);
    await t.app.background.idle();
    expect((await t.deps.mailer.outbox(1000)).length).toBe(before);
  });

  it('refuses an expired link and a short password', async () => {
    const a = await registerAndLogin(t.app);
    await api(t.app)('forgotPassword', { body: { handle: a.handle, email: a.email } });
    const token = (await lastLink()).text.match(/reset-password\/(\S+)/)![1];
    const short = await api(t.app)('resetPassword', { body: { token, newPassword: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0]).toEqual({
      path: 'newPassword',
      message: 'Password must be at least 8 characters',
      code: 'password.too_short',
    });
    t.clock.advance(31 * 60_000);
    const late = await api(t.app)('resetPassword', { body: { token, newPassword: 'long-enough' } });
    expectInvalid(late, 'auth.reset_token_invalid', 'token');
    await loginAs(t.app, a.handle, a.email, a.password);
  });

  it("works only on its academy's host: on another academy's subdomain the link is invalid and stays unused", async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    // Asking for a link, or logging in, by naming academy A on academy B's subdomain: not found there.
    const forgotOnB = await api(t.app)('forgotPassword', {
      headers: { host: academyHost(b.handle) },
      payload: { handle: a.handle, email: a.email },
    });
    expect(forgotOnB.statusCode).toBe(404);
    const loginOnB = await api(t.app)('login', {
      headers: { host: academyHost(b.handle) },
      payload: { handle: a.handle, email: a.email, password: a.password },
    });
    expect(loginOnB.statusCode).toBe(404);
    expect(loginOnB.body).not.toContain('token');

    await api(t.app)('forgotPassword', { body: { handle: a.handle, email: a.email } });
    const token = (await lastLink()).text.match(/reset-password\/(\S+)/)![1];
    const reset = (host: string) => api(t.app)('resetPassword', { headers: { host }, payload: { token, newPassword: 'long-enough' } });
    const onB = await reset(academyHost(b.handle));
    expect(onB.statusCode).toBe(400);
    expect(onB.json().code).toBe('auth.reset_token_invalid');
    await loginAs(t.app, a.handle, a.email, a.password);
    expect((await reset(academyHost(a.handle))).statusCode).toBe(204);
  });

  it('refuses the link of a user deleted since it was mailed with 400, not 500', async () => {
    const a = await registerAndLogin(t.app);
    await api(t.app)('forgotPassword', { body: { handle: a.handle, email: a.email } });
    const token = (await lastLink()).text.match(/reset-password\/(\S+)/)![1];
    await withTenant(t.deps.db, a.id, (tx) => tx.delete(users).where(eq(users.id, a.userId)));
    const res = await api(t.app)('resetPassword', { body: { token, newPassword: 'long-enough' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('auth.reset_token_invalid');
  });
});

describe('malformed requests', () => {
  it('answers 400, 404 or 415, never 5xx, with the error shape', async () => {
    const cases = [
      await api(t.app)('login', {
        headers: { 'content-type': 'application/json' },
        payload: '{"handle": ',
      }),
      await api(t.app)('login', { body: 'null', headers: { 'content-type': 'application/json' } }),
      await api(t.app)('login', { body: '[1,2]', headers: { 'content-type': 'application/json' } }),
      await api(t.app)('login', { body: 'a=b', headers: { 'content-type': 'text/plain' } }),
      await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await api(t.app)('checkHandle', { params: { handle: 'x'.repeat(150) } }),
      await api(t.app)('registerAcademy', { body: { academyName: 'x'.repeat(2_000_000) } }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
      expect(res.body).not.toMatch(/at .*\.ts:\d+|stack|select /i);
    }
    expect(cases[4].statusCode).toBe(404);
    expect(cases[6].statusCode).toBe(413);
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/register/parent', '/api/packages']),
    );
  });
});
