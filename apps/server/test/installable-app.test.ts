// The installable staff app: its service worker and manifest are served from the site's
// root with their types, revalidated on every visit (never a year's cache: an installed app must
// pick up a release), and allowed by the Content-Security-Policy.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness.js';

const webPublic = fileURLToPath(new URL('../../web/public/', import.meta.url));

/** A built app stand-in holding the real worker, manifest and icons (vite copies public/ as is). */
function webDist() {
  const dir = mkdtempSync(join(tmpdir(), 'kora-web-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'icons'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  for (const file of ['sw.js', 'manifest.webmanifest', 'favicon.svg', 'icons/icon-192.png', 'icons/icon-512.png', 'icons/maskable-512.png'])
    copyFileSync(join(webPublic, file), join(dir, file));
  return dir;
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { webDist: webDist() });
});
afterAll(() => t.close());

describe('the installable app', () => {
  it('serves the service worker from the root, as JavaScript, revalidated every time and allowed by the policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { host: 'demo.kora.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain("addEventListener('fetch'");
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("script-src 'self'");
  });

  it('serves the manifest as application/manifest+json, revalidated, with icons that exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.headers['cache-control']).toBe('no-cache');
    const page = await t.app.inject({ method: 'GET', url: '/trainings' });
    expect(String(page.headers['content-security-policy'])).toContain("manifest-src 'self'");
    const manifest = res.json() as { start_url: string; scope: string; display: string; icons: { src: string; sizes: string }[] };
    expect(manifest).toMatchObject({ start_url: '/trainings', scope: '/', display: 'standalone' });
    // Installable: a 192 and a 512 px icon at least, each served.
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      expect(existsSync(join(webPublic, icon.src))).toBe(true);
      const served = await t.app.inject({ method: 'GET', url: icon.src });
      expect(served.statusCode, icon.src).toBe(200);
    }
  });
});
