/**
 * The messages worker: sends the queued rows of `messages` (enqueue.ts) through their channel and
 * keeps their state. Rows are the whole state, so a restart loses nothing.
 *
 * - Never twice: a claim takes due rows `FOR UPDATE SKIP LOCKED`, counts the attempt and moves the next
 *   attempt into the future (the retry time) in one statement, so no other process or run sends
 *   them until it is due again; the idempotency key kept the row itself single.
 * - Quiet hours: a push that is not urgent waits until 07:00 Riyadh when the recipient keeps quiet
 *   hours (the default) and it is between 22:00 and 07:00.
 * - Caps: the text-message caps (sms/budget.ts) bound every channel: per destination for all, and
 *   per academy and overall for the paid ones (SMS, WhatsApp); a message over a cap is not failed: it
 *   stays queued, its reason named, and is tried again when the cap's window ends (not counted as an attempt).
 * - Failure: an outage is retried with a doubling delay, 5 attempts; a refusal, or the last outage,
 *   fails the row. A failed WhatsApp or push message falls back once, to SMS (a mobile on file) or
 *   else e-mail, unless that channel already carries the same message.
 */
import { addDaysIso, type MessageChannel, QUIET_HOURS, riyadhInstant, riyadhWallClock } from '@kora/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { rowsOf, statementCounter } from '../../db/client.js';
import { academies, messages, notificationPreferences, pushSubscriptions, users } from '../../db/schema.js';
import type { DataAccess, TenantTx } from '../../db/tenant.js';
import type { Counters } from '../../http/counters.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../mail/mailer.js';
import { createSmsBudget, type SmsBudget } from '../../sms/budget.js';
import { createSmsSender, type SmsSender } from '../../sms/sms.js';
import type { Channel, Outcome, Outgoing, PushDevice } from './channels/channel.js';
import { emailChannel } from './channels/email.js';
import { type ChannelOutbox, createChannelOutbox } from './channels/outbox.js';
import { pushChannel, type VapidKeys, vapidKeysFor } from './channels/push.js';
import { smsChannel } from './channels/sms.js';
import { whatsappChannel } from './channels/whatsapp.js';
import { type MessagingConfig, messagingOf } from './enqueue.js';

const BATCH = 20;
export const MAX_ATTEMPTS = 5;
const FIRST_DELAY_S = 30;
const ACADEMIES_PER_RUN = 50;
export const MESSAGES_EVERY_MS = 15_000;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MessengerDeps {
  data: DataAccess;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  counters: Counters;
  log: Logger;
  /** The providers' HTTP client (tests may pass theirs; the fakes are real local servers). */
  fetch?: typeof fetch;
}

type Row = typeof messages.$inferSelect;

/** Whether a Riyadh wall-clock time falls in quiet hours, and when they end (an instant). */
export function quietUntil(now: Date): Date | null {
  const wall = riyadhWallClock(now);
  const [day, time] = [wall.slice(0, 10), wall.slice(11, 16)];
  if (time >= QUIET_HOURS.from) return riyadhInstant(addDaysIso(day, 1), QUIET_HOURS.until);
  if (time < QUIET_HOURS.until) return riyadhInstant(day, QUIET_HOURS.until);
  return null;
}

export interface Messenger {
  readonly channels: Record<MessageChannel, Channel>;
  readonly vapid: VapidKeys | null;
  readonly outbox: ChannelOutbox;
  readonly sms: SmsSender;
  /** What writing a message needs to know (links, whether push can reach anyone). */
  readonly messaging: MessagingConfig;
  /** Sends what is due in every academy; answers how many were sent. */
  sendDue(): Promise<number>;
  /** Runs sendDue soon (after a request queued messages), never two at once. */
  wake(): void;
  start(everyMs?: number): void;
  stop(): Promise<void>;
  /** Fails a row for good (a provider's failed status too) and writes its one fallback. */
  fail(tx: TenantTx, row: Pick<Row, 'id'>, reason: string): Promise<void>;
}

