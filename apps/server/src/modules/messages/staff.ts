/**
 * What staff record and choose about messages (docs/domain.md, "Messages: every one accounted for"):
 * a parent's WhatsApp opt-in given on a signed paper form (when, how, who recorded it, the form's
 * words; audited by the route), and a member's own channels for the messages about their sessions.
 */
import {
  COACH_MESSAGE_CHANNELS,
  type MemberNotificationPreferences,
  type memberNotificationPreferencesBody,
  type recordWhatsappOptInBody,
  riyadhDayStart,
  riyadhToday,
  type WhatsappOptInRecord,
} from '@kora/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { notificationPreferences, pushSubscriptions, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';

/** The kind a member's own choices are kept under (notification_preferences.channels). */
const COACH_KIND = 'coach_schedule';

/** A member's channels for their sessions' messages: their own choice, or every coach channel when they made none. */
export function coachChannelsOf(channels: Partial<Record<string, string[]>> | null | undefined) {
  const own = channels?.[COACH_KIND];
  return Array.isArray(own) ? COACH_MESSAGE_CHANNELS.filter((c) => own.includes(c)) : [...COACH_MESSAGE_CHANNELS];
}

// ── a parent's paper opt-in ──

/** The parent's opt-in as staff see it; 404 for a row that is not a parent of this academy. */
export async function whatsappOptInOf(tx: TenantTx, configured: boolean, parentId: string): Promise<WhatsappOptInRecord> {
  const [row] = await tx
    .select({ role: users.role, phone: users.phoneNumber, prefs: notificationPreferences })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, parentId));
  if (row?.role !== 'PARENT') throw notFound('user.not_found');
  const by = row.prefs?.whatsappOptInBy ?? null;
  const [member] = by ? await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, by)) : [];
  const at = row.prefs?.whatsappOptInAt ?? null;
  return {
    parentId,
    configured,
    hasMobile: Boolean(row.phone),
    optedIn: at !== null,
    optedInAt: at?.toISOString() ?? null,
    via: at ? (row.prefs?.whatsappOptInVia ?? null) : null,
    recordedBy: at && member ? member : null,
    note: at ? (row.prefs?.whatsappOptInNote ?? null) : null,
  };
}

/**
 * Records a paper opt-in: the day on the form (00:00 Riyadh of it), via staff, by the member, with the
 * form's words. An opt-in already given (in the portal, or recorded before) keeps its first record.
 */
export async function recordPaperOptIn(
  tx: TenantTx,
  configured: boolean,
  parentId: string,
  body: z.output<typeof recordWhatsappOptInBody>,
  memberId: string,
  now: Date,
): Promise<WhatsappOptInRecord> {
  const current = await whatsappOptInOf(tx, configured, parentId);
  if (!configured) throw new HttpError(400, 'whatsapp.unavailable');
  if (!current.hasMobile) throw badRequest('whatsapp.no_mobile', 'parentId');
  if (body.signedOn > riyadhToday(now)) throw badRequest('whatsapp.opt_in_future', 'signedOn');
  if (current.optedIn) return current;
  const values = {
    whatsappOptInAt: riyadhDayStart(body.signedOn),
    whatsappOptInVia: 'staff' as const,
    whatsappOptInBy: memberId,
    whatsappOptInNote: body.note,
    updatedAt: now,
  };
  await tx
    .insert(notificationPreferences)
    .values({ academyId: tx.academyId, userId: parentId, ...values })
    .onConflictDoUpdate({ target: [notificationPreferences.academyId, notificationPreferences.userId], set: values });
  return whatsappOptInOf(tx, configured, parentId);
}

// ── a member's own channels ──

export async function memberPreferencesOf(tx: TenantTx, userId: string, pushAvailable: boolean): Promise<MemberNotificationPreferences> {
  const [row] = await tx
    .select({
      email: users.email,
      channels: notificationPreferences.channels,
      devices: sql<number>`(select count(*)::int from ${pushSubscriptions} d where d.user_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, userId));
  const own = row?.channels?.[COACH_KIND];
  const devices = Number(row?.devices ?? 0);
  return {
    channels: coachChannelsOf(row?.channels),
    usesDefaults: !Array.isArray(own),
    available: { email: Boolean(row?.email), push: pushAvailable && devices > 0 },
    pushDevices: devices,
  };
}

/** Keeps the member's channels under their own row's choices (the other kinds, if any, as they are). */
export async function updateMemberPreferences(
  tx: TenantTx,
  userId: string,
  body: z.output<typeof memberNotificationPreferencesBody>,
  now: Date,
) {
  const [current] = await tx
    .select({ channels: notificationPreferences.channels })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const channels = { ...(current?.channels ?? {}), [COACH_KIND]: body.channels };
  await tx
    .insert(notificationPreferences)
    .values({ academyId: tx.academyId, userId, channels, updatedAt: now })
    .onConflictDoUpdate({ target: [notificationPreferences.academyId, notificationPreferences.userId], set: { channels, updatedAt: now } });
}
