import {
  AVAILABILITY_CUTOFF_DEFAULT_MINUTES,
  addDaysIso,
  type FamilyChild,
  type FamilyDetails,
  type FamilyEvent,
  type FamilyHome,
  type FamilyInvoice,
  type FamilyLanguage,
  type FamilyMe,
  type FamilyMoney,
  type FamilyParent,
  type FamilyProgress,
  type FamilySubscription,
  type familyChildDetailsBody,
  halalasToSar,
  riyadhInstant,
  riyadhMonth,
  riyadhToday,
} from '@kora/contracts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { FamilyTx } from '../../db/family.js';
import { riyadhTimestamp } from '../../db/riyadh.js';
import {
  academies,
  announcementRecipients,
  events,
  eventTeams,
  growthMetrics,
  instalmentPlans,
  invoices,
  parentPlayers,
  participants,
  subscriptions,
  teamPlayers,
  teams,
  users,
} from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { checkMedicalConsent } from '../consents/service.js';
import { toGrowthMetric } from '../growth/service.js';
import { type SubscriptionJoin, selectSubscriptions, toSubscription } from '../subscriptions/shape.js';

// ── who ───────────────────────────────────────────────────────────────────────

type UserRow = typeof users.$inferSelect;

const languageOf = (row: { language: FamilyLanguage | null }): FamilyLanguage => row.language ?? 'ar';

const toParent = (row: UserRow): FamilyParent => ({
  id: row.id,
  name: row.name,
  nameArabic: row.nameArabic,
  email: row.email,
  phoneNumber: row.phoneNumber,
  emergencyPhone1: row.emergencyPhone1,
  emergencyPhone2: row.emergencyPhone2,
  language: languageOf(row),
});

/** The signed-in parent's own row (the database shows no other parent's). */
async function parentRow(tx: FamilyTx): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, tx.parentId));
  if (!row) throw notFound('request.not_found');
  return row;
}

/** The family's children (the players linked to any of its parent rows), by name, with their teams. */
export async function familyChildren(tx: FamilyTx): Promise<FamilyChild[]> {
  const links = await tx.select({ playerId: parentPlayers.playerId }).from(parentPlayers);
  const ids = [...new Set(links.map((l) => l.playerId))];
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, 'PLAYER')))
    .orderBy(asc(users.name));
  const teamRows = await tx
    .select({ playerId: teamPlayers.playerId, id: teams.id, name: teams.name, nameArabic: teams.nameArabic, color: teams.color })
    .from(teamPlayers)
    .innerJoin(teams, eq(teams.id, teamPlayers.teamId))
    .where(inArray(teamPlayers.playerId, ids))
    .orderBy(asc(teams.name));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    nameArabic: r.nameArabic,
    // None once the photo consent is withdrawn (consents, docs/domain.md "Data map").
    avatar: r.photoWithheld ? null : r.avatar,
    birthdate: r.birthdate,
    teams: teamRows.filter((t) => t.playerId === r.id).map(({ playerId: _p, ...team }) => team),
  }));
}

/** A child of this family, else 404 (another family's child is not visible at all). */
export async function requireChild(tx: FamilyTx, childId: string) {
  const [link] = await tx
    .select({ playerId: parentPlayers.playerId })
    .from(parentPlayers)
    .where(eq(parentPlayers.playerId, childId))
    .limit(1);
  if (!link) throw notFound('player.not_found');
}

async function academyOf(tx: FamilyTx) {
  const [row] = await tx.select().from(academies).where(eq(academies.id, tx.academyId));
  if (!row) throw notFound('academy.not_found');
  return row;
}

export async function familyMe(tx: FamilyTx): Promise<FamilyMe> {
  const [parent, academy, children] = [await parentRow(tx), await academyOf(tx), await familyChildren(tx)];
  return {
    parent: toParent(parent),
    academy: {
      id: academy.id,
      handle: academy.handle,
      name: academy.name,
      nameArabic: academy.nameArabic,
      logo: academy.logo,
      availabilityCutoffMinutes: academy.availabilityCutoffMinutes ?? AVAILABILITY_CUTOFF_DEFAULT_MINUTES,
    },
    children,
  };
}

// ── events and availability ───────────────────────────────────────────────────

interface EventFilter {
  childIds?: string[];
  startDate?: string;
  endDate?: string;
  participantId?: string;
  /** Only events starting after this instant, soonest first, at most `limit`. */
  after?: Date;
  limit?: number;
}

