import { eq } from 'drizzle-orm';
import { academies } from '../../db/schema.js';
import type { DataAccess } from '../../db/tenant.js';

export type AcademyRow = typeof academies.$inferSelect;

/** The academy of a public handle (global table, no tenant needed), or null. */
export async function findAcademyByHandle(data: DataAccess, handle: string): Promise<AcademyRow | null> {
  const h = handle.trim().toLowerCase();
  if (!h || h.length > 30) return null;
  const [row] = await data.system((tx) => tx.select().from(academies).where(eq(academies.handle, h)));
  return row ?? null;
}

export const academySummary = (a: AcademyRow) => ({ id: a.id, name: a.name, nameArabic: a.nameArabic, handle: a.handle, logo: a.logo });
