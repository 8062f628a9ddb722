// The signed-in document (src/web/app-document.ts): a member's page load carries the frame, the session and the
// screen's first answers; anything else gets the plain shell. The frame's renderer here is a stand-in that shows
// what the server gave it; the web build's own (apps/web/src/boot-shell.tsx) is tested in apps/web and the journeys.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BOOT_ELEMENT_ID, type BootData } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { withSystem, withTenant } from '../src/db/tenant.js';
import { createFamilySession } from '../src/modules/family/session.js';
import { useTestApp } from './fixture.js';
import { addPlayer } from './fixtures.js';
import { academyHost, BASE } from './harness.js';

const PRELOAD = {
  screens: {
    '/players': ['/assets/PlayersPage-abc.js'],
    '/settings': ['/assets/SubscriptionsPage-abc.js'],
    '/family': ['/assets/FamilyHome-abc.js'],
  },
  catalogs: { en: ['/assets/en-abc.js'], ar: ['/assets/ar-abc.js'] },
  familyCatalogs: { en: ['/assets/en-abc.js', '/assets/en-public-abc.js'], ar: ['/assets/ar-abc.js', '/assets/ar-public-abc.js'] },
};

const ENTRY = '/assets/index-abc.js';
const FRAMEWORK = '/assets/framework-abc.js';
const STYLESHEET = '/assets/index-abc.css';
const CSS = '.bg-slate-50{background-color:#f8fafc}';

