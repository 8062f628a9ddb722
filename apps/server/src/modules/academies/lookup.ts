import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { academies } from '../../db/schema.js';
import { withSystem } from '../../db/tenant.js';

export type AcademyRow = typeof academies.$inferSelect;

/** The academy of a public handle (global table, no tenant needed), or null. */
export async function findAcademyByHandle(db: Db, handle: string): Promise<AcademyRow | null> {
  const h = handle.trim().toLowerCase();
  if (!h || h.length > 30) return null;
  const [row] = await withSystem(db, (tx) => tx.select().from(academies).where(eq(academies.handle, h)));
  return row ?? null;
}

export const academySummary = (a: AcademyRow) => ({ id: a.id, name: a.name, handle: a.handle, logo: a.logo });
