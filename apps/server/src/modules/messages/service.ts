/**
 * A parent's choices, push devices, the academy's defaults and the staff's list of messages
 * (docs/domain.md, "Messages: every one accounted for").
 */
import {
  addDaysIso,
  type Message,
  type MessageListReply,
  type MessageSettings,
  type messageListQuery,
  type messageSettingsBody,
  type NotificationPreferences,
  type notificationPreferencesBody,
  type PushSubscriptionBody,
  riyadhDayStart,
} from '@kora/contracts';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { messageSettings, messages, notificationPreferences, pushSubscriptions, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { badRequest } from '../../http/errors.js';
import { masked } from '../../sms/budget.js';
import { declinedMessages } from '../consents/service.js';
import { academyDefaults, availableChannels, type MessagingConfig, mergeChannels } from './enqueue.js';

type Configured = Record<'email' | 'sms' | 'whatsapp' | 'push', boolean>;

/** The parent's choices as the portal shows them (`parentId`: the signed-in parent row). */
export async function preferencesOf(tx: TenantTx, m: MessagingConfig, parentId: string): Promise<NotificationPreferences> {
  const [row] = await tx
    .select({
      email: users.email,
      phone: users.phoneNumber,
      prefs: notificationPreferences,
      devices: sql<number>`(select count(*)::int from ${pushSubscriptions} d where d.user_id = ${users.id})`,
      smsDeclined: declinedMessages(users.id, 'messages_sms'),
      emailDeclined: declinedMessages(users.id, 'messages_email'),
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, parentId));
  const defaults = await academyDefaults(tx);
  const prefs = row?.prefs ?? null;
  const optedInAt = prefs?.whatsappOptInAt ?? null;
  const reach = {
    email: row?.email ?? null,
    phone: row?.phone ?? null,
    whatsappOptedIn: optedInAt !== null,
    devices: Number(row?.devices ?? 0),
    smsDeclined: row?.smsDeclined ?? false,
    emailDeclined: row?.emailDeclined ?? false,
  };
  return {
    channels: mergeChannels(defaults.channels, prefs?.channels ?? null),
    usesDefaults: !prefs?.channels,
    quietHours: prefs?.quietHours ?? true,
    optedOut: prefs?.optedOut ?? false,
    whatsapp: {
      configured: m.whatsappAvailable,
      optedIn: optedInAt !== null,
      optedInAt: optedInAt?.toISOString() ?? null,
      optedInVia: prefs?.whatsappOptInVia ?? null,
    },
    available: availableChannels(reach, m),
    declined: { sms: reach.smsDeclined, email: reach.emailDeclined },
    pushDevices: reach.devices,
  };
}

/**
 * Saves a parent's choices on each of their parent rows (one person who registered each child apart
 * has several): channels of the kinds named, quiet hours, opt-out, and the WhatsApp opt-in with when and how.
 */
export async function updatePreferences(
  tx: TenantTx,
  parentIds: string[],
  signedIn: string,
  body: z.output<typeof notificationPreferencesBody>,
  now: Date,
) {
  const [me] = await tx.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, signedIn));
  if (body.whatsappOptIn && !me?.phone) throw badRequest('whatsapp.no_mobile', 'whatsappOptIn');
  for (const userId of parentIds) {
    const [current] = await tx.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    const channels = body.channels ? { ...(current?.channels ?? {}), ...body.channels } : (current?.channels ?? null);
    const optIn =
      body.whatsappOptIn === undefined
        ? { whatsappOptInAt: current?.whatsappOptInAt ?? null, whatsappOptInVia: current?.whatsappOptInVia ?? null }
        : body.whatsappOptIn
          ? // An opt-in given again keeps its first date: that is when consent was recorded.
            { whatsappOptInAt: current?.whatsappOptInAt ?? now, whatsappOptInVia: current?.whatsappOptInVia ?? ('portal' as const) }
          : // Withdrawn: a paper record's member and words go with it.
            { whatsappOptInAt: null, whatsappOptInVia: null, whatsappOptInBy: null, whatsappOptInNote: null };
    const values = {
      channels,
      quietHours: body.quietHours ?? current?.quietHours ?? true,
      optedOut: body.optedOut ?? current?.optedOut ?? false,
      ...optIn,
      updatedAt: now,
    };
    await tx
      .insert(notificationPreferences)
      .values({ academyId: tx.academyId, userId, ...values })
      .onConflictDoUpdate({ target: [notificationPreferences.academyId, notificationPreferences.userId], set: values });
  }
}

