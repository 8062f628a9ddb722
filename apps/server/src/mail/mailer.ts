import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { outgoingMails } from '../db/schema.js';
import { withSystem } from '../db/tenant.js';

export interface Mail {
  academyId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** The development outbox: every mail recorded, newest first. */
  outbox(limit?: number): Promise<{ to: string; subject: string; text: string; createdAt: string }[]>;
}

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Every mail is recorded in outgoing_mails. With SMTP_URL it is also sent by SMTP; without,
 * it is written to the log, so every flow (password reset, invoices) works locally.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string; log: Logger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await withSystem(db, (tx) =>
        tx
          .insert(outgoingMails)
          .values({ academyId: mail.academyId, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
          .returning({ id: outgoingMails.id }),
      );
      if (!transport) {
        opts.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail (development outbox)');
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        await withSystem(db, (tx) => tx.update(outgoingMails).set({ sentAt: new Date() }).where(eq(outgoingMails.id, row.id)));
      } catch (err) {
        opts.log.error({ err, to: mail.to }, 'mail not sent');
        await withSystem(db, (tx) =>
          tx
            .update(outgoingMails)
            .set({ error: String(err) })
            .where(eq(outgoingMails.id, row.id)),
        );
      }
    },
    async outbox(limit = 50) {
      const rows = await withSystem(db, (tx) =>
        tx
          .select({ to: outgoingMails.to, subject: outgoingMails.subject, text: outgoingMails.text, createdAt: outgoingMails.createdAt })
          .from(outgoingMails)
          .orderBy(desc(outgoingMails.createdAt))
          .limit(limit),
      );
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  };
}
