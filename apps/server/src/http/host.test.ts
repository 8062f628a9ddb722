import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { academyUrl, rootUrl } from './host.js';

// The parser itself (ports, www, case, reserved labels, deeper subdomains, addresses) is
// packages/contracts' (src/host.test.ts); here, what the server does with it.
describe('links', () => {
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

  it('is read against BASE_DOMAIN: a reserved label or another domain is no academy', async () => {
    const statusOn = async (host: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/academies/check/nobody-here', headers: { host } })).statusCode;
    // A public call naming an academy is refused only on another academy's host (http/host.ts).
    expect(await statusOn('other.kora.test')).toBe(404);
    for (const host of ['kora.test', 'www.kora.test', 'api.kora.test', 'a.b.kora.test', 'example.com'])
      expect(await statusOn(host), host).toBe(200);
  });
});
