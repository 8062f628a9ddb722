import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness.js';

/** A built SPA stand-in: the shell and one hashed bundle. */
function fakeWebDist() {
  const dir = mkdtempSync(join(tmpdir(), 'kora-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  return dir;
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { webDist: fakeWebDist() });
});
afterAll(() => t.close());

describe('security and cache headers', () => {
  it('sends a policy that allows only this origin and forbids framing Kora, on pages and on the API', async () => {
    for (const url of ['/', '/players/abc', '/api/academies/check/nobody']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(String(res.headers['permissions-policy']), url).toContain('camera=()');
      // HSTS only once the site is served over https.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('adds HSTS when PUBLIC_PROTOCOL is https', async () => {
    const https = await createTestApp({ PUBLIC_PROTOCOL: 'https' });
    const res = await https.app.inject({ method: 'GET', url: '/api/academies/check/nobody' });
    expect(String(res.headers['strict-transport-security'])).toContain('max-age=31536000');
    await https.close();
  });

  it('caches hashed bundles for a year, and makes deep links revalidate', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const deep = await t.app.inject({ method: 'GET', url: '/players/abc' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD like GET for pages', async () => {
    for (const url of ['/', '/schedule?week=2026-11-22']) {
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toContain('text/html');
      expect(head.body).toBe('');
    }
  });
});

describe('client addresses', () => {
  /** Twelve forgot-password calls (a per-address limit of 10 a minute) from one socket, each claiming another client. */
  async function spoofedBurst(env: Record<string, string>) {
    const ctx = await createTestApp({ RATE_LIMIT_SCALE: '1', ...env });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '10.2.2.2',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { handle: 'nobody-here', email: `x${i}@y.sa` },
      });
      statuses.push(res.statusCode);
    }
    await ctx.close();
    return statuses;
  }

  it('ignores X-Forwarded-For unless TRUST_PROXY says so: a spoofed address does not reset a limit', async () => {
    const statuses = await spoofedBurst({});
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('trusts X-Forwarded-For from a configured proxy hop', async () => {
    // Behind one proxy hop each request is another client, so the per-address limit never trips.
    expect((await spoofedBurst({ TRUST_PROXY: '1' })).every((s) => s === 202)).toBe(true);
  });
});

describe('health checks', () => {
  it('answers liveness without the database and readiness through it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });
});
