import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { academyUrl, parseHost, rootUrl } from './host.js';

describe('parseHost', () => {
  it('treats the base domain, on its port (or the default one), with or without www, as the root', () => {
    expect(parseHost('localhost:3000', 'localhost:3000')).toEqual({ kind: 'root' });
    expect(parseHost('kora.sa', 'kora.sa')).toEqual({ kind: 'root' });
    expect(parseHost('kora.sa:443', 'kora.sa')).toEqual({ kind: 'root' });
    expect(parseHost('www.kora.sa', 'kora.sa')).toEqual({ kind: 'root' });
    expect(parseHost(undefined, 'kora.sa')).toEqual({ kind: 'root' });
  });

  it('reads one label before the base as the academy handle, in lower case', () => {
    expect(parseHost('demo.localhost:3000', 'localhost:3000')).toEqual({ kind: 'academy', handle: 'demo' });
    expect(parseHost('Falcons.Kora.SA', 'kora.sa')).toEqual({ kind: 'academy', handle: 'falcons' });
    expect(parseHost('demo.staging.kora.sa', 'staging.kora.sa')).toEqual({ kind: 'academy', handle: 'demo' });
  });

  it('refuses reserved handles, deeper subdomains and other domains', () => {
    expect(parseHost('api.kora.sa', 'kora.sa')).toEqual({ kind: 'reserved', label: 'api' });
    expect(parseHost('a.b.kora.sa', 'kora.sa')).toEqual({ kind: 'foreign' });
    expect(parseHost('evil.com', 'kora.sa')).toEqual({ kind: 'foreign' });
    expect(parseHost('notkora.sa', 'kora.sa')).toEqual({ kind: 'foreign' });
  });
});

describe('Host values that are not a host of Kora (issue 16, item 11)', () => {
  it('reads a user-info part, a path, other characters or the base domain on another port as invalid', () => {
    for (const bad of [
      'beta.localhost:3103@evil.example',
      'beta.kora.sa@evil.example',
      'evil.example/beta.kora.sa',
      'beta.kora.sa/x',
      'beta.kora.sa\\x',
      'beta kora.sa',
      'beta.kora.sa:',
      'beta.kora.sa:99999x',
    ])
      expect(parseHost(bad, 'kora.sa'), bad).toEqual({ kind: 'invalid' });
    expect(parseHost('localhost:4123', 'localhost:3000')).toEqual({ kind: 'invalid' });
    expect(parseHost('demo.localhost:4123', 'localhost:3000')).toEqual({ kind: 'invalid' });
    expect(parseHost('demo.localhost', 'localhost:3000')).toEqual({ kind: 'invalid' });
    expect(parseHost('demo.kora.sa:8443', 'kora.sa')).toEqual({ kind: 'invalid' });
    // Hosts of no concern to Kora (a health check by address) are not refused, and never an academy.
    expect(parseHost('10.0.0.7:3000', 'kora.sa')).toEqual({ kind: 'foreign' });
    expect(parseHost('[::1]:3000', 'kora.sa')).toEqual({ kind: 'foreign' });
  });

  it('writes links from the configuration alone', () => {
    const config = { publicProtocol: 'https' as const, baseDomain: 'kora.sa' };
    expect(academyUrl(config, 'demo', '/api/calendar/x.ics')).toBe('https://demo.kora.sa/api/calendar/x.ics');
    expect(rootUrl(config, '/api/payments/callback')).toBe('https://kora.sa/api/payments/callback');
  });
});

describe('the Host of a request', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is refused (400) when it is not a host of Kora, before any other work', async () => {
    for (const host of ['beta.kora.test:3103@evil.example', 'kora.test:8080', 'beta.kora.test/evil']) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { host } });
      expect(res.statusCode, host).toBe(400);
      expect(res.json()).toMatchObject({ code: 'request.bad_host' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/healthz', headers: { host: 'kora.test' } })).statusCode).toBe(200);
  });
});
