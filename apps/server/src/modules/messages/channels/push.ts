/**
 * Web Push to the installed staff app and the family portal (the web-push library's encryption and
 * VAPID signature; the request itself is sent here, so its answer decides): 201 delivered to the push
 * service, 404/410 the device unsubscribed (its subscription is removed), 429/5xx tried again later.
 * Keys from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY/VAPID_SUBJECT; in development a pair made once in
 * DATA_DIR (vapid.json) lets browsers subscribe, and pushes are only recorded in the outbox.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { messageKindSchema, type PushPayload } from '@kora/contracts';
import webpush from 'web-push';
import { z } from 'zod';
import type { Config, VapidConfig } from '../../../config.js';
import { type Channel, type Outcome, type Outgoing, type PushDevice, reasonOf } from './channel.js';
import type { ChannelOutbox } from './outbox.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** From the configuration (pushes are sent) or made for development (recorded only). */
  source: 'config' | 'development';
}

/** The pair written to DATA_DIR/vapid.json. */
const savedVapidKeys = z.object({ publicKey: z.string(), privateKey: z.string() });

/** The server's VAPID keys: the configured ones, else (never in production) the pair in DATA_DIR, made on first use. */
export function vapidKeysFor(config: Pick<Config, 'vapid' | 'production' | 'dataDir'>): VapidKeys | null {
  if (config.vapid) return { ...config.vapid, source: 'config' };
  if (config.production) return null;
  const file = join(config.dataDir, 'vapid.json');
  if (existsSync(file)) {
    const saved = savedVapidKeys.parse(JSON.parse(readFileSync(file, 'utf8')));
    return { ...saved, subject: 'mailto:dev@localhost', source: 'development' };
  }
  const made = webpush.generateVAPIDKeys();
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(made), { mode: 0o600 });
  return { ...made, subject: 'mailto:dev@localhost', source: 'development' };
}

export function pushPayload(m: Pick<Outgoing, 'subject' | 'body' | 'link' | 'kind' | 'locale' | 'id'>): PushPayload {
  return { title: m.subject, body: m.body, url: m.link, tag: `${m.kind}.${m.id}`, kind: messageKindSchema.parse(m.kind), lang: m.locale };
}

type DeviceResult = 'reached' | 'gone' | { retry: boolean; reason: string };

async function pushTo(keys: VapidConfig, http: typeof fetch, device: PushDevice, payload: string, urgent: boolean): Promise<DeviceResult> {
  const request = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    payload,
    {
      vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: 24 * 3600,
      urgency: urgent ? 'high' : 'normal',
    },
  );
  let res: Response;
  try {
    res = await http(request.endpoint, {
      method: request.method,
      headers: request.headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    return { retry: true, reason: `push service unreachable: ${reasonOf(err)}` };
  }
  await res.arrayBuffer().catch(() => null);
  if (res.status >= 200 && res.status < 300) return 'reached';
  if (res.status === 404 || res.status === 410) return 'gone';
  return { retry: res.status === 429 || res.status >= 500, reason: `push service ${res.status}` };
}

export function pushChannel(keys: VapidKeys | null, outbox: ChannelOutbox, http: typeof fetch = fetch): Channel {
  return {
    channel: 'push',
    configured: keys !== null,
    async send(m, devices = []): Promise<Outcome> {
      if (!keys) return { ok: false, reason: 'push is not set up on this server (VAPID keys)', retry: false };
      if (devices.length === 0) return { ok: false, reason: 'no device subscribed to notifications', retry: false };
      const payload = pushPayload(m);
      if (keys.source === 'development') {
        for (const device of devices) await outbox.record(m.academyId, 'push', device.endpoint, payload);
        return { ok: true, providerMessageId: null, reachedDevices: devices.map((d) => d.id) };
      }
      const text = JSON.stringify(payload);
      const reached: string[] = [];
      const gone: string[] = [];
      const failures: { retry: boolean; reason: string }[] = [];
      for (const device of devices) {
        const result = await pushTo(keys, http, device, text, m.kind === 'event_cancelled' || m.kind === 'event_moved');
        if (result === 'reached') reached.push(device.id);
        else if (result === 'gone') gone.push(device.id);
        else failures.push(result);
      }
      if (reached.length > 0) return { ok: true, providerMessageId: null, goneDevices: gone, reachedDevices: reached };
      if (failures.length === 0) return { ok: false, reason: 'every device unsubscribed (410)', retry: false, goneDevices: gone };
      return { ok: false, reason: failures[0].reason, retry: failures.some((f) => f.retry), goneDevices: gone };
    },
  };
}
