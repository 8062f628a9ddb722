import type { SmsSender } from '../../../sms/sms.js';
import { type Channel, reasonOf } from './channel.js';

/** Text messages through the SMS sender (sms/sms.ts): its provider, or its development outbox. */
export function smsChannel(sms: SmsSender): Channel {
  return {
    channel: 'sms',
    configured: sms.configured,
    async send(m) {
      try {
        await sms.send({ academyId: m.academyId, to: m.address, text: m.body });
        return { ok: true, providerMessageId: null };
      } catch (err) {
        // The sender recorded the provider's refusal; another try may go through (an outage) and the queue gives up after a few.
        return { ok: false, reason: reasonOf(err), retry: true };
      }
    },
  };
}