/** The family's participations matching the filter, with their events and teams, by date and time. */
async function loadFamilyEvents(tx: FamilyTx, filter: EventFilter, now: Date, cutoffMinutes: number): Promise<FamilyEvent[]> {
  const conditions = [
    filter.childIds ? inArray(participants.userId, filter.childIds) : undefined,
    filter.participantId ? eq(participants.id, filter.participantId) : undefined,
    filter.startDate ? sql`${events.date} >= ${filter.startDate}` : undefined,
    filter.endDate ? sql`${events.date} <= ${filter.endDate}` : undefined,
    filter.after
      ? sql`(${events.date}::timestamp + ${events.time}::time) > ${riyadhTimestamp(sql`${filter.after.toISOString()}::timestamptz`)}`
      : undefined,
  ];
  const query = tx
    .select({
      participantId: participants.id,
      childId: participants.userId,
      status: participants.status,
      cantComeAt: participants.cantComeAt,
      cantComeReason: participants.cantComeReason,
      id: events.id,
      type: events.type,
      date: events.date,
      time: events.time,
      endTime: events.endTime,
      field: events.field,
    })
    .from(participants)
    .innerJoin(events, eq(events.id, participants.eventId))
    .where(and(...conditions))
    .orderBy(asc(events.date), asc(events.time), asc(events.id));
  const rows = filter.limit ? await query.limit(filter.limit) : await query;
  if (rows.length === 0) return [];
  const eventIds = [...new Set(rows.map((r) => r.id))];
  const teamRows = await tx
    .select({ eventId: eventTeams.eventId, id: teams.id, name: teams.name, nameArabic: teams.nameArabic, color: teams.color })
    .from(eventTeams)
    .innerJoin(teams, eq(teams.id, eventTeams.teamId))
    .where(inArray(eventTeams.eventId, eventIds))
    .orderBy(asc(teams.name));
  return rows.map((r) => {
    const until = new Date(riyadhInstant(r.date, r.time).getTime() - cutoffMinutes * 60_000);
    return {
      participantId: r.participantId,
      childId: r.childId,
      event: { id: r.id, type: r.type, date: r.date, time: r.time, endTime: r.endTime, field: r.field },
      teams: teamRows.filter((t) => t.eventId === r.id).map(({ eventId: _e, ...team }) => team),
      status: r.status,
      cantCome: r.cantComeAt ? { reason: r.cantComeReason, at: r.cantComeAt.toISOString() } : null,
      changeableUntil: until.toISOString(),
      canChange: now.getTime() < until.getTime(),
    };
  });
}

const cutoffOf = async (tx: FamilyTx) => (await academyOf(tx)).availabilityCutoffMinutes;

export async function familyEvents(
  tx: FamilyTx,
  query: { startDate: string; endDate: string; childId?: string },
  now: Date,
): Promise<FamilyEvent[]> {
  if (query.childId) await requireChild(tx, query.childId);
  const children = query.childId ? [query.childId] : (await familyChildren(tx)).map((c) => c.id);
  if (children.length === 0) return [];
  return loadFamilyEvents(tx, { childIds: children, startDate: query.startDate, endDate: query.endDate }, now, await cutoffOf(tx));
}

/**
 * "Can't come" (with an optional reason), or "can come after all", for one of the family's
 * participations, until the academy's cut-off before the event starts (409 after). The coach's
 * attendance status is not touched, nor the participant's `updated_at` (offline attendance compares it).
 */
export async function setAvailability(
  tx: FamilyTx,
  participantId: string,
  body: { cantCome: boolean; reason: string | null },
  now: Date,
): Promise<{ event: FamilyEvent; before: { cantCome: boolean; reason: string | null } }> {
  const cutoff = await cutoffOf(tx);
  const [current] = await loadFamilyEvents(tx, { participantId }, now, cutoff);
  if (!current) throw notFound('participant.not_found');
  if (!current.canChange) throw conflict('family.availability_closed');
  const before = { cantCome: current.cantCome !== null, reason: current.cantCome?.reason ?? null };
  await tx
    .update(participants)
    .set(
      body.cantCome
        ? { cantComeAt: now, cantComeReason: body.reason, cantComeBy: tx.parentId }
        : { cantComeAt: null, cantComeReason: null, cantComeBy: null },
    )
    .where(eq(participants.id, participantId));
  const [event] = await loadFamilyEvents(tx, { participantId }, now, cutoff);
  return { event, before };
}

// ── home ──────────────────────────────────────────────────────────────────────

