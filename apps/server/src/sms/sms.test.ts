/**
 * The SMS adapter: the development outbox records and sends nothing; Unifonic and Twilio are asked
 * over HTTP in their own shapes (a recorded fake answers), and a refusal is recorded and thrown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { loadConfig } from '../config.js';
import { outgoingSms } from '../db/schema.js';
import { dataAccess } from '../db/tenant.js';
import { createSmsSender } from './sms.js';

let t: TestContext;
const silent = { info() {}, error() {} };
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

/** A fetch that answers `answer` and remembers what it was asked. */
function fakeFetch(status: number, answer: unknown) {
  const asked: { url: string; init: RequestInit }[] = [];
  const fn = (async (url: string | URL, init: RequestInit = {}) => {
    asked.push({ url: String(url), init });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fn, asked };
}

describe('SMS', () => {
  it('the development outbox records the text and is configured outside production only', async () => {
    const data = dataAccess(t.deps.db);
    const outbox = createSmsSender(data, { config: { provider: 'outbox' }, production: false, log: silent });
    expect(outbox.configured).toBe(true);
    await outbox.send({ academyId: null, to: '+966501234567', text: 'code 123456' });
    expect((await outbox.outbox(1))[0]).toMatchObject({ to: '+966501234567', text: 'code 123456' });
    const production = createSmsSender(data, { config: { provider: 'outbox' }, production: true, log: silent });
    expect(production.configured).toBe(false);
  });

  it('asks Unifonic with the AppSid, the number without its plus, and keeps no text', async () => {
    const { fn, asked } = fakeFetch(200, { success: true, data: { MessageID: 4242 } });
    const config = loadConfig({ SMS_PROVIDER: 'unifonic', UNIFONIC_APP_SID: 'app-sid', UNIFONIC_SENDER_ID: 'Kora' }).sms;
    const sender = createSmsSender(dataAccess(t.deps.db), { config, production: true, log: silent, fetch: fn });
    expect(sender.configured).toBe(true);
    await sender.send({ academyId: null, to: '+966501234567', text: 'رمز 123456' });
    expect(asked[0].url).toBe('https://el.cloud.unifonic.com/rest/SMS/messages');
    const form = new URLSearchParams(String(asked[0].init.body));
    expect(Object.fromEntries(form)).toMatchObject({ AppSid: 'app-sid', SenderID: 'Kora', Recipient: '966501234567', Body: 'رمز 123456' });
    const rows = await t.deps.db.select().from(outgoingSms);
    expect(rows.find((r) => r.providerRef === '4242')).toMatchObject({ provider: 'unifonic', text: '' });
  });

  it('asks Twilio with basic auth, and records and throws its refusal', async () => {
    const { fn, asked } = fakeFetch(400, { code: 21211, message: "The 'To' number is not valid." });
    const config = loadConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+15005550006',
    }).sms;
    const sender = createSmsSender(dataAccess(t.deps.db), { config, production: true, log: silent, fetch: fn });
    await expect(sender.send({ academyId: null, to: '+966501234567', text: 'hello' })).rejects.toThrow(/Twilio 400/);
    expect(asked[0].url).toBe('https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json');
    expect(new Headers(asked[0].init.headers).get('authorization')).toBe(`Basic ${Buffer.from('AC1:secret').toString('base64')}`);
    const rows = await t.deps.db.select().from(outgoingSms);
    expect(rows.find((r) => r.provider === 'twilio')?.error).toMatch(/not valid/);
  });

  it('refuses to start with a provider and no credentials', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ SMS_PROVIDER: 'unifonic' })).toThrow(/UNIFONIC_APP_SID/);
  });
});