/** A device's subscription for a user; the same endpoint again (a renewed subscription, another user on the device) takes it over. */
export async function subscribePush(tx: TenantTx, userId: string, body: z.output<z.ZodType<PushSubscriptionBody>>) {
  const values = { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, device: body.device ?? null };
  const [row] = await tx
    .insert(pushSubscriptions)
    .values({ academyId: tx.academyId, endpoint: body.endpoint, ...values })
    .onConflictDoUpdate({ target: [pushSubscriptions.academyId, pushSubscriptions.endpoint], set: values })
    .returning({ id: pushSubscriptions.id });
  return { id: row.id };
}

export async function unsubscribePush(tx: TenantTx, userIds: string[], endpoint: string) {
  await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), inArray(pushSubscriptions.userId, userIds)));
}

// ── the academy's defaults ──

export async function messageSettingsOf(tx: TenantTx, configured: Configured): Promise<MessageSettings> {
  return { ...(await academyDefaults(tx)), configured };
}

export async function updateMessageSettings(tx: TenantTx, body: z.output<typeof messageSettingsBody>, configured: Configured, now: Date) {
  const [current] = await tx.select().from(messageSettings);
  const values = {
    channels: body.channels ? { ...(current?.channels ?? {}), ...body.channels } : (current?.channels ?? null),
    absentWithoutNotice: body.absentWithoutNotice ?? current?.absentWithoutNotice ?? false,
    updatedAt: now,
  };
  await tx
    .insert(messageSettings)
    .values({ academyId: tx.academyId, ...values })
    .onConflictDoUpdate({ target: messageSettings.academyId, set: values });
  return messageSettingsOf(tx, configured);
}

// ── the staff's list ──

/**
 * The cursor of a page: the last row's creation instant, to the microsecond the database keeps (a
 * JavaScript date would round it and skip or repeat rows), and its id; rows are ordered by both, newest first.
 */
const cursorOf = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString('base64url');
function parseCursor(cursor: string) {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(at) || !id || !/^[0-9a-f-]{36}$/i.test(id))
    throw badRequest('message.cursor_invalid', 'before');
  return { at, id };
}

/** Where a message went, partly hidden: enough to tell two apart on the screen. */
const shownAddress = (channel: string, address: string) => (channel === 'push' ? 'devices' : masked(address));

export async function listMessages(tx: TenantTx, q: z.output<typeof messageListQuery>): Promise<MessageListReply> {
  const before = q.before ? parseCursor(q.before) : null;
  const rows = await tx
    .select({
      m: messages,
      name: users.name,
      nameArabic: users.nameArabic,
      role: users.role,
      cursorAt: sql<string>`to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.recipientId))
    .where(
      and(
        q.channel ? eq(messages.channel, q.channel) : undefined,
        q.state ? eq(messages.state, q.state) : undefined,
        q.kind ? eq(messages.kind, q.kind) : undefined,
        q.recipientId ? eq(messages.recipientId, q.recipientId) : undefined,
        q.startDate ? gte(messages.createdAt, riyadhDayStart(q.startDate)) : undefined,
        q.endDate ? lt(messages.createdAt, riyadhDayStart(addDaysIso(q.endDate, 1))) : undefined,
        before ? sql`(${messages.createdAt}, ${messages.id}) < (${before.at}::timestamptz, ${before.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const items: Message[] = page.map(({ m, name, nameArabic, role }) => ({
    id: m.id,
    channel: m.channel,
    kind: m.kind,
    state: m.state,
    locale: m.locale,
    recipient: { id: m.recipientId, role: role ?? null, name: name ?? null, nameArabic: nameArabic ?? null },
    to: shownAddress(m.channel, m.address),
    summary: m.subject,
    failureReason: m.failureReason,
    providerMessageId: m.providerMessageId,
    attempts: m.attempts,
    fallbackOf: m.fallbackOf,
    eventId: m.eventId,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
    updatedAt: m.updatedAt.toISOString(),
  }));
  const last = page.at(-1);
  return { items, nextCursor: rows.length > q.limit && last ? cursorOf(last.cursorAt, last.m.id) : null };
}

/** The bell's notice: messages that failed for good in the last 7 days (after their fallback), if any. */
export async function failedLately(tx: TenantTx, now: Date) {
  const since = new Date(now.getTime() - 7 * 24 * 3600_000);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.state, 'failed'),
        gte(messages.updatedAt, since),
        // A failure made good (its fallback, or the same message on another channel, went out) needs no one.
        sql`not exists (select 1 from ${messages} o where o.state <> 'failed' and o.recipient_id = ${messages.recipientId}
          and (o.fallback_of = ${messages.id}
            or regexp_replace(o.idempotency_key, ':[a-z]+(:fallback)?$', '') = regexp_replace(${messages.idempotencyKey}, ':[a-z]+(:fallback)?$', '')))`,
      ),
    );
  const count = Number(row?.count ?? 0);
  return count > 0 ? { kind: 'messages_failed' as const, count, since: since.toISOString() } : null;
}
