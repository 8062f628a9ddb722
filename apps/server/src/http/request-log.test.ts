import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test/api.js';
import { academyHost, createTestApp, registerAndLogin, type TestContext } from '../../test/harness.js';

// Tokens and ids in addresses are credentials (feeds, reset links, invoices, payment pages).
let t: TestContext;
const lines: string[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({}, { logger: pino({ level: 'info' }, sink) });
});
afterAll(() => t.close());

const requestLogs = () => lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'incoming request');

describe('request logs', () => {
  it('show the route pattern, hashed deep-link segments and query names, never a token or an id', async () => {
    const a = await registerAndLogin(t.app);
    const feed = await api(t.app, a)('createCalendarFeed');
    const feedPath = new URL(feed.json().url).pathname;
    const feedToken = feedPath.split('/').pop()!.replace('.ics', '');
    const invoiceId = '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f';
    const resetToken = 'Zq8xY3s9LmN2pQ7rT1vW4bC6dF0gH5jK';
    lines.length = 0;
    expect((await t.app.inject({ method: 'GET', url: feedPath, headers: { host: academyHost(a.handle) } })).statusCode).toBe(200);
    await api(t.app)('invoicePdf', { params: { id: invoiceId } });
    await t.app.inject({ method: 'GET', url: `/auth/reset-password/${resetToken}`, headers: { host: academyHost(a.handle) } });
    await t.app.inject({ method: 'GET', url: `/payment/success?ref=TST0012345678901&invoice=${invoiceId}` });

    const all = lines.join('\n');
    for (const secret of [feedToken, invoiceId, resetToken, 'TST0012345678901']) expect(all).not.toContain(secret);
    expect(requestLogs().map((l) => l.req.url)).toEqual([
      '/api/calendar/:token.ics',
      '/api/invoices/:id',
      expect.stringMatching(/^\/auth\/reset-password\/#[0-9a-f]{8}$/),
      '/payment/success?ref&invoice',
    ]);
  });
});
