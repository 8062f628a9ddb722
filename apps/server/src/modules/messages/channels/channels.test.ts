// The channel adapters against local fake providers (real HTTP servers answering like them, errors too).
import { createECDH, createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { WhatsappConfig } from '../../../config.js';
import type { Outgoing, PushDevice } from './channel.js';
import { type FakeServer, fakeServer, graphAccepts, graphError } from './fakes.js';
import type { ChannelOutbox } from './outbox.js';
import { pushChannel, type VapidKeys } from './push.js';
import { templateRequest, validWebhookSignature, whatsappChannel } from './whatsapp.js';

const noOutbox = {
  record: async () => {
    throw new Error('a configured channel records nothing');
  },
  list: async () => [],
} as unknown as ChannelOutbox;

const message: Outgoing = {
  id: '0c3f7c2e-5a7b-4c1e-9d3a-2f4b6c8d0e1f',
  academyId: '1c3f7c2e-5a7b-4c1e-9d3a-2f4b6c8d0e1f',
  locale: 'ar',
  address: '+966501112233',
  subject: 'أكاديمية: إلغاء تدريب',
  body: 'نص',
  link: 'https://demo.kora.sa/family/availability',
  kind: 'event_cancelled',
  template: 'kora_event_cancelled',
  templateParams: {
    academy: 'أكاديمية النخبة',
    child: 'فيصل',
    event: 'تدريب',
    date: '2026-11-23',
    time: '17:00',
    link: 'https://demo.kora.sa/family/availability',
    stop: 'https://demo.kora.sa/family/notifications',
  },
};

describe('WhatsApp Cloud API', () => {
  let graph: FakeServer;
  let config: Extract<WhatsappConfig, { provider: 'cloud' }>;
  beforeAll(async () => {
    graph = await fakeServer(graphAccepts);
    config = {
      provider: 'cloud',
      token: 'EAAG-test-token',
      phoneNumberId: '106540352242922',
      appSecret: 'app-secret',
      verifyToken: 'verify-me',
      apiBase: graph.url,
      apiVersion: 'v21.0',
    };
  });
  afterAll(() => graph.close());

  it('sends a template with named body parameters in the recipient language, and keeps the wamid', async () => {
    const outcome = await whatsappChannel(config, noOutbox).send(message);
    expect(outcome).toEqual({ ok: true, providerMessageId: expect.stringMatching(/^wamid\./) });
    const asked = graph.asked.at(-1);
    expect(asked?.method).toBe('POST');
    expect(asked?.url).toBe('/v21.0/106540352242922/messages');
    expect(asked?.headers.authorization).toBe('Bearer EAAG-test-token');
    const body = JSON.parse(asked?.body.toString('utf8') ?? '{}');
    expect(body).toMatchObject({
      messaging_product: 'whatsapp',
      to: '966501112233',
      type: 'template',
      template: { name: 'kora_event_cancelled', language: { code: 'ar' } },
    });
    expect(body.template.components[0].parameters).toContainEqual({ type: 'text', parameter_name: 'child', text: 'فيصل' });
    expect(body.template.components[0].parameters).toHaveLength(7);
  });

  it('fails a refusal for good and retries throttling and outages', async () => {
    const channel = whatsappChannel(config, noOutbox);
    graph.next.push(graphError(400, 132001, 'Template name does not exist in the translation'));
    expect(await channel.send(message)).toEqual({ ok: false, retry: false, reason: expect.stringContaining('(132001)') });
    graph.next.push(graphError(400, 131056, '(Business Account, Consumer Account) pair rate limit hit'));
    expect(await channel.send(message)).toMatchObject({ ok: false, retry: true });
    graph.next.push(graphError(500, 1, 'An unknown error occurred'));
    expect(await channel.send(message)).toMatchObject({ ok: false, retry: true });
    graph.next.push({ status: 429, body: {} });
    expect(await channel.send(message)).toMatchObject({ ok: false, retry: true });
    graph.next.push(graphError(401, 190, 'Error validating access token: Session has expired'));
    expect(await channel.send(message)).toMatchObject({ ok: false, retry: false, reason: expect.stringContaining('401') });
  });

  it('retries when the API cannot be reached', async () => {
    const down = whatsappChannel({ ...config, apiBase: 'http://127.0.0.1:1' }, noOutbox);
    expect(await down.send(message)).toMatchObject({ ok: false, retry: true, reason: expect.stringContaining('unreachable') });
  });

  it('puts no line break or tab in a parameter (Meta refuses them)', () => {
    const body = templateRequest({ ...message, templateParams: { title: 'Line one\nline\ttwo     wide' } });
    expect(body.template.components[0].parameters[0].text).toBe('Line one line two   wide');
  });

  it('verifies X-Hub-Signature-256 over the raw bytes with the app secret', () => {
    const raw = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
    const good = `sha256=${createHmac('sha256', 'app-secret').update(raw).digest('hex')}`;
    expect(validWebhookSignature('app-secret', raw, good)).toBe(true);
    expect(validWebhookSignature('other-secret', raw, good)).toBe(false);
    expect(validWebhookSignature('app-secret', Buffer.from(`${raw.toString()} `), good)).toBe(false);
    expect(validWebhookSignature('app-secret', raw, good.replace('sha256=', 'sha1='))).toBe(false);
    expect(validWebhookSignature('app-secret', raw, undefined)).toBe(false);
    expect(validWebhookSignature('app-secret', raw, 'sha256=zz')).toBe(false);
  });
});

describe('Web Push', () => {
  let service: FakeServer;
  let keys: VapidKeys;
  /** A browser's subscription: its P-256 key and auth secret, at the fake push service. */
  const device = (id: string, path: string): PushDevice => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return {
      id,
      endpoint: `${service.url}${path}`,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
  };
  beforeAll(async () => {
    service = await fakeServer((asked) => {
      if (asked.url.startsWith('/gone')) return { status: 410 };
      if (asked.url.startsWith('/unknown')) return { status: 404 };
      if (asked.url.startsWith('/down')) return { status: 500 };
      return { status: 201 };
    });
    keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@kora.sa', source: 'config' };
  });
  afterAll(() => service.close());

  it('sends the encrypted payload with a VAPID signature and answers which devices it reached', async () => {
    const outcome = await pushChannel(keys, noOutbox).send({ ...message, kind: 'event_added' }, [device('d1', '/push/d1')]);
    expect(outcome).toEqual({ ok: true, providerMessageId: null, goneDevices: [], reachedDevices: ['d1'] });
    const asked = service.asked.at(-1);
    expect(asked?.headers['content-encoding']).toBe('aes128gcm');
    expect(asked?.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(asked?.headers.ttl).toBe('86400');
    expect(asked?.headers.urgency).toBe('normal');
    // Encrypted: the text is not in the bytes.
    expect(asked?.body.length).toBeGreaterThan(100);
    expect(asked?.body.toString('utf8')).not.toContain('availability');
  });

  it('names devices gone (404/410) and keeps a message that reached another', async () => {
    const outcome = await pushChannel(keys, noOutbox).send({ ...message, kind: 'event_cancelled' }, [
      device('g1', '/gone/1'),
      device('g2', '/unknown/2'),
      device('ok', '/push/ok'),
    ]);
    expect(outcome).toEqual({ ok: true, providerMessageId: null, goneDevices: ['g1', 'g2'], reachedDevices: ['ok'] });
    expect(service.asked.at(-1)?.headers.urgency).toBe('high');
  });

  it('fails for good when every device is gone, and retries a push service outage', async () => {
    const channel = pushChannel(keys, noOutbox);
    expect(await channel.send(message, [device('g', '/gone/x')])).toMatchObject({ ok: false, retry: false, goneDevices: ['g'] });
    expect(await channel.send(message, [device('d', '/down/x')])).toMatchObject({ ok: false, retry: true, reason: 'push service 500' });
    expect(await channel.send(message, [])).toMatchObject({ ok: false, retry: false });
    expect(await pushChannel(null, noOutbox).send(message, [device('d', '/push/x')])).toMatchObject({ ok: false, retry: false });
  });
});