const PAY_PAGE: Partial<Record<string, 'initial' | 'renew'>> = { PENDING: 'initial', ACTIVE: 'renew', TRIAL: 'renew', INACTIVE: 'renew' };

/**
 * The Subscription answer (subscriptions/shape.ts) with where to pay or renew it: a period whose instalments are
 * still being paid is not renewed before they are (docs/domain.md, "Instalments"), so it offers no page.
 */
function toFamilySubscription({ s, p }: SubscriptionJoin, online: boolean, collecting: ReadonlySet<string>): FamilySubscription {
  const page = online && !(collecting.has(s.id) && s.status !== 'PENDING') ? PAY_PAGE[s.status] : undefined;
  return { ...toSubscription(s, p), payPath: page ? `/${page}-subscription/${s.id}` : null };
}

/** A child's subscriptions, latest end date first (no end date, a pending one, first), newest first among equals. */
async function childSubscriptions(tx: FamilyTx, childId: string, online: boolean): Promise<FamilySubscription[]> {
  const rows = await selectSubscriptions(tx)
    .where(eq(subscriptions.playerId, childId))
    .orderBy(sql`${subscriptions.endDate} desc nulls first`, desc(subscriptions.createdAt));
  const ids = rows.map((r) => r.s.id);
  const plans = ids.length
    ? await tx
        .select({ id: instalmentPlans.subscriptionId })
        .from(instalmentPlans)
        .where(and(inArray(instalmentPlans.subscriptionId, ids), isNotNull(instalmentPlans.nextDueOn)))
    : [];
  const collecting = new Set(plans.map((plan) => plan.id));
  return rows.map((r) => toFamilySubscription(r, online, collecting));
}

const MARKED = ['ATTENDED', 'ABSENT', 'PLAYED'] as const;
const PRESENT = new Set(['ATTENDED', 'PLAYED']);

export async function familyHome(tx: FamilyTx, now: Date): Promise<FamilyHome> {
  const academy = await academyOf(tx);
  const children = await familyChildren(tx);
  const today = riyadhToday(now);
  const cards = [];
  for (const child of children) {
    const upcoming = await loadFamilyEvents(
      tx,
      { childIds: [child.id], after: now, endDate: addDaysIso(today, 30), limit: 5 },
      now,
      academy.availabilityCutoffMinutes,
    );
    const [subscription] = await childSubscriptions(tx, child.id, academy.enableOnlinePayments);
    const [last] = await tx
      .select({ date: events.date, time: events.time, eventType: events.type, field: events.field, status: participants.status })
      .from(participants)
      .innerJoin(events, eq(events.id, participants.eventId))
      .where(and(eq(participants.userId, child.id), inArray(participants.status, [...MARKED])))
      .orderBy(desc(events.date), desc(events.time))
      .limit(1);
    cards.push({ child, upcoming, subscription: subscription ?? null, lastAttendance: last ?? null });
  }
  const [{ unread }] = await tx
    .select({ unread: sql<number>`count(distinct ${announcementRecipients.announcementId})::int` })
    .from(announcementRecipients)
    .where(isNull(announcementRecipients.openedAt));
  return { children: cards, unreadAnnouncements: unread };
}

// ── progress ──────────────────────────────────────────────────────────────────

const rateOf = (attended: number, marked: number) => (marked === 0 ? null : Math.round((attended / marked) * 100));

