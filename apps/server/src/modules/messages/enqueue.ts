/**
 * Writing messages (docs/domain.md, "Messages: every one accounted for"): in the transaction of the
 * change that causes them, one row per recipient, channel, kind and cause, with a unique idempotency
 * key, so the change and its messages commit together and a repeated change (a retried request, a
 * second process) writes nothing twice. The worker (queue.ts) sends them.
 */
import {
  DEFAULT_PARENT_CHANNELS,
  type FamilyLanguage,
  isOneOf,
  type MessageChannel,
  type MessageKind,
  PARENT_MESSAGE_KINDS,
  type ParentChannels,
} from '@kora/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { academies, messageSettings, messages, notificationPreferences, parentPlayers, pushSubscriptions, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { academyUrl } from '../../http/host.js';
import { arabicOr } from '../../lib/arabic.js';
import { declinedMessages } from '../consents/service.js';
import { coachChannelsOf } from './staff.js';
import { render, type TemplateWords, WORDS } from './templates.js';

/** The portal's page where a parent stops or changes the messages. */
export const PORTAL_NOTIFICATIONS_PATH = '/family/notifications';

type Words<K extends MessageKind> = TemplateWords<K>;

/** What to tell: the kind, its cause (with the recipient and channel, the idempotency key) and its words per language. */
export interface Tell<K extends MessageKind> {
  kind: K;
  /** What the message is about, stable across retries: `event:<id>:<revision>`, `invoice:<id>`… */
  cause: string;
  /** The page on the academy's host it opens (a path). */
  path: string;
  eventId?: string | null;
  urgent?: boolean;
  /**
   * Channels the caller has already sent this by (the receipt mail, payments/mails.ts): recorded as
   * sent for every addressee with that address, whatever their choices, and not queued again.
   */
  alreadySent?: { channels: MessageChannel[]; at: Date };
  /** The only channels to queue (the others are the caller's: an announcement's text goes only when staff ask). */
  only?: MessageChannel[];
}

/** A recipient and the words of their message in their language (a parent's children, named their way). */
export interface Addressee<K extends MessageKind> {
  userId: string;
  words: (lang: FamilyLanguage) => Words<K>;
}

export interface MessagingConfig {
  config: Pick<Config, 'publicProtocol' | 'baseDomain' | 'whatsapp'>;
  /** Whether push can reach anyone (VAPID keys known). */
  pushAvailable: boolean;
  /** Whether WhatsApp works here (configured, or the development outbox). */
  whatsappAvailable: boolean;
}

interface Reachable {
  id: string;
  role: string;
  email: string | null;
  phone: string | null;
  language: FamilyLanguage;
  channels: Partial<Record<string, string[]>> | null;
  optedOut: boolean;
  whatsappOptedIn: boolean;
  devices: number;
  /** The parent said no to texts / e-mails in their children's consents (consents/service.ts). */
  smsDeclined: boolean;
  emailDeclined: boolean;
}

/** Who the users are and how they can be reached, in one statement. */
async function reachable(tx: TenantTx, ids: string[]): Promise<Reachable[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      phone: users.phoneNumber,
      language: users.language,
      channels: notificationPreferences.channels,
      optedOut: notificationPreferences.optedOut,
      optIn: notificationPreferences.whatsappOptInAt,
      devices: sql<number>`(select count(*)::int from ${pushSubscriptions} d where d.user_id = ${users.id})`,
      smsDeclined: declinedMessages(users.id, 'messages_sms'),
      emailDeclined: declinedMessages(users.id, 'messages_email'),
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(inArray(users.id, ids));
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    email: r.email,
    phone: r.phone,
    language: r.language ?? 'ar',
    channels: r.channels,
    optedOut: r.optedOut ?? false,
    whatsappOptedIn: r.optIn !== null,
    devices: Number(r.devices),
    smsDeclined: r.smsDeclined,
    emailDeclined: r.emailDeclined,
  }));
}

/** The academy's default channels per kind (its own choices over the built-in ones). */
export async function academyDefaults(tx: TenantTx): Promise<{ channels: ParentChannels; absentWithoutNotice: boolean }> {
  const [row] = await tx.select().from(messageSettings);
  return {
    channels: mergeChannels(DEFAULT_PARENT_CHANNELS, row?.channels ?? null),
    absentWithoutNotice: row?.absentWithoutNotice ?? false,
  };
}

/** `base` with the kinds `over` names replaced (only known kinds and channels). */
export function mergeChannels(base: ParentChannels, over: Partial<Record<string, string[]>> | null): ParentChannels {
  const merged = { ...base };
  for (const kind of PARENT_MESSAGE_KINDS) {
    const chosen = over?.[kind];
    if (Array.isArray(chosen)) merged[kind] = (['email', 'sms', 'whatsapp', 'push'] as const).filter((c) => chosen.includes(c));
  }
  return merged;
}

/** What writing messages needs, from the configuration alone (the worker's channels agree: push/channels and whatsapp). */
export const messagingOf = (config: MessagingConfig['config'] & Pick<Config, 'vapid' | 'production'>): MessagingConfig => ({
  config,
  // Development makes VAPID keys and records WhatsApp in the outbox; production needs them configured.
  pushAvailable: config.vapid !== null || !config.production,
  whatsappAvailable: config.whatsapp.provider === 'cloud' || !config.production,
});

/**
 * The channels that can reach a user now: an address for each, texts and e-mails not where the parent said no to
 * them in their children's consents, WhatsApp only after the opt-in, push only to a subscribed device.
 */
