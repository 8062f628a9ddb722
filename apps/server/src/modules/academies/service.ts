import type { AcademyProfile, AcademyUpdateReply, ParsedAcademyUpdateFields, RefundPolicyReply } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { academies } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { notFound } from '../../http/errors.js';
import type { AcademyRow } from './lookup.js';

const toProfile = (a: AcademyRow): AcademyProfile => ({
  id: a.id,
  name: a.name,
  nameArabic: a.nameArabic,
  logo: a.logo,
  phone: a.phone,
  email: a.email,
  handle: a.handle,
  vatNumber: a.vatNumber,
  enableOnlinePayments: a.enableOnlinePayments,
  coachesSeeMedical: a.coachesSeeMedical,
  address: { street: a.address, city: a.city, buildingNumber: a.buildingNumber, district: a.district, postalCode: a.postalCode },
  crNumber: a.crNumber,
  refundPolicy: a.refundPolicy,
  refundPolicyArabic: a.refundPolicyArabic,
});

/** The member's own academy; any other id (another academy's or none) is 404, like every foreign id. */
export async function getAcademy(tx: TenantTx, id: string): Promise<AcademyProfile> {
  if (id !== tx.academyId) throw notFound('academy.not_found');
  const [row] = await tx.select().from(academies).where(eq(academies.id, id));
  if (!row) throw notFound('academy.not_found');
  return toProfile(row);
}

/** Saves the profile (the handle never changes) and, when one was uploaded, the stored logo. */
export async function updateAcademy(
  tx: TenantTx,
  id: string,
  fields: ParsedAcademyUpdateFields,
  logo: string | null,
): Promise<AcademyUpdateReply> {
  if (id !== tx.academyId) throw notFound('academy.not_found');
  const { street, city, ...rest } = fields;
  // The row-level policy lets a tenant update only its own academy.
  const [row] = await tx
    .update(academies)
    .set({ ...rest, address: street, city, ...(logo ? { logo } : {}) })
    .where(eq(academies.id, id))
    .returning();
  if (!row) throw notFound('academy.not_found');
  return { ...toProfile(row), photoUrl: row.logo };
}

/** What the public refund policy page shows of an academy: who it is and its own texts (null: the default text). */
export const refundPolicyOf = (a: AcademyRow): RefundPolicyReply => ({
  academy: { name: a.name, nameArabic: a.nameArabic, logo: a.logo, handle: a.handle },
  refundPolicy: a.refundPolicy,
  refundPolicyArabic: a.refundPolicyArabic,
});
