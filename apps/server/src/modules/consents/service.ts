import {
  type ChildConsents,
  CONSENT_TEXTS,
  type ConsentPurpose,
  keysOf,
  type MedicalConsentGiven,
  type OptionalConsent,
  type ParsedConsentsGiven,
} from '@kora/contracts';
import { type AnyColumn, and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { consents, parentPlayers, users, withheldPhotos } from '../../db/schema.js';
import type { DataAccess, TenantTx } from '../../db/tenant.js';
import { badRequest } from '../../http/errors.js';

/** A transaction in the child's academy: a member's (TenantTx) or a parent's (FamilyTx). */
type AcademyTx = Tx & { readonly academyId: string };

/** The purposes of a registration's consents, as they are stored. */
const GIVEN: Record<Exclude<keyof ParsedConsentsGiven, 'language'>, ConsentPurpose> = {
  termsPrivacy: 'terms_privacy',
  medical: 'medical',
  photos: 'photos',
  messagesSms: 'messages_sms',
  messagesEmail: 'messages_email',
};

/**
 * A medical condition is kept only with the parent's consent to it (docs/domain.md, "Data map"):
 * 400 `consent.medical_required` on the condition's field otherwise, before anything is written.
 */
export function assertMedicalConsent(condition: string | null, given: ParsedConsentsGiven | undefined, field: string) {
  if (condition && !given?.medical) throw badRequest('consent.medical_required', field);
}

/** Whether a player's (an SQL expression's) latest medical row is granted: the consent a condition needs stands. */
export const medicalConsentStands = (playerId: AnyColumn | SQL) =>
  sql<boolean>`coalesce((select c.granted from ${consents} c where c.player_id = ${playerId} and c.purpose = 'medical'
    order by c.created_at desc, c.id desc limit 1), false)`;
/** The time of a player's latest medical row, or null (a row recorded now must come after it). */
export const latestMedicalAt = (playerId: AnyColumn | SQL) =>
  sql<string | null>`(select max(c.created_at) from ${consents} c where c.player_id = ${playerId} and c.purpose = 'medical')`;

/**
 * A condition written for a registered child (an edit by staff, or by the parent in the portal) is kept
 * only with the child's medical consent (docs/domain.md, "Data map"): a new or changed condition needs
 * the latest medical row granted, or a consent given with the edit — then recorded, by the parent or
 * from the guardian's paper form. 400 `consent.medical_required` on `field` otherwise, before anything
 * is written. Clearing a condition, or saving it unchanged, needs nothing.
 */
export async function checkMedicalConsent(
  tx: AcademyTx,
  playerId: string,
  edit: { condition: string | null; before: string | null; given: MedicalConsentGiven | undefined },
  source: ConsentSource,
  field: string,
  now: Date,
) {
  if (!edit.condition || edit.condition === edit.before) return;
  const [latest] = await tx
    .select({ granted: consents.granted, at: consents.createdAt })
    .from(consents)
    .where(and(eq(consents.playerId, playerId), eq(consents.purpose, 'medical')))
    .orderBy(desc(consents.createdAt), desc(consents.id))
    .limit(1);
  if (latest?.granted) return;
  if (!edit.given) throw badRequest('consent.medical_required', field);
  await tx.insert(consents).values({
    academyId: tx.academyId,
    playerId,
    purpose: 'medical',
    granted: true,
    version: CONSENT_TEXTS.medical.version,
    language: edit.given.language,
    parentId: source.parentId,
    recordedById: source.recordedById,
    createdAt: after(latest?.at, now),
  });
}

/** A new row's time: now, or just after the latest row it follows (the latest row of a purpose is its state). */
export const after = (latest: Date | undefined, now: Date) => new Date(Math.max(now.getTime(), (latest?.getTime() ?? 0) + 1));

/**
 * Whether the parent `parentId` said no to messages by a channel (docs/domain.md, "Data map"): every
 * child of theirs with an answer to `purpose` says no in its latest row. A parent with no recorded
 * answer (children registered before consents were recorded, or added by staff without the paper
 * form) is not counted as declining: the academy's defaults and the parent's choices apply. As a
 * fragment, so a question about recipients asks it in the same statement.
 */
export function declinedMessages(parentId: AnyColumn | SQL, purpose: 'messages_sms' | 'messages_email'): SQL<boolean> {
  return sql<boolean>`coalesce((select bool_and(not latest.granted) from (
      select distinct on (c.player_id) c.granted from ${consents} c
        join ${parentPlayers} pp on pp.player_id = c.player_id and pp.parent_id = ${parentId}
      where c.purpose = ${purpose}
      order by c.player_id, c.created_at desc, c.id desc) latest), false)`;
}

export interface ConsentSource {
  /** The parent who gave them (also for consents given on paper: the guardian the member recorded). */
  parentId: string | null;
  /** The member who recorded consents given on paper; null when the parent gave them. */
  recordedById: string | null;
}

/** Records a registration's consents, one row per purpose (granted or not) with its text's current version. */
export async function recordConsents(tx: TenantTx, playerId: string, given: ParsedConsentsGiven, source: ConsentSource, now: Date) {
  const rows = keysOf(GIVEN).map((key) => ({
    academyId: tx.academyId,
    playerId,
    purpose: GIVEN[key],
    granted: given[key],
    version: CONSENT_TEXTS[GIVEN[key]].version,
    language: given.language,
    parentId: source.parentId,
    recordedById: source.recordedById,
    createdAt: now,
  }));
  await tx.insert(consents).values(rows);
  // No photo consent: the child's photo is never shown (one uploaded with the registration included).
  if (!given.photos) await tx.update(users).set({ photoWithheld: true }).where(eq(users.id, playerId));
}

/** The latest row of each purpose of a child: its consents now. */
export async function currentConsents(tx: AcademyTx, playerId: string): Promise<ChildConsents> {
  const rows = await tx
    .select({
      purpose: consents.purpose,
      granted: consents.granted,
      version: consents.version,
      language: consents.language,
      createdAt: consents.createdAt,
      recordedById: consents.recordedById,
      recorder: users.name,
    })
    .from(consents)
    .leftJoin(users, eq(users.id, consents.recordedById))
    .where(eq(consents.playerId, playerId))
    .orderBy(desc(consents.createdAt), desc(consents.id));
  const seen = new Set<string>();
  const latest = rows.filter((r) => !seen.has(r.purpose) && seen.add(r.purpose));
  return {
    childId: playerId,
    consents: latest.map((r) => ({
      purpose: r.purpose,
      granted: r.granted,
      version: r.version,
      language: r.language,
      at: r.createdAt.toISOString(),
      givenBy: r.recordedById ? ('staff' as const) : ('parent' as const),
      recordedByName: r.recorder ?? null,
    })),
  };
}

const OPTIONAL: Record<'photos' | 'messagesSms' | 'messagesEmail', OptionalConsent> = {
  photos: 'photos',
  messagesSms: 'messages_sms',
  messagesEmail: 'messages_email',
};

/**
 * A parent's change of a child's optional consents: a new row for each purpose that changes. A
 * withdrawn (or granted again) photo consent hides (or shows) the photo in every answer at once;
 * answers the photo's address to refuse or serve again (withholdPhoto), or null when unchanged.
 */
export async function changeConsents(
  tx: AcademyTx,
  playerId: string,
  parentId: string,
  body: { language: 'en' | 'ar'; photos?: boolean; messagesSms?: boolean; messagesEmail?: boolean },
  now: Date,
) {
  const { consents: held } = await currentConsents(tx, playerId);
  const current = new Map(held.map((c) => [c.purpose, c.granted]));
  // The latest row of a purpose is its state: a change is never stamped before the row it follows
  // (two changes within one clock tick stay in order).
  const at = after(new Date(Math.max(0, ...held.map((c) => Date.parse(c.at)))), now);
  const changed: { purpose: OptionalConsent; granted: boolean }[] = [];
  for (const key of keysOf(OPTIONAL)) {
    const purpose = OPTIONAL[key];
    const wanted = body[key];
    if (wanted !== undefined && wanted !== (current.get(purpose) ?? false)) changed.push({ purpose, granted: wanted });
  }
  if (changed.length === 0) return { changed, photo: null };
  await tx.insert(consents).values(
    changed.map((c) => ({
      academyId: tx.academyId,
      playerId,
      purpose: c.purpose,
      granted: c.granted,
      version: CONSENT_TEXTS[c.purpose].version,
      language: body.language,
      parentId,
      recordedById: null,
      createdAt: at,
    })),
  );
  const photo = changed.find((c) => c.purpose === 'photos');
  if (!photo) return { changed, photo: null };
  const [row] = await tx
    .update(users)
    .set({ photoWithheld: !photo.granted, updatedAt: at })
    .where(and(eq(users.id, playerId), eq(users.role, 'PLAYER')))
    .returning({ avatar: users.avatar });
  return { changed, photo: row?.avatar ? { path: row.avatar, withheld: !photo.granted } : null };
}

/**
 * The file route's list of photos not to serve (a global table): a child's photo whose consent was
 * withdrawn is refused at its address too, not only left out of the answers.
 */
export async function withholdPhoto(data: DataAccess, path: string, withheld: boolean) {
  await data.system(async (tx) => {
    if (withheld) await tx.insert(withheldPhotos).values({ path }).onConflictDoNothing();
    else await tx.delete(withheldPhotos).where(inArray(withheldPhotos.path, [path]));
  });
}

/** Whether the file route refuses this uploaded file's address. */
export async function isPhotoWithheld(data: DataAccess, path: string) {
  const rows = await data.statement((tx) =>
    tx.select({ path: withheldPhotos.path }).from(withheldPhotos).where(eq(withheldPhotos.path, path)),
  );
  return rows.length > 0;
}
