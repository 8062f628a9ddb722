import { desc, eq } from 'drizzle-orm';
import type { SmsConfig } from '../config.js';
import { outgoingSms } from '../db/schema.js';
import type { DataAccess } from '../db/tenant.js';

export interface Sms {
  academyId: string | null;
  /** E.164, e.g. +966501234567. */
  to: string;
  text: string;
}

export interface SmsSender {
  /** `outbox` (development: recorded, never sent), `unifonic` or `twilio`. */
  readonly provider: SmsConfig['provider'];
  /** Whether messages reach phones: a real provider, or the development outbox outside production. */
  readonly configured: boolean;
  /** Sends one message (the outbox records it); a provider's refusal is recorded and thrown. */
  send(sms: Sms): Promise<void>;
  /** The development outbox: every message recorded, newest first. */
  outbox(limit?: number): Promise<{ to: string; text: string; createdAt: string }[]>;
}

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SmsOptions {
  config: SmsConfig;
  /** config.production: the outbox then neither logs nor keeps a text (a live code), and is not "configured". */
  production: boolean;
  log: Logger;
  /** The HTTP client of the providers (tests pass their own). */
  fetch?: typeof fetch;
}

/** What a provider answered: its message reference, or why it refused. */
type Delivery = { ok: true; ref: string | null } | { ok: false; error: string };

/** Unifonic's REST API (`POST /rest/SMS/messages`, form-encoded, AppSid), for Saudi numbers without the plus. */
async function viaUnifonic(config: Extract<SmsConfig, { provider: 'unifonic' }>, http: typeof fetch, sms: Sms): Promise<Delivery> {
  const form = new URLSearchParams({ AppSid: config.appSid, Recipient: sms.to.replace(/^\+/, ''), Body: sms.text, responseType: 'JSON' });
  if (config.senderId) form.set('SenderID', config.senderId);
  const res = await http(`${config.baseUrl}/rest/SMS/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form,
    signal: AbortSignal.timeout(15_000),
  });
  const answer: unknown = await res.json().catch(() => null);
  const success = Reflect.get(Object(answer), 'success');
  if (res.ok && (success === true || success === 'true')) {
    const ref = Reflect.get(Object(Reflect.get(Object(answer), 'data')), 'MessageID');
    return { ok: true, ref: ref == null ? null : String(ref) };
  }
  return { ok: false, error: `Unifonic ${res.status}: ${String(Reflect.get(Object(answer), 'message') ?? '').slice(0, 200)}` };
}

/** Twilio's Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`, basic auth). */
async function viaTwilio(config: Extract<SmsConfig, { provider: 'twilio' }>, http: typeof fetch, sms: Sms): Promise<Delivery> {
  const res = await http(`${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
    },
    body: new URLSearchParams({ To: sms.to, From: config.from, Body: sms.text }),
    signal: AbortSignal.timeout(15_000),
  });
  const answer: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const sid = Reflect.get(Object(answer), 'sid');
    return { ok: true, ref: sid == null ? null : String(sid) };
  }
  return { ok: false, error: `Twilio ${res.status}: ${String(Reflect.get(Object(answer), 'message') ?? '').slice(0, 200)}` };
}

/**
 * Text messages (sign-in codes, announcements). Every message leaves a row of `outgoing_sms`:
 * the development outbox (SMS_PROVIDER=outbox, the default) records the text there and in the log,
 * and sends nothing, as the mail outbox does; Unifonic or Twilio send it, and their row keeps who,
 * when and the provider's reference, not the text (it may hold a live code).
 */
export function createSmsSender(data: DataAccess, opts: SmsOptions): SmsSender {
  const http = opts.fetch ?? fetch;
  const { config } = opts;
  return {
    provider: config.provider,
    configured: config.provider !== 'outbox' || !opts.production,
    async send(sms) {
      if (config.provider === 'outbox') {
        if (opts.production) {
          opts.log.error({ to: sms.to }, 'sms not sent: no SMS provider is configured (SMS_PROVIDER)');
          return;
        }
        opts.log.info({ to: sms.to, text: sms.text }, 'sms (development outbox)');
        await data.system((tx) =>
          tx.insert(outgoingSms).values({ academyId: sms.academyId, to: sms.to, text: sms.text, provider: 'outbox', sentAt: new Date() }),
        );
        return;
      }
      const [row] = await data.system((tx) =>
        tx
          .insert(outgoingSms)
          .values({ academyId: sms.academyId, to: sms.to, text: '', provider: config.provider })
          .returning({ id: outgoingSms.id }),
      );
      let delivery: Delivery;
      try {
        delivery = config.provider === 'unifonic' ? await viaUnifonic(config, http, sms) : await viaTwilio(config, http, sms);
      } catch (err) {
        delivery = { ok: false, error: err instanceof Error ? err.message.slice(0, 200) : 'failed' };
      }
      await data.system((tx) =>
        tx
          .update(outgoingSms)
          .set(delivery.ok ? { sentAt: new Date(), providerRef: delivery.ref } : { error: delivery.error })
          .where(eq(outgoingSms.id, row.id)),
      );
      if (!delivery.ok) {
        opts.log.error({ to: sms.to, error: delivery.error }, 'sms not delivered');
        throw new Error(delivery.error);
      }
    },
    async outbox(limit = 50) {
      const rows = await data.system((tx) =>
        tx
          .select({ to: outgoingSms.to, text: outgoingSms.text, createdAt: outgoingSms.createdAt })
          .from(outgoingSms)
          .where(eq(outgoingSms.provider, 'outbox'))
          .orderBy(desc(outgoingSms.createdAt))
          .limit(limit),
      );
      return rows.map((r) => ({ to: r.to, text: r.text, createdAt: r.createdAt.toISOString() }));
    },
  };
}
