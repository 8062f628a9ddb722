/**
 * Erasure of a child who left (docs/domain.md, "Privacy requests"): every personal value of the
 * child, and of a parent left with no other child, is deleted or irreversibly replaced in every
 * tenant table; tax documents stay as issued (invoices.buyer, invoice_documents.xml: ZATCA and the
 * VAT law's record keeping). A child with an open subscription or open money is refused with the
 * reason. Each request is recorded in privacy_requests with who asked, when, and the outcome.
 */
import type { MessageCode } from '@kora/contracts';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import {
  announcements,
  familyJoins,
  familySessions,
  growthMetrics,
  invoices,
  notificationPreferences,
  outgoingSms,
  parentPlayers,
  participants,
  payments,
  privacyRequests,
  pushSubscriptions,
  refunds,
  subscriptions,
  teamPlayers,
  users,
  withheldPhotos,
} from '../../db/schema.js';
import type { DataAccess, TenantTx } from '../../db/tenant.js';
import { conflict, notFound } from '../../http/errors.js';
import { idList } from './export-map.js';

/** Subscriptions that still run or wait for money: a child with one is not erased. */
export const OPEN_SUBSCRIPTION_STATUSES = ['ACTIVE', 'TRIAL', 'PENDING', 'PAUSED'] as const;

export interface ErasureAsk {
  via: 'portal' | 'staff' | 'retention';
  parentId?: string;
  memberId?: string;
}

/** Why a child cannot be erased now, or null. */
export async function erasureRefusal(tx: TenantTx, playerId: string): Promise<MessageCode | null> {
  const open = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.playerId, playerId), inArray(subscriptions.status, [...OPEN_SUBSCRIPTION_STATUSES])))
    .limit(1);
  if (open.length > 0) return 'privacy.open_subscription';
  const subs = tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.playerId, playerId));
  const unpaid = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(inArray(payments.subscriptionId, subs), eq(payments.status, 'PENDING')))
    .limit(1);
  const refunding = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.state, 'pending'),
        inArray(refunds.invoiceId, tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.userId, playerId))),
      ),
    )
    .limit(1);
  return unpaid.length > 0 || refunding.length > 0 ? 'privacy.unpaid_balance' : null;
}

/** The personal values of a person's row: what must be found nowhere after the erasure. */
function personalValues(u: typeof users.$inferSelect): string[] {
  return [u.name, u.nameArabic, u.email, u.phoneNumber, u.emergencyPhone1, u.emergencyPhone2, u.nationalId, u.birthdate]
    .filter((v): v is string => typeof v === 'string' && v.trim().length >= 4)
    .sort((a, b) => b.length - a.length);
}

/** `replace(replace(column, v1, '—'), v2, '—')…` over a text column. */
function scrubbed(column: ReturnType<typeof sql.identifier>, values: string[]) {
  return values.reduce((inner, v) => sql`replace(${inner}, ${v}, '—')`, sql`${column}`);
}
/** The same over a jsonb column, on its JSON text (values JSON-escaped as they appear there). */
function scrubbedJson(column: ReturnType<typeof sql.identifier>, values: string[]) {
  const text = values.reduce((inner, v) => sql`replace(${inner}, ${JSON.stringify(v).slice(1, -1)}, '—')`, sql`${column}::text`);
  return sql`(${text})::jsonb`;
}
const mentions = (column: ReturnType<typeof sql.identifier>, values: string[]) =>
  sql`(${sql.join(
    values.map((v) => sql`position(${v} in ${column}::text) > 0`),
    sql` or `,
  )})`;

export interface Erased {
  outcome: Record<string, number>;
  /** Uploaded files (photos) to delete from disk, and addresses to scrub from the global outboxes. */
  files: string[];
  addresses: string[];
  parentIds: string[];
}

