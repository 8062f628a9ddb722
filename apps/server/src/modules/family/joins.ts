import {
  type FamilyAddress,
  type FamilyJoin,
  type FamilyJoinDecision,
  type FamilyJoinOffer,
  type ParentInfo,
  saudiMobile,
} from '@kora/contracts';
import { and, asc, eq, inArray, ne, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { familyJoins, parentPlayers, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { notFound } from '../../http/errors.js';

const child = alias(users, 'child');
const registered = alias(users, 'registered');
const existing = alias(users, 'existing');

import { parentsOf } from './sign-in.js';

/**
 * Families joined only by their owners (docs/domain.md, "The family portal"). A family is the
 * academy's parent rows of one address (a parent who registered each child separately), read on
 * every request of a parent session. A row a public registration made with an address that already
 * belonged to a parent waits (`family_joins`, migration 0034) and stays out of that family until
 * staff confirm it; until then the registering person can neither see the family nor be written to
 * by it, and the family's owner does not see the child.
 */

/**
 * The parent rows of a session's family: the signed-in parent, and the academy's other parent rows
 * of the address it signed in with (sessions opened before migration 0034 have no address and keep
 * the rows they were opened with), less those waiting to be confirmed or kept separate.
 */
export async function familyMembers(
  tx: TenantTx,
  parentId: string,
  address: FamilyAddress | null,
  opened: readonly string[],
): Promise<string[]> {
  const matched = address ? (await parentsOf(tx, address)).map((p) => p.id) : opened;
  const ids = [...new Set([parentId, ...matched])];
  if (ids.length === 1) return ids;
  const apart = await tx
    .select({ id: familyJoins.parentId })
    .from(familyJoins)
    .where(and(inArray(familyJoins.parentId, ids), ne(familyJoins.state, 'confirmed')));
  const out = new Set(apart.map((row) => row.id));
  return ids.filter((id) => id === parentId || !out.has(id));
}

/** SQL: whether a parent row waits to be confirmed or was kept separate (out of its address's family). */
export const heldApartSql = (parentId: SQLWrapper) =>
  sql`exists (select 1 from family_joins fj where fj.parent_id = ${parentId} and fj.state <> 'confirmed')`;

export interface AddressOwner {
  existingParentId: string;
  sameEmail: boolean;
  samePhone: boolean;
  /** The e-mail the registration shared with a parent (told about it), or null. */
  email: string | null;
  language: 'en' | 'ar';
}

/** The first parent of the academy a registration's e-mail (any case) or Saudi mobile already belongs to, if any. */
export async function addressOwner(tx: TenantTx, parent: Pick<ParentInfo, 'email' | 'phone'>): Promise<AddressOwner | null> {
  const email = parent.email?.toLowerCase() ?? null;
  const byEmail = email ? await parentsOf(tx, { kind: 'email', email }) : [];
  const mobile = saudiMobile(parent.phone);
  const byPhone = mobile ? await parentsOf(tx, { kind: 'phone', phone: mobile }) : [];
  const owner = byEmail[0] ?? byPhone[0];
  if (!owner) return null;
  return {
    existingParentId: owner.id,
    sameEmail: byEmail.some((p) => p.id === owner.id),
    samePhone: byPhone.some((p) => p.id === owner.id),
    email: byEmail.length > 0 ? email : null,
    language: owner.language ?? 'en',
  };
}

/** Records a new registration's parent row as waiting to join the family of the address's owner. */
export async function holdApart(tx: TenantTx, row: { parentId: string; playerId: string }, owner: AddressOwner) {
  const { existingParentId, sameEmail, samePhone } = owner;
  await tx.insert(familyJoins).values({ academyId: tx.academyId, ...row, existingParentId, sameEmail, samePhone });
}

const TELL = {
  en: {
    subject: (academy: string) => `${academy}: a registration with your e-mail address`,
    text: (academy: string, child: string, link: string) =>
      [
        `A child, ${child}, was registered at ${academy} on Kora with your e-mail address.`,
        `If ${child} is your child, sign in to your family portal and confirm it there: ${link}`,
        'If not, you need do nothing: the registration stays apart from your family and cannot see or change it.',
      ].join('\n'),
  },
  ar: {
    subject: (academy: string) => `${academy}: تسجيل ببريدك الإلكتروني`,
    text: (academy: string, child: string, link: string) =>
      [
        `سُجّل اللاعب ${child} في ${academy} على كورة ببريدك الإلكتروني.`,
        `إن كان ${child} من أبنائك فادخل إلى بوابة الأسرة وأكّد ذلك فيها: ${link}`,
        'وإن لم يكن فلا شيء عليك: يبقى التسجيل منفصلًا عن أسرتك ولا يستطيع رؤيتها ولا تغييرها.',
      ].join('\n'),
  },
} as const;

/** The mail to an e-mail a registration shared with a parent: the owner of the address may confirm in the portal. */
export function joinNotice(
  owner: AddressOwner & { email: string },
  academy: { name: string; nameArabic: string | null },
  child: { name: string; nameArabic: string | null },
  link: string,
) {
  const ar = owner.language === 'ar';
  const academyName = ar ? (academy.nameArabic ?? academy.name) : academy.name;
  const childName = ar ? (child.nameArabic ?? child.name) : child.name;
  const texts = TELL[owner.language];
  return { to: owner.email, subject: texts.subject(academyName), text: texts.text(academyName, childName, link) };
}

/**
 * The registrations waiting that a parent session may answer: those whose parent row has the very
 * address the session signed in with (proven by its code), other than the session's own row.
 */
export async function joinOffers(tx: TenantTx, family: { parentId: string; address: FamilyAddress | null }): Promise<FamilyJoinOffer[]> {
  if (!family.address) return [];
  const rows = (await parentsOf(tx, family.address)).filter((p) => p.id !== family.parentId);
  if (rows.length === 0) return [];
  const found = await tx
    .select({
      id: familyJoins.id,
      createdAt: familyJoins.createdAt,
      child: { id: child.id, name: child.name, nameArabic: child.nameArabic },
      registeredBy: registered.name,
    })
    .from(familyJoins)
    .innerJoin(child, eq(child.id, familyJoins.playerId))
    .innerJoin(registered, eq(registered.id, familyJoins.parentId))
    .where(
      and(
        eq(familyJoins.state, 'pending'),
        inArray(
          familyJoins.parentId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(familyJoins.createdAt), asc(familyJoins.id));
  return found.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** `GET /api/family-joins`: the registrations waiting, oldest first, each with the existing parent's children. */
export async function listFamilyJoins(tx: TenantTx): Promise<FamilyJoin[]> {
  const rows = await tx
    .select({
      id: familyJoins.id,
      createdAt: familyJoins.createdAt,
      sameEmail: familyJoins.sameEmail,
      samePhone: familyJoins.samePhone,
      player: { id: child.id, name: child.name, nameArabic: child.nameArabic },
      parent: {
        id: registered.id,
        name: registered.name,
        nameArabic: registered.nameArabic,
        email: registered.email,
        phoneNumber: registered.phoneNumber,
      },
      existingParent: {
        id: existing.id,
        name: existing.name,
        nameArabic: existing.nameArabic,
        email: existing.email,
        phoneNumber: existing.phoneNumber,
      },
    })
    .from(familyJoins)
    .innerJoin(child, eq(child.id, familyJoins.playerId))
    .innerJoin(registered, eq(registered.id, familyJoins.parentId))
    .innerJoin(existing, eq(existing.id, familyJoins.existingParentId))
    .where(eq(familyJoins.state, 'pending'))
    .orderBy(asc(familyJoins.createdAt), asc(familyJoins.id))
    .limit(200);
  if (rows.length === 0) return [];
  const children = await tx
    .select({ parentId: parentPlayers.parentId, id: users.id, name: users.name, nameArabic: users.nameArabic })
    .from(parentPlayers)
    .innerJoin(users, eq(users.id, parentPlayers.playerId))
    .where(
      inArray(
        parentPlayers.parentId,
        rows.map((r) => r.existingParent.id),
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    existingParent: {
      ...r.existingParent,
      children: children.filter((c) => c.parentId === r.existingParent.id).map(({ parentId: _, ...c }) => c),
    },
  }));
}

/**
 * `POST /api/family-joins/{id}/decision`: confirm (the registration's parent row joins the family of
 * its address; the existing parent's open sessions see the child on their next request) or keep it
 * separate. Only a waiting one can be decided (404 otherwise).
 */
export async function decideFamilyJoin(tx: TenantTx, id: string, body: FamilyJoinDecision, now: Date) {
  const [row] = await tx
    .update(familyJoins)
    .set({ state: body.decision === 'confirm' ? 'confirmed' : 'separate', decidedAt: now })
    .where(and(eq(familyJoins.id, id), eq(familyJoins.state, 'pending')))
    .returning({ playerId: familyJoins.playerId, parentId: familyJoins.parentId, existingParentId: familyJoins.existingParentId });
  if (!row) throw notFound('family_join.not_found');
  return row;
}

/** `POST /api/family/joins/{id}/decision`: the owner of the address answers (only an offer of theirs; 404 otherwise). */
export async function answerFamilyJoin(
  tx: TenantTx,
  family: { parentId: string; address: FamilyAddress | null },
  id: string,
  body: FamilyJoinDecision,
  now: Date,
) {
  const offers = await joinOffers(tx, family);
  if (!offers.some((o) => o.id === id)) throw notFound('family_join.not_found');
  return decideFamilyJoin(tx, id, body, now);
}
