import type { Mailer } from '../../../mail/mailer.js';
import { type Channel, reasonOf } from './channel.js';

/**
 * E-mail through the mailer (mail/mailer.ts), as every other mail: queued in outgoing_mails (which
 * retries SMTP on its own) and shown in the development mail outbox without SMTP_URL.
 */
export function emailChannel(mailer: Mailer, configured: boolean): Channel {
  return {
    channel: 'email',
    configured,
    async send(m) {
      try {
        await mailer.send({ academyId: m.academyId, to: m.address, subject: m.subject, text: m.body });
        return { ok: true, providerMessageId: null };
      } catch (err) {
        return { ok: false, reason: reasonOf(err), retry: true };
      }
    },
  };
}