/** The erasure itself, in the academy's transaction (the refusal checked first by the caller). */
export async function eraseChild(tx: TenantTx, playerId: string, now: Date): Promise<Erased> {
  const [child] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, playerId), eq(users.role, 'PLAYER'), isNull(users.erasedAt)));
  if (!child) throw notFound('player.not_found');
  const links = await tx.select({ parentId: parentPlayers.parentId }).from(parentPlayers).where(eq(parentPlayers.playerId, playerId));
  const parentIds = links.map((l) => l.parentId);
  // A parent with another child stays; one left with none is erased with the child.
  const others =
    parentIds.length === 0
      ? []
      : await tx
          .select({ parentId: parentPlayers.parentId })
          .from(parentPlayers)
          .where(and(inArray(parentPlayers.parentId, parentIds), ne(parentPlayers.playerId, playerId)));
  const leaving = parentIds.filter((p) => !others.some((o) => o.parentId === p));
  const leavingRows = leaving.length === 0 ? [] : await tx.select().from(users).where(inArray(users.id, leaving));
  const people = [child, ...leavingRows];
  const ids = people.map((p) => p.id);
  const values = [...new Set(people.flatMap(personalValues))].sort((a, b) => b.length - a.length);
  const files = people.map((p) => p.avatar).filter((a): a is string => Boolean(a));
  const addresses = people.flatMap((p) => [p.email, p.phoneNumber]).filter((a): a is string => Boolean(a));
  const outcome: Record<string, number> = {};
  const count = (key: string, n: number) => {
    if (n > 0) outcome[key] = (outcome[key] ?? 0) + n;
  };

  // Attendance: kept only as counts in this record; the rows (and their offline marks) go.
  const attendance = await tx
    .select({ status: participants.status, n: sql<number>`count(*)::int` })
    .from(participants)
    .where(eq(participants.userId, playerId))
    .groupBy(participants.status);
  for (const a of attendance) count(`attendance_${a.status.toLowerCase()}`, a.n);
  await tx.delete(participants).where(eq(participants.userId, playerId));
  count(
    'growth_metrics',
    (await tx.delete(growthMetrics).where(eq(growthMetrics.playerId, playerId)).returning({ id: growthMetrics.id })).length,
  );
  await tx.delete(teamPlayers).where(eq(teamPlayers.playerId, playerId));
  await tx
    .delete(familyJoins)
    .where(or(inArray(familyJoins.playerId, ids), inArray(familyJoins.parentId, ids), inArray(familyJoins.existingParentId, ids)));
  await tx.delete(announcements).where(eq(announcements.playerId, playerId));
  await tx.delete(notificationPreferences).where(inArray(notificationPreferences.userId, ids));
  await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.userId, ids));

  // Messages to the erased people lose their address and text; others lose the values they mention.
  const toThem = await tx.execute(
    sql`update messages set address = 'erased', subject = '', body = '', link = '', template_params = null where recipient_id in ${idList(ids)} returning id`,
  );
  count('messages', rowsOf<{ id: string }>(toThem).length);
  if (values.length > 0) {
    const [subject, body, params] = ['subject', 'body', 'template_params'].map((c) => sql.identifier(c));
    await tx.execute(
      sql`update messages set subject = ${scrubbed(subject, values)}, body = ${scrubbed(body, values)},
            template_params = case when template_params is null then null else ${scrubbedJson(params, values)} end
          where ${mentions(subject, values)} or ${mentions(body, values)} or ${mentions(params, values)}`,
    );
    const [title, titleAr, text, textAr] = ['title', 'title_arabic', 'body', 'body_arabic'].map((c) => sql.identifier(c));
    await tx.execute(
      sql`update announcements set title = ${scrubbed(title, values)}, title_arabic = ${scrubbed(titleAr, values)},
            body = ${scrubbed(text, values)}, body_arabic = ${scrubbed(textAr, values)}
          where ${mentions(title, values)} or ${mentions(titleAr, values)} or ${mentions(text, values)} or ${mentions(textAr, values)}`,
    );
  }
  // The audit trail keeps who did what and when; the values go (migration 0045's privacy_redact_audit).
  const uuids = sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;
  const redacted = await tx.execute(sql`select privacy_redact_audit(${uuids}, ${toTextArray(values)}) as n`);
  count('audit_events', Number(rowsOf<{ n: number }>(redacted)[0]?.n ?? 0));

  // The links to the parents go; a parent left with no child is deleted (their codes, devices,
  // choices and announcements' receipts with them; consents and messages keep a null parent).
  await tx.delete(parentPlayers).where(eq(parentPlayers.playerId, playerId));
  if (leaving.length > 0) count('parents', (await tx.delete(users).where(inArray(users.id, leaving)).returning({ id: users.id })).length);
  // The child's row stays (its invoices name it as issued) with every personal column emptied.
  await tx
    .update(users)
    .set({
      name: 'Erased player',
      nameArabic: 'لاعب محذوف',
      email: null,
      passwordHash: null,
      phoneNumber: null,
      emergencyPhone1: null,
      emergencyPhone2: null,
      nationalId: null,
      nationality: null,
      residentialNeighborhood: null,
      birthdate: null,
      gender: null,
      avatar: null,
      condition: null,
      photoWithheld: false,
      language: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, playerId));
  return { outcome, files, addresses, parentIds: leaving };
}

