// Sessions in HttpOnly cookies (docs/architecture.md, "Sessions in cookies"): the login on the academy's host sets
// one, a read may be carried by it alone, a write carried by it needs Kora's header and the academy's own Origin,
// a bearer token still works as it did, and signing out clears the cookie and ends the session.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/fixture.js';
import { academyHost, createTestApp } from '../../test/harness.js';
import { CSRF_HEADER } from './session-cookie.js';

const t = useTestApp({ academies: 1 });
const [a] = t.academies;
const PACKAGE = { name: 'Cookie package', price: 100, monthsNumber: 1 };

/** Logs the owner in on `host` and answers the session cookie it set, if any ("name=value"). */
async function loginOn(host: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host },
    payload: { handle: a.handle, email: a.email, password: a.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const header = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('kora_session='));
  return { header, cookie: header?.split(';')[0] };
}

const write = (cookie: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/packages', headers: { host: academyHost(a.handle), cookie, ...headers }, payload: PACKAGE });
const origin = () => `http://${academyHost(a.handle)}`;

describe('the staff session as a cookie', () => {
  it('is set HttpOnly, SameSite=Lax and host-only by a login on the academy host, never on the root', async () => {
    const { header } = await loginOn(academyHost(a.handle));
    expect(header).toMatch(/^kora_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(header).not.toContain('Domain=');
    expect((await loginOn('kora.test')).header).toBeUndefined();
  });

  it('carries a read alone; a write only with the header and the academy’s own Origin (403 auth.csrf otherwise)', async () => {
    const { cookie = '' } = await loginOn(academyHost(a.handle));
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { host: academyHost(a.handle), cookie } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user.email).toBe(a.email);

    for (const [why, headers] of [
      ['no header', { origin: origin() }],
      ['a foreign Origin', { [CSRF_HEADER]: '1', origin: 'https://evil.example' }],
      ['another academy', { [CSRF_HEADER]: '1', origin: 'http://other.kora.test' }],
      ['a cross-site fetch without Origin', { [CSRF_HEADER]: '1', 'sec-fetch-site': 'cross-site' }],
      ['neither Origin nor Sec-Fetch-Site', { [CSRF_HEADER]: '1' }],
    ] as const) {
      const res = await write(cookie, headers);
      expect([why, res.statusCode, res.json().code]).toEqual([why, 403, 'auth.csrf']);
    }
    const listed = await t.app.inject({ method: 'GET', url: '/api/packages', headers: { host: academyHost(a.handle), cookie } });
    expect(listed.json().some((p: { name: string }) => p.name === PACKAGE.name)).toBe(false);

    expect((await write(cookie, { [CSRF_HEADER]: '1', origin: origin() })).statusCode).toBe(201);
    expect((await write(cookie, { [CSRF_HEADER]: '1', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
  });

  it('leaves bearer tokens as they were: a write needs no header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: { host: academyHost(a.handle), authorization: `Bearer ${a.token}` },
      payload: { ...PACKAGE, name: 'Bearer package' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('is cleared by signing out, and the session it carried is over', async () => {
    const { cookie = '' } = await loginOn(academyHost(a.handle));
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host: academyHost(a.handle), cookie, [CSRF_HEADER]: '1', origin: origin() },
    });
    expect(out.statusCode, out.body).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(
      /^kora_session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 [^;]+; HttpOnly; SameSite=Lax$/,
    );
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { host: academyHost(a.handle), cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('is __Host- prefixed and Secure where the site is HTTPS', async () => {
    const https = await createTestApp({ PUBLIC_PROTOCOL: 'https' });
    try {
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/auth/register/academy',
        headers: { host: academyHost('secure-cookies') },
        payload: {
          academyName: 'Secure',
          handle: 'secure-cookies',
          email: 'o@secure.sa',
          phone: '+966501234567',
          password: 'owner-pass-1',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const login = await https.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { host: academyHost('secure-cookies') },
        payload: { handle: 'secure-cookies', email: 'o@secure.sa', password: 'owner-pass-1' },
      });
      expect(String(login.headers['set-cookie'])).toMatch(
        /^__Host-kora_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      );
    } finally {
      await https.close();
    }
  });
});