export function createMessenger(deps: MessengerDeps): Messenger {
  const { data, config, log } = deps;
  const http = deps.fetch ?? fetch;
  const outbox = createChannelOutbox(data);
  const sms = createSmsSender(data, { config: config.sms, production: config.production, log, fetch: deps.fetch });
  const budget: SmsBudget = createSmsBudget(deps.counters, config, log);
  const vapid = vapidKeysFor(config);
  const channels: Record<MessageChannel, Channel> = {
    email: emailChannel(deps.mailer, Boolean(config.smtpUrl) || !config.production),
    sms: smsChannel(sms),
    whatsapp: whatsappChannel(config.whatsapp, outbox, http, config.production),
    push: pushChannel(vapid, outbox, http),
  };
  const now = () => deps.clock.now();
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const claim = (tx: TenantTx, at: Date) =>
    tx.execute(sql`
      update messages set attempts = attempts + 1, updated_at = ${at.toISOString()}::timestamptz,
        next_attempt_at = ${at.toISOString()}::timestamptz + make_interval(secs => ${FIRST_DELAY_S} * power(2, attempts))
      where id in (
        select id from messages
        where state = 'queued' and (next_attempt_at is null or next_attempt_at <= ${at.toISOString()}::timestamptz)
        order by created_at, id limit ${BATCH} for update skip locked)
      returning id, created_at`);

  async function fail(tx: TenantTx, ref: Pick<Row, 'id'>, reason: string) {
    const at = now();
    const [row] = await tx
      .update(messages)
      .set({ state: 'failed', failureReason: reason.slice(0, 500), nextAttemptAt: null, updatedAt: at })
      .where(eq(messages.id, ref.id))
      .returning();
    if (!row || row.fallbackOf || (row.channel !== 'whatsapp' && row.channel !== 'push') || !row.recipientId) return;
    // Once: to SMS when the recipient has a mobile, else e-mail; not when that channel already carries the same message.
    const [person] = await tx.select({ email: users.email, phone: users.phoneNumber }).from(users).where(eq(users.id, row.recipientId));
    const base = row.idempotencyKey.slice(0, row.idempotencyKey.lastIndexOf(':'));
    const siblings = await tx
      .select({ channel: messages.channel })
      .from(messages)
      .where(inArray(messages.idempotencyKey, [`${base}:sms`, `${base}:email`]));
    const taken = new Set(siblings.map((s) => s.channel));
    const to: [MessageChannel, string] | null =
      person?.phone && !taken.has('sms') ? ['sms', person.phone] : person?.email && !taken.has('email') ? ['email', person.email] : null;
    if (!to) return;
    await tx
      .insert(messages)
      .values({
        academyId: tx.academyId,
        recipientId: row.recipientId,
        channel: to[0],
        kind: row.kind,
        locale: row.locale,
        idempotencyKey: `${row.idempotencyKey}:fallback`,
        address: to[1],
        subject: row.subject,
        body: row.body,
        link: row.link,
        urgent: row.urgent,
        eventId: row.eventId,
        fallbackOf: row.id,
      })
      .onConflictDoNothing();
  }

  /**
   * Why a row may not go now, or null: an unconfirmed academy's paid text (it fails), or a cap
   * (`until`: it waits for the end of the cap's window).
   */
  async function refusal(row: Row, verified: boolean, at: Date): Promise<{ reason: string; until?: Date } | null> {
    if ((row.channel === 'sms' || row.channel === 'whatsapp') && !verified)
      return { reason: 'the academy owner has not confirmed their e-mail: no text messages yet' };
    const over =
      row.channel === 'sms' || row.channel === 'whatsapp'
        ? await budget.take(row.academyId, row.address)
        : await budget.takeDestination(row.address);
    if (!over) return null;
    const until = new Date(at.getTime() + Math.max(over.retryAfterMs, 1000));
    return { reason: `cap reached (${over.cap}, ${over.limit}): waits until ${until.toISOString()}`, until };
  }

  async function sendOne(academyId: string, id: string): Promise<number> {
    const run = <T>(work: (tx: TenantTx) => Promise<T>) => data.tenant(academyId, work);
    const at = now();
    const [loaded] = await run((tx) =>
      tx
        .select({
          row: messages,
          quietHours: notificationPreferences.quietHours,
          verified: sql<boolean>`${academies.ownerVerifiedAt} is not null`,
        })
        .from(messages)
        .innerJoin(academies, eq(academies.id, messages.academyId))
        .leftJoin(notificationPreferences, eq(notificationPreferences.userId, messages.recipientId))
        .where(and(eq(messages.id, id), eq(messages.state, 'queued'))),
    );
    if (!loaded) return 0;
    const { row } = loaded;
    if (row.channel === 'push' && !row.urgent && (loaded.quietHours ?? true)) {
      const until = quietUntil(at);
      if (until) {
        // Not an attempt: it waits for the morning.
        await run((tx) =>
          tx
            .update(messages)
            .set({ nextAttemptAt: until, attempts: sql`${messages.attempts} - 1` })
            .where(eq(messages.id, id)),
        );
        return 0;
      }
    }
    const refused = await refusal(row, Boolean(loaded.verified), at);
    if (refused?.until) {
      // Over a cap: not an attempt; it stays queued, saying why, until the cap's window ends.
      const until = refused.until;
      await run((tx) =>
        tx
          .update(messages)
          .set({ nextAttemptAt: until, attempts: sql`${messages.attempts} - 1`, failureReason: refused.reason, updatedAt: at })
          .where(eq(messages.id, id)),
      );
      return 0;
    }
    if (refused) {
      await run((tx) => fail(tx, row, refused.reason));
      return 0;
    }
    const { recipientId } = row;
    const devices: PushDevice[] =
      row.channel === 'push' && recipientId
        ? await run((tx) =>
            tx
              .select({
                id: pushSubscriptions.id,
                endpoint: pushSubscriptions.endpoint,
                p256dh: pushSubscriptions.p256dh,
                auth: pushSubscriptions.auth,
              })
              .from(pushSubscriptions)
              .where(eq(pushSubscriptions.userId, recipientId)),
          )
        : [];
    const outgoing: Outgoing = {
      id: row.id,
      academyId,
      locale: row.locale,
      address: row.address,
      subject: row.subject,
      body: row.body,
      link: row.link,
      kind: row.kind,
      template: row.template,
      templateParams: row.templateParams ?? null,
    };
    let outcome: Outcome;
    try {
      outcome = await channels[row.channel].send(outgoing, devices);
    } catch (err) {
      outcome = { ok: false, reason: err instanceof Error ? err.message.slice(0, 300) : 'failed', retry: true };
    }
    const done = now();
    await run(async (tx) => {
      if (outcome.goneDevices?.length) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, outcome.goneDevices));
      if (outcome.ok) {
        if (outcome.reachedDevices?.length)
          await tx.update(pushSubscriptions).set({ lastSuccessAt: done }).where(inArray(pushSubscriptions.id, outcome.reachedDevices));
        await tx
          .update(messages)
          .set({
            state: 'sent',
            providerMessageId: outcome.providerMessageId,
            sentAt: done,
            failureReason: null,
            nextAttemptAt: null,
            updatedAt: done,
          })
          .where(eq(messages.id, id));
      } else if (outcome.retry && row.attempts < MAX_ATTEMPTS) {
        // The claim already moved the next attempt to the retry time.
        await tx
          .update(messages)
          .set({ failureReason: outcome.reason.slice(0, 500), updatedAt: done })
          .where(eq(messages.id, id));
      } else {
        await fail(tx, row, outcome.reason);
      }
    });
    if (!outcome.ok) log.warn({ academyId, messageId: id, channel: row.channel, reason: outcome.reason }, 'message not sent');
    return outcome.ok ? 1 : 0;
  }

  async function sendAcademy(academyId: string) {
    let sent = 0;
    for (;;) {
      // Sent in the order they were written (RETURNING keeps no order of its own).
      const ids = rowsOf<{ id: string; created_at: string | Date }>(await data.tenant(academyId, (tx) => claim(tx, now())))
        .sort((x, y) => new Date(x.created_at).getTime() - new Date(y.created_at).getTime() || x.id.localeCompare(y.id))
        .map((r) => r.id);
      for (const id of ids) {
        try {
          sent += await sendOne(academyId, id);
        } catch (err) {
          log.error({ err, academyId, messageId: id }, 'sending a message failed; it is tried again later');
        }
      }
      // Until nothing is due: a fallback written meanwhile goes in this run (a claimed row is not due again before its retry time).
      if (ids.length === 0) return sent;
    }
  }

  async function runOnce() {
    const visited = new Set<string>();
    let sent = 0;
    for (;;) {
      const due = rowsOf<{ id: string }>(
        await data.system((tx) => tx.execute(sql`select messages_due(${now().toISOString()}::timestamptz, ${ACADEMIES_PER_RUN}) as id`)),
      )
        .map((r) => r.id)
        .filter((id) => !visited.has(id));
      if (due.length === 0) return sent;
      for (const academyId of due) {
        visited.add(academyId);
        sent += await sendAcademy(academyId);
      }
    }
  }

  function sendDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = runOnce()
      .catch((err) => {
        log.error({ err }, 'the messages queue failed; the next run tries again');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void sendDue();
        }
      });
    return running;
  }

  return {
    channels,
    vapid,
    outbox,
    sms,
    messaging: messagingOf(config),
    sendDue,
    wake() {
      // Only where a timer runs (the server): tests send when they choose to. After the request's
      // transaction has committed, and outside its statement count.
      if (timer) setImmediate(() => statementCounter.exit(() => void sendDue()));
    },
    start(everyMs = MESSAGES_EVERY_MS) {
      timer ??= setInterval(() => void sendDue(), everyMs).unref();
      void sendDue();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      while (running) await running;
    },
    fail,
  };
}