const toTextArray = (values: string[]) =>
  values.length === 0
    ? sql`array[]::text[]`
    : sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

export interface ErasureDeps {
  data: DataAccess;
  removeFile: (path: string) => Promise<void>;
  now: () => Date;
}

/**
 * An erasure request, start to end: refused (409 with the reason, recorded) or done (recorded with
 * its outcome), then the files on disk and the global outboxes' copies of the addresses go.
 */
export async function requestErasure(deps: ErasureDeps, academyId: string, playerId: string, ask: ErasureAsk) {
  const now = deps.now();
  const record = (values: Partial<typeof privacyRequests.$inferInsert>) => ({
    academyId,
    kind: 'erasure' as const,
    playerId,
    via: ask.via,
    parentId: ask.parentId ?? null,
    memberId: ask.memberId ?? null,
    createdAt: now,
    completedAt: now,
    state: 'erased' as const,
    ...values,
  });
  const result = await deps.data.tenant(academyId, async (tx) => {
    const [player] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, playerId), eq(users.role, 'PLAYER'), isNull(users.erasedAt)));
    if (!player) throw notFound('player.not_found');
    const refusal = await erasureRefusal(tx, playerId);
    if (refusal) {
      await tx.insert(privacyRequests).values(record({ state: 'refused', reason: refusal }));
      return { refusal } as const;
    }
    const erased = await eraseChild(tx, playerId, now);
    const [row] = await tx
      .insert(privacyRequests)
      .values(record({ outcome: erased.outcome }))
      .returning({ id: privacyRequests.id });
    return { erased, id: row.id } as const;
  });
  if ('refusal' in result && result.refusal) throw conflict(result.refusal);
  if (!('erased' in result) || !result.erased) throw notFound('player.not_found');
  await forgetOutside(deps, academyId, result.erased, now);
  return { id: result.id, outcome: result.erased.outcome };
}

/** After the academy's transaction: the files on disk, and the global outboxes' copies of the addresses. */
async function forgetOutside(deps: ErasureDeps, academyId: string, erased: Erased, now: Date) {
  for (const file of erased.files) await deps.removeFile(file);
  await deps.data.system(async (tx) => {
    if (erased.files.length > 0) await tx.delete(withheldPhotos).where(inArray(withheldPhotos.path, erased.files));
    if (erased.addresses.length > 0) {
      await tx.delete(outgoingSms).where(and(eq(outgoingSms.academyId, academyId), inArray(outgoingSms.to, erased.addresses)));
      await tx.execute(sql`delete from outgoing_mails where academy_id = ${academyId} and "to" in ${textList(erased.addresses)}`);
      await tx.execute(sql`delete from channel_outbox where academy_id = ${academyId} and "to" in ${textList(erased.addresses)}`);
    }
    if (erased.parentIds.length > 0)
      await tx
        .update(familySessions)
        .set({ revokedAt: now, address: null })
        .where(and(eq(familySessions.academyId, academyId), inArray(familySessions.parentId, erased.parentIds)));
  });
}

/**
 * Erasures a restore brought back (docs/operations.md, "Backups and erasure"): a child with a done
 * erasure request whose row is not erased — the backup predates the erasure, and `npm run restore`
 * carried the request over — is erased again, whatever it holds now (the family asked before).
 * Run with the daily purge, so at each start. Answers how many children were erased again.
 */
export async function reapplyErasures(deps: ErasureDeps, academyIds: string[]) {
  let again = 0;
  for (const academyId of academyIds) {
    const now = deps.now();
    const done = await deps.data.tenant(academyId, async (tx) => {
      const back = await tx
        .selectDistinct({ playerId: users.id })
        .from(privacyRequests)
        .innerJoin(users, eq(users.id, privacyRequests.playerId))
        .where(
          and(eq(privacyRequests.kind, 'erasure'), eq(privacyRequests.state, 'erased'), eq(users.role, 'PLAYER'), isNull(users.erasedAt)),
        );
      const out: Erased[] = [];
      for (const b of back) out.push(await eraseChild(tx, b.playerId, now));
      return out;
    });
    for (const erased of done) await forgetOutside(deps, academyId, erased, now);
    again += done.length;
  }
  return again;
}

const textList = (values: string[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
