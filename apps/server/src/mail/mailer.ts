import { desc, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { type Db, rowsOf } from '../db/client.js';
import { outgoingMails } from '../db/schema.js';
import { withSystem } from '../db/tenant.js';
import { type Clock, systemClock } from '../lib/clock.js';

export interface Mail {
  academyId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Queues a mail (a row of outgoing_mails, so it survives a restart) and wakes the delivery. */
  send(mail: Mail): Promise<void>;
  /** Delivers the queued mails that are due; answers how many were delivered. */
  deliverDue(): Promise<number>;
  /** Retries failed deliveries on a timer (the server; tests call deliverDue). */
  start(): void;
  /** Stops the timer and waits for a delivery in progress. */
  stop(): Promise<void>;
  /** The development outbox: every mail recorded, newest first. */
  outbox(limit?: number): Promise<{ to: string; subject: string; text: string; createdAt: string }[]>;
}

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  /** The app's clock (deps.clock), for when a mail was sent; the system's by default. */
  clock?: Clock;
  /** A nodemailer transport instead of SMTP_URL (tests use nodemailer's JSON transport). */
  transport?: nodemailer.Transporter;
  from: string;
  log: Logger;
  /** Keep delivered bodies (the development outbox shows them); otherwise a delivered mail keeps no live link. */
  keepBodies?: boolean;
  /**
   * Production (config.production): a live link never reaches the log. Production starts only with
   * SMTP_URL (startupRefusals); should a mailer have no transport there all the same, a mail is
   * logged by address and subject only and its body is not kept.
   */
  production?: boolean;
}

const BATCH = 20;
const MAX_ATTEMPTS = 5;
const RETRY_EVERY_MS = 30_000;

interface Claimed {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/**
 * Mails leave through a queue in outgoing_mails, never inside the request that asked for them:
 * an answer takes the same time whether a mail was queued or not, a slow SMTP server slows
 * nobody, and a restart loses nothing. With SMTP_URL the queue sends by SMTP (retrying with a
 * growing delay); without, it writes each mail to the log and the development outbox (never in
 * production, see MailerOptions.production).
 */
export function createMailer(db: Db, opts: MailerOptions): Mailer {
  const transport = opts.transport ?? (opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null);
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  // Claiming moves a row's next attempt into the future first, so two processes never send one
  // mail at the same moment; a process that dies mid-send leaves it to be retried (at least once).
  const claim = () =>
    withSystem(db, async (tx) =>
      rowsOf<Claimed>(
        await tx.execute(sql`
          update outgoing_mails set attempts = attempts + 1,
            next_attempt_at = now() + make_interval(secs => 30 * power(2, attempts))
          where id in (
            select id from outgoing_mails
            where sent_at is null and attempts < ${MAX_ATTEMPTS} and next_attempt_at <= now()
            order by next_attempt_at limit ${BATCH} for update skip locked)
          returning id, "to", subject, text, html`),
      ),
    );

  async function deliver(mail: Claimed) {
    try {
      if (transport)
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
      else if (opts.production) opts.log.info({ to: mail.to, subject: mail.subject }, 'mail not delivered: no SMTP_URL');
      else opts.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail (development outbox)');
      // The development outbox keeps bodies to show them; nothing else (and nothing in production) keeps a delivered live link.
      const keep = !opts.production && (opts.keepBodies || !transport);
      const forget = keep ? {} : { text: '', html: null };
      await withSystem(db, (tx) =>
        tx
          .update(outgoingMails)
          .set({ sentAt: (opts.clock ?? systemClock).now(), error: null, ...forget })
          .where(eq(outgoingMails.id, mail.id)),
      );
      return 1;
    } catch (err) {
      opts.log.error({ err, mailId: mail.id }, 'mail not sent; it will be retried');
      await withSystem(db, (tx) =>
        tx
          .update(outgoingMails)
          .set({ error: String(err) })
          .where(eq(outgoingMails.id, mail.id)),
      );
      return 0;
    }
  }

  async function drain() {
    let delivered = 0;
    for (let batch = await claim(); batch.length > 0; batch = batch.length === BATCH ? await claim() : []) {
      for (const mail of batch) delivered += await deliver(mail);
    }
    return delivered;
  }

  // One delivery at a time per process; a wake-up during one runs another right after.
  function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((err) => {
        opts.log.error({ err }, 'mail queue failed; it will be retried');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void deliverDue();
        }
      });
    return running;
  }

  return {
    async send(mail) {
      await withSystem(db, (tx) =>
        tx
          .insert(outgoingMails)
          .values({ academyId: mail.academyId, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }),
      );
      void deliverDue();
    },
    deliverDue,
    start() {
      timer ??= setInterval(() => void deliverDue(), RETRY_EVERY_MS).unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      while (running) await running;
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