/** The last 12 months (this one included) of a child's marked attendance, and their growth records. */
export async function familyProgress(tx: FamilyTx, childId: string, now: Date): Promise<Omit<FamilyProgress, 'medians'>> {
  await requireChild(tx, childId);
  const month = riyadhMonth(now);
  const months: string[] = [];
  for (let i = 11; i >= 0; i--) {
    const [y, m] = month.split('-').map(Number);
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  const rows = await tx
    .select({ month: sql<string>`to_char(${events.date}, 'YYYY-MM')`, status: participants.status })
    .from(participants)
    .innerJoin(events, eq(events.id, participants.eventId))
    .where(
      and(
        eq(participants.userId, childId),
        inArray(participants.status, [...MARKED]),
        sql`${events.date} >= ${`${months[0]}-01`}`,
        sql`${events.date} <= ${riyadhToday(now)}`,
      ),
    );
  const byMonth = months.map((m) => {
    const of = rows.filter((r) => r.month === m);
    const attended = of.filter((r) => PRESENT.has(r.status)).length;
    return { month: m, attended, marked: of.length, rate: rateOf(attended, of.length) };
  });
  const attended = byMonth.reduce((n, m) => n + m.attended, 0);
  const marked = byMonth.reduce((n, m) => n + m.marked, 0);
  const growth = await tx
    .select()
    .from(growthMetrics)
    .where(eq(growthMetrics.playerId, childId))
    .orderBy(asc(growthMetrics.date), asc(growthMetrics.createdAt));
  return { attendance: { months: byMonth, attended, marked, rate: rateOf(attended, marked) }, growth: growth.map(toGrowthMetric) };
}

// ── money ─────────────────────────────────────────────────────────────────────

export async function familyMoney(tx: FamilyTx, childId: string): Promise<FamilyMoney> {
  await requireChild(tx, childId);
  const academy = await academyOf(tx);
  const subs = await childSubscriptions(tx, childId, academy.enableOnlinePayments);
  const rows = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.userId, childId))
    .orderBy(desc(invoices.paidAt), desc(invoices.invoiceNumber));
  const numberOf = new Map(rows.map((r) => [r.id, r.invoiceNumber]));
  const list: FamilyInvoice[] = rows.map((r) => {
    const credit = r.kind === 'credit_note';
    return {
      id: r.id,
      number: r.invoiceNumber,
      kind: r.kind,
      creditedInvoiceNumber: r.creditedInvoiceId ? (numberOf.get(r.creditedInvoiceId) ?? null) : null,
      packageName: r.packageName,
      packageNameArabic: r.packageNameArabic,
      paidAt: r.paidAt.toISOString(),
      total: credit ? -halalasToSar(r.totalHalalas) : halalasToSar(r.totalHalalas),
      vat: credit ? -halalasToSar(r.vatHalalas) : halalasToSar(r.vatHalalas),
      paymentMethod: r.paymentMethod,
      pdfPath: `/api/invoices/${r.id}`,
    };
  });
  return { subscriptions: subs, invoices: list };
}

// ── details ───────────────────────────────────────────────────────────────────

export async function familyDetails(tx: FamilyTx): Promise<FamilyDetails> {
  const parent = await parentRow(tx);
  const children = await familyChildren(tx);
  const rows = children.length
    ? await tx
        .select()
        .from(users)
        .where(
          inArray(
            users.id,
            children.map((c) => c.id),
          ),
        )
        .orderBy(asc(users.name))
    : [];
  return {
    parent: toParent(parent),
    children: rows.map((r) => ({
      id: r.id,
      name: r.name,
      nameArabic: r.nameArabic,
      condition: r.condition,
      emergencyPhone1: r.emergencyPhone1,
      emergencyPhone2: r.emergencyPhone2,
    })),
  };
}

/**
 * The parent's phones and language, on every parent row of this person (the same e-mail or mobile:
 * one row per child they registered).
 */
export async function updateParent(
  tx: FamilyTx,
  body: { phoneNumber: string; emergencyPhone1: string | null; emergencyPhone2: string | null; language?: FamilyLanguage },
  now: Date,
) {
  const before = toParent(await parentRow(tx));
  await tx
    .update(users)
    .set({
      phoneNumber: body.phoneNumber,
      emergencyPhone1: body.emergencyPhone1,
      emergencyPhone2: body.emergencyPhone2,
      ...(body.language ? { language: body.language } : {}),
      updatedAt: now,
    })
    .where(and(inArray(users.id, [...tx.parentIds]), eq(users.role, 'PARENT')));
  return before;
}

export async function updateChild(tx: FamilyTx, childId: string, body: z.output<typeof familyChildDetailsBody>, now: Date) {
  await requireChild(tx, childId);
  const [before] = await tx
    .select({ condition: users.condition, emergencyPhone1: users.emergencyPhone1, emergencyPhone2: users.emergencyPhone2 })
    .from(users)
    .where(eq(users.id, childId));
  // A new or changed condition needs the child's medical consent, or the parent's given with it (consents/service.ts).
  const edit = { condition: body.condition, before: before?.condition ?? null, given: body.medicalConsent };
  await checkMedicalConsent(tx, childId, edit, { parentId: tx.parentId, recordedById: null }, 'condition', now);
  await tx
    .update(users)
    .set({ condition: body.condition, emergencyPhone1: body.emergencyPhone1, emergencyPhone2: body.emergencyPhone2, updatedAt: now })
    .where(and(eq(users.id, childId), eq(users.role, 'PLAYER')));
  return before;
}

export async function setParentLanguage(tx: FamilyTx, language: FamilyLanguage) {
  await tx
    .update(users)
    .set({ language })
    .where(and(inArray(users.id, [...tx.parentIds]), eq(users.role, 'PARENT')));
}