function builtWeb() {
  const dir = mkdtempSync(join(tmpdir(), 'kora-app-document-'));
  mkdirSync(join(dir, 'boot'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    [
      '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Kora</title>',
      `    <script type="module" crossorigin src="${ENTRY}"></script>`,
      `    <link rel="modulepreload" crossorigin href="${FRAMEWORK}">`,
      `    <link rel="stylesheet" crossorigin href="${STYLESHEET}">`,
      '  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
    ].join('\n'),
  );
  writeFileSync(join(dir, STYLESHEET), CSS);
  writeFileSync(
    join(dir, 'boot', 'shell.js'),
    [
      'export async function renderShell({ me, pathname, locale }) {',
      `  return '<nav data-path="' + pathname + '" data-locale="' + locale + '">' + me.user.email + '</nav>';`,
      '}',
      'export async function renderFamilyShell({ familyMe, pathname, locale }) {',
      `  return '<nav data-family="' + pathname + '" data-locale="' + locale + '">' + familyMe.parent.name + '</nav>';`,
      '}',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'boot', 'preload.json'), JSON.stringify(PRELOAD));
  return dir;
}

const t = useTestApp({ academies: 2, coaches: 1, app: { webDist: builtWeb() } });
const [a, b] = t.academies;
const [coach] = t.coaches;

/** A page load as Chromium sends it, with the session cookie of `token` (none for null). */
const load = (path: string, token: string | null, headers: Record<string, string> = {}, handle = a.handle) =>
  t.app.inject({
    method: 'GET',
    url: path,
    headers: {
      host: academyHost(handle),
      'sec-fetch-dest': 'document',
      ...headers,
      cookie: [token && `kora_session=${token}`, headers.cookie].filter(Boolean).join('; '),
    },
  });

function bootOf(html: string): BootData | null {
  const match = new RegExp(`<script type="application/json" id="${BOOT_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return match ? JSON.parse(match[1]) : null;
}

describe('a signed-in page load', () => {
  it("carries the frame, the session and the players screen's first rows, in a document no cache keeps", async () => {
    await addPlayer(t.app, a, { name: 'Salem Boot' });
    const res = await load('/players', a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers.vary)).toContain('Cookie');
    expect(res.body).toContain('<html lang="en" dir="ltr">');
    expect(res.body).toContain(`<div id="root" data-frame="server"><nav data-path="/players" data-locale="en">${a.email}</nav></div>`);
    for (const href of [...PRELOAD.screens['/players'], ...PRELOAD.catalogs.en])
      expect(res.body).toContain(`<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`);
    // Nothing but the document before the first paint: the stylesheet is in it, the scripts come at low priority.
    expect(res.body).toContain(`<style>${CSS}</style>`);
    expect(res.body).not.toContain('rel="stylesheet"');
    expect(res.body).toContain(`<script type="module" crossorigin fetchpriority="low" src="${ENTRY}"></script>`);
    expect(res.body).toContain(`<link rel="modulepreload" crossorigin fetchpriority="low" href="${FRAMEWORK}">`);
    const boot = bootOf(res.body);
    expect(boot?.locale).toBe('en');
    expect(boot?.me).toMatchObject({ user: { id: a.userId, email: a.email } });
    // The screen's first calls (contracts FIRST_PAINT), nothing else: the academy check is the session's.
    expect(Object.keys(boot?.answers ?? {}).sort()).toEqual(['/api/teams', '/api/users?role=PLAYER']);
    expect(JSON.stringify(boot?.answers['/api/users?role=PLAYER'])).toContain('Salem Boot');
    // The same answers the API gives the screen's own calls.
    const list = await t.api(a)('listUsers', { query: { role: 'PLAYER' } });
    expect(boot?.answers['/api/users?role=PLAYER']).toEqual(list.json());
  });

  it('is compressed for a browser that accepts it, brotli first', async () => {
    const plain = await load('/players', a.token);
    const br = await load('/players', a.token, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await load('/players', a.token, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('is drawn in the language the visitor picked (the lang cookie), right to left in Arabic', async () => {
    const res = await load('/players', a.token, { cookie: 'lang=ar' });
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain('data-locale="ar"');
    expect(res.body).toContain(`href="${PRELOAD.catalogs.ar[0]}"`);
    expect(res.body).not.toContain(`href="${PRELOAD.catalogs.en[0]}"`);
    expect(bootOf(res.body)?.locale).toBe('ar');
  });

  it('keeps what a member may not read out of the document, and still draws the frame', async () => {
    // The default Coach type reads no Settings: the subscriptions are refused to them, so not carried.
    const res = await load('/settings', coach.token);
    expect(res.statusCode).toBe(200);
    const boot = bootOf(res.body);
    expect(boot?.me).toMatchObject({ user: { id: coach.id } });
    expect(boot?.answers).toEqual({});
  });

  it('cannot be closed early by a name: the JSON keeps `<` escaped, and reads back the same', async () => {
    await addPlayer(t.app, a, { name: 'Evil </script><script>alert(1)</script>' });
    const res = await load('/players', a.token);
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(JSON.stringify(bootOf(res.body)?.answers['/api/users?role=PLAYER'])).toContain('Evil </script><script>alert(1)</script>');
  });
});

describe("a parent's page load of the family portal", () => {
  /** A family portal session of the parent of a player of academy a. */
  async function parentSession() {
    await addPlayer(t.app, a, { name: 'Nora Boot' });
    const [parent] = await withTenant(t.deps.db, a.id, (tx) =>
      tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.role, 'PARENT')).limit(1),
    );
    const token = await withSystem(t.deps.db, (tx) =>
      createFamilySession(tx, a.id, { parentId: parent.id, parentIds: [parent.id], address: { kind: 'email', email: 'p@example.sa' } }),
    );
    return { parent, token };
  }

  it("carries the portal's frame, the parent and the home page's answers", async () => {
    const { parent, token } = await parentSession();
    const res = await load('/family', null, { cookie: `kora_family=${token}; lang=ar` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain(`<div id="root" data-frame="server"><nav data-family="/family" data-locale="ar">${parent.name}</nav></div>`);
    for (const href of [...PRELOAD.screens['/family'], ...PRELOAD.familyCatalogs.ar]) expect(res.body).toContain(`href="${href}"`);
    const boot = bootOf(res.body);
    expect(boot).toMatchObject({ locale: 'ar', session: 'family', me: null });
    expect(Object.keys(boot?.answers ?? {}).sort()).toEqual(['/api/family/home', '/api/family/me']);
    expect(boot?.answers['/api/family/me']).toMatchObject({ parent: { id: parent.id } });
  });

  it("is the plain shell with a member's cookie only, on the portal's sign-in, and with a parent's cookie on the staff app", async () => {
    const { token } = await parentSession();
    for (const res of [
      await load('/family', a.token),
      await load('/family/sign-in', null, { cookie: `kora_family=${token}` }),
      await load('/players', null, { cookie: `kora_family=${token}` }),
    ]) {
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain(BOOT_ELEMENT_ID);
    }
  });
});

describe('the plain shell answers', () => {
  const isPlain = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain(BOOT_ELEMENT_ID);
    // The build's own index.html: its stylesheet linked (cached by the browser), its scripts at their usual priority.
    expect(res.body).toContain(`<link rel="stylesheet" crossorigin href="${STYLESHEET}">`);
    expect(res.body).not.toContain('fetchpriority');
  };

  it('a fetch that is not a page load (the service worker keeping the shell, a script)', async () => {
    isPlain(await load('/players', a.token, { 'sec-fetch-dest': 'empty' }));
  });

  it('a visitor without a session cookie, or with a session only as a bearer header', async () => {
    isPlain(await load('/players', null));
    isPlain(await load('/players', null, { authorization: `Bearer ${a.token}` }));
  });

  it("another academy's member, on this academy's host", async () => {
    isPlain(await load('/players', b.token));
  });

  it('a session that ended', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: academyHost(a.handle) },
      payload: { handle: a.handle, email: a.email, password: a.password },
    });
    const token: string = login.json().token;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host: academyHost(a.handle), authorization: `Bearer ${token}` },
    });
    isPlain(await load('/players', token));
  });

  it("a member's page load of an address outside the staff app (the sign-in, a payment page)", async () => {
    isPlain(await load('/auth/login', a.token));
    isPlain(await load('/renew-subscription/x', a.token));
  });

  it('the root domain, which is no academy', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/login',
      headers: { host: BASE, 'sec-fetch-dest': 'document', cookie: `kora_session=${a.token}` },
    });
    isPlain(res);
  });
});