export function availableChannels(
  r: Pick<Reachable, 'email' | 'phone' | 'whatsappOptedIn' | 'devices' | 'smsDeclined' | 'emailDeclined'>,
  m: MessagingConfig,
) {
  return {
    email: Boolean(r.email) && !r.emailDeclined,
    sms: Boolean(r.phone) && !r.smsDeclined,
    whatsapp: m.whatsappAvailable && Boolean(r.phone) && r.whatsappOptedIn,
    push: m.pushAvailable && r.devices > 0,
  } satisfies Record<MessageChannel, boolean>;
}

const addressOf = (r: Reachable, channel: MessageChannel) =>
  channel === 'email' ? r.email : channel === 'push' ? `push:${r.id}` : r.phone;

/** The idempotency key: one message per cause, kind, recipient and channel. */
export const idempotencyKey = (cause: string, kind: MessageKind, userId: string, channel: MessageChannel) =>
  `${cause}:${kind}:${userId}:${channel}`;

/**
 * Queues a message of `tell` to each addressee on each channel they chose (parents) or the member
 * chose for their sessions (all of the coach's channels until they choose), in the recipient's language; an opted-out recipient gets none. Answers how many
 * rows were written (a repeated call writes none).
 */
export async function tell<K extends MessageKind>(tx: TenantTx, m: MessagingConfig, what: Tell<K>, to: Addressee<K>[]): Promise<number> {
  if (to.length === 0) return 0;
  const [academy] = await tx
    .select({ name: academies.name, nameArabic: academies.nameArabic, handle: academies.handle })
    .from(academies)
    .where(eq(academies.id, tx.academyId));
  const people = new Map(
    (
      await reachable(
        tx,
        to.map((a) => a.userId),
      )
    ).map((r) => [r.id, r]),
  );
  const parentKind = isOneOf(PARENT_MESSAGE_KINDS, what.kind) ? what.kind : null;
  const defaults = parentKind ? (await academyDefaults(tx)).channels : null;
  const link = academyUrl(m.config, academy.handle, what.path);
  const rows: (typeof messages.$inferInsert)[] = [];
  const recorded = new Set(what.alreadySent?.channels ?? []);
  for (const addressee of to) {
    const person = people.get(addressee.userId);
    if (!person) continue;
    const open = availableChannels(person, m);
    const chosen: readonly MessageChannel[] = person.optedOut
      ? []
      : defaults && parentKind
        ? mergeChannels(defaults, person.channels)[parentKind]
        : coachChannelsOf(person.channels);
    const wanted = [...new Set([...recorded, ...chosen.filter((c) => !what.only || what.only.includes(c))])];
    const lang = person.language;
    const stop = defaults ? academyUrl(m.config, academy.handle, PORTAL_NOTIFICATIONS_PATH) : WORDS.coachStop[lang];
    const academyName = lang === 'ar' ? arabicOr(academy.nameArabic, academy.name) : academy.name;
    const params = { ...addressee.words(lang), academy: academyName, link, stop };
    const text = render(what.kind, lang, params);
    for (const channel of wanted) {
      const address = addressOf(person, channel);
      if (!address || (!open[channel] && !recorded.has(channel))) continue;
      const sent = recorded.has(channel) ? { state: 'sent' as const, sentAt: what.alreadySent?.at, attempts: 1 } : {};
      rows.push({
        ...sent,
        academyId: tx.academyId,
        recipientId: person.id,
        channel,
        kind: what.kind,
        locale: lang,
        idempotencyKey: idempotencyKey(what.cause, what.kind, person.id, channel),
        address,
        subject: text.subject,
        body: text.body,
        link,
        template: channel === 'whatsapp' ? text.template : null,
        templateParams: channel === 'whatsapp' ? text.params : null,
        urgent: what.urgent ?? false,
        eventId: what.eventId ?? null,
      });
    }
  }
  if (rows.length === 0) return 0;
  const written = await tx.insert(messages).values(rows).onConflictDoNothing().returning({ id: messages.id });
  return written.length;
}

/** The parents of some players, each with the children of theirs among them (a parent of two hears once). */
export async function parentsOfPlayers(tx: TenantTx, playerIds: string[]) {
  if (playerIds.length === 0) return new Map<string, { name: string; nameArabic: string | null }[]>();
  const rows = await tx
    .select({ parentId: parentPlayers.parentId, name: users.name, nameArabic: users.nameArabic })
    .from(parentPlayers)
    .innerJoin(users, eq(users.id, parentPlayers.playerId))
    .where(inArray(parentPlayers.playerId, playerIds))
    .orderBy(users.name);
  const byParent = new Map<string, { name: string; nameArabic: string | null }[]>();
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), { name: r.name, nameArabic: r.nameArabic }]);
  return byParent;
}

/** Children's names in a language: "Faisal & Omar", "فيصل و عمر". */
export const childrenIn = (children: { name: string; nameArabic: string | null }[], lang: FamilyLanguage) =>
  children.map((c) => (lang === 'ar' ? arabicOr(c.nameArabic, c.name) : c.name)).join(lang === 'ar' ? ' و ' : ' & ');

/** Those of `ids` who opted out of messages (an announcement's mail and text skip them too). */
export async function optedOutAmong(tx: TenantTx, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await tx
    .select({ id: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, ids), eq(notificationPreferences.optedOut, true)));
  return new Set(rows.map((r) => r.id));
}

/** Only parents' rows (a player row given as parent by mistake hears nothing). */
export async function onlyParents(tx: TenantTx, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, 'PARENT')));
  return new Set(rows.map((r) => r.id));
}
