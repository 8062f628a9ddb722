import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedLanguage, PUBLIC_PAGES } from '../src/web/public-site.js';
import { academyHost, BASE, createTestApp, type TestContext } from './harness.js';

const HERO = { en: 'Academy Management Made Simple', ar: 'إدارة الأكاديمية أصبحت سهلة' };
const ORIGIN = `http://${BASE}`;

/**
 * A built web app as apps/web's build leaves it: the app's shell, a hashed bundle with its brotli copy,
 * and the prerendered public pages of both languages (apps/web/scripts/prerender.mjs), whose links
 * carry the origin placeholder the server fills in.
 */
function builtWeb() {
  const dir = mkdtempSync(join(tmpdir(), 'kora-public-site-'));
  mkdirSync(join(dir, 'assets'));
  const shell = `<!doctype html><html lang="en"><head><title>Kora</title></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
  writeFileSync(join(dir, 'index.html'), shell);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(shell));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(shell));
  const bundle = `console.log(${JSON.stringify('x'.repeat(3000))})`;
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), bundle);
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(bundle));
  for (const lang of ['en', 'ar'] as const) {
    mkdirSync(join(dir, 'prerendered', lang), { recursive: true });
    for (const page of Object.values(PUBLIC_PAGES)) {
      writeFileSync(
        join(dir, 'prerendered', lang, `${page}.html`),
        `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><title>${page}</title>` +
          `<link rel="canonical" href="%ORIGIN%/${page === 'landing' ? '' : page}?lang=${lang}" /></head>` +
          `<body><div id="root"><main data-page="${page}"><h1>${page === 'landing' ? HERO[lang] : page}</h1></main></div></body></html>`,
      );
    }
  }
  return dir;
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { webDist: builtWeb() });
});
afterAll(() => t.close());

/** A GET on the root domain unless `host` says otherwise. */
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: BASE, ...headers } });

describe('robots.txt and the sitemap', () => {
  it('answers a real robots.txt on the root domain: the public site open, the API and sign-in pages closed', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).not.toContain('<');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /auth/');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('keeps an academy subdomain, the private app, out of search engines', async () => {
    const res = await get('/robots.txt', { host: academyHost('hawks') });
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.split('\n')).toEqual(['User-agent: *', 'Disallow: /', '']);
    const sitemap = await get('/sitemap.xml', { host: academyHost('hawks') });
    expect(sitemap.statusCode).toBe(404);
  });

  it('lists every public page in both languages, each with its hreflang alternates', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // English at the plain address, Arabic at ?lang=ar.
    const expected = ['/', '/pricing', '/about', '/contact', '/terms', '/privacy'].flatMap((p) => [
      `${ORIGIN}${p}`,
      `${ORIGIN}${p}?lang=ar`,
    ]);
    expect(locs.sort()).toEqual(expected.sort());
    const pricing = res.body.split('</url>').find((u) => u.includes(`<loc>${ORIGIN}/pricing?lang=ar</loc>`));
    expect(pricing).toContain(`hreflang="en" href="${ORIGIN}/pricing"`);
    expect(pricing).toContain(`hreflang="ar" href="${ORIGIN}/pricing?lang=ar"`);
    expect(pricing).toContain(`hreflang="x-default" href="${ORIGIN}/pricing"`);
  });
});

describe('the prerendered public pages', () => {
  it("answers the landing page's HTML in the browser's language", async () => {
    const ar = await get('/', { 'accept-language': 'ar-SA,ar;q=0.9,en;q=0.8' });
    expect(ar.statusCode).toBe(200);
    expect(ar.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(ar.body).toContain(HERO.ar);
    expect(ar.body).toContain('<html lang="ar" dir="rtl">');
    expect(ar.headers['content-language']).toBe('ar');

    const en = await get('/', { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.body).toContain(HERO.en);
    expect(en.body).toContain('<html lang="en" dir="ltr">');
    // Neither language asked for: English.
    expect((await get('/', { 'accept-language': 'fr-FR' })).body).toContain(HERO.en);
    expect((await get('/')).body).toContain(HERO.en);
  });

  it('prefers the language picked on the site (cookie) to the browser’s, and an explicit ?lang= to both', async () => {
    expect((await get('/', { 'accept-language': 'en', cookie: 'theme=x; lang=ar' })).body).toContain(HERO.ar);
    expect((await get('/?lang=en', { 'accept-language': 'ar', cookie: 'lang=ar' })).body).toContain(HERO.en);
    expect((await get('/?lang=ar')).body).toContain(HERO.ar);
  });

  it('answers each public page, with absolute canonical links on the configured origin', async () => {
    for (const [path, page] of Object.entries(PUBLIC_PAGES)) {
      const res = await get(path, { 'accept-language': 'ar' });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain(`data-page="${page}"`);
      expect(res.body, path).toContain(`<link rel="canonical" href="${ORIGIN}/${page === 'landing' ? '' : page}?lang=ar" />`);
      expect(res.body, path).not.toContain('%ORIGIN%');
    }
  });

  it('is revalidated on every visit and varies with the language asked for; an unchanged page is a 304', async () => {
    const res = await get('/pricing', { 'accept-language': 'ar' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toContain('Accept-Language');
    expect(String(res.headers.vary)).toContain('Cookie');
    const again = await get('/pricing', { 'accept-language': 'ar', 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const english = await get('/pricing', { 'accept-language': 'en', 'if-none-match': String(res.headers.etag) });
    expect(english.statusCode).toBe(200);
  });

  it('is sent compressed to browsers that accept it, with brotli first', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'ar' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain(HERO.ar);
    const gz = await get('/', { 'accept-encoding': 'gzip', 'accept-language': 'ar' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain(HERO.ar);
    const refused = await get('/', { 'accept-encoding': 'br;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toContain(HERO.en);
  });

  it('answers HEAD like GET', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/about', headers: { host: BASE, 'accept-language': 'ar' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('leaves an academy subdomain to the app: its / is the app shell, not the public landing page', async () => {
    const res = await get('/', { host: academyHost('hawks'), 'accept-language': 'ar' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain(HERO.ar);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('never serves the raw prerender output under its build path', async () => {
    const res = await get('/prerendered/en/landing.html');
    expect(res.body).not.toContain('%ORIGIN%');
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('the built assets', () => {
  it('caches hashed bundles for a year and sends their brotli copy', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('console.log');
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });

  it("keeps the app's shell revalidated when it is sent compressed (deep links)", async () => {
    const res = await get('/players/abc', { host: academyHost('hawks'), 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root"></div>');
  });
});

describe('the language of an Accept-Language header', () => {
  it('takes the best of English and Arabic by quality, then order', () => {
    expect(acceptedLanguage('ar-SA,ar;q=0.9,en-US;q=0.8')).toBe('ar');
    expect(acceptedLanguage('fr;q=1, en;q=0.5, ar;q=0.7')).toBe('ar');
    expect(acceptedLanguage('en, ar')).toBe('en');
    expect(acceptedLanguage('de-DE,fr')).toBeNull();
    expect(acceptedLanguage('ar;q=0, en;q=0.1')).toBe('en');
    expect(acceptedLanguage(undefined)).toBeNull();
  });
});
