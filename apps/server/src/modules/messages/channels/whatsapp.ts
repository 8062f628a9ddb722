/**
 * WhatsApp Business Cloud API (Meta's Graph API): template messages only, body parameters by name,
 * no media. `POST {base}/{version}/{phone-number-id}/messages` with the access token; the answer's
 * `messages[0].id` (a `wamid.…`) is the id later status webhooks name. Delivery and reading come by
 * the webhook (webhook.ts), signed with the app secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsappConfig } from '../../../config.js';
import { whatsappParam } from '../templates.js';
import { type Channel, type Outgoing, reasonOf } from './channel.js';
import type { ChannelOutbox } from './outbox.js';

/** The request body of one template message. */
export function templateRequest(m: Pick<Outgoing, 'address' | 'locale' | 'template' | 'templateParams'>) {
  if (!m.template || !m.templateParams) throw new Error('a WhatsApp message needs its template');
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    // The Cloud API takes the number in international form without the plus.
    to: m.address.replace(/^\+/, ''),
    type: 'template',
    template: {
      name: m.template,
      language: { code: m.locale },
      components: [
        {
          type: 'body',
          parameters: Object.entries(m.templateParams).map(([name, text]) => ({
            type: 'text',
            parameter_name: name,
            text: whatsappParam(text),
          })),
        },
      ],
    },
  };
}

/** Graph API errors worth trying again later: throttling and Meta's own outages. */
const RETRY_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056]);

export function whatsappChannel(config: WhatsappConfig, outbox: ChannelOutbox, http: typeof fetch = fetch, production = false): Channel {
  if (config.provider === 'outbox') {
    return {
      channel: 'whatsapp',
      // The development outbox stands in for WhatsApp outside production; in production WhatsApp is off.
      configured: !production,
      async send(m) {
        if (production) return { ok: false, reason: 'WhatsApp is not configured (WHATSAPP_TOKEN…)', retry: false };
        await outbox.record(m.academyId, 'whatsapp', m.address, templateRequest(m));
        return { ok: true, providerMessageId: `outbox.${m.id}` };
      },
    };
  }
  const url = `${config.apiBase}/${config.apiVersion}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    channel: 'whatsapp',
    configured: true,
    async send(m) {
      let res: Response;
      try {
        res = await http(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(templateRequest(m)),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (err) {
        return { ok: false, reason: `WhatsApp unreachable: ${reasonOf(err)}`, retry: true };
      }
      const answer: unknown = await res.json().catch(() => null);
      if (res.ok) {
        const sent = Reflect.get(Object(answer), 'messages');
        const id = Array.isArray(sent) ? Reflect.get(Object(sent[0]), 'id') : undefined;
        if (typeof id === 'string' && id) return { ok: true, providerMessageId: id };
        return { ok: false, reason: `WhatsApp ${res.status}: no message id in the answer`, retry: false };
      }
      const error = Object(Reflect.get(Object(answer), 'error'));
      const code = Number(Reflect.get(error, 'code'));
      const message = String(Reflect.get(error, 'message') ?? '').slice(0, 200);
      const retry = res.status >= 500 || res.status === 429 || RETRY_CODES.has(code);
      return { ok: false, reason: `WhatsApp ${res.status}${Number.isFinite(code) ? ` (${code})` : ''}: ${message}`, retry };
    },
  };
}

/** Whether `X-Hub-Signature-256` is `sha256=` + the HMAC-SHA256 of the raw body with the app secret. */
export function validWebhookSignature(appSecret: string, raw: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
