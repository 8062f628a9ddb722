import { ERRORS, type Package, type PackageDeleteReply, type ParsedPackageBody, sarToHalalas } from '@kora/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import { packages, subscriptions } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { notFound } from '../../http/errors.js';
import { toPackage } from './mapper.js';

const columns = ({ price, ...body }: ParsedPackageBody) => ({ ...body, priceHalalas: sarToHalalas(price) });

/** An unarchived package of the academy (an archived one has left every list: 404 like another academy's), locked for the change. */
async function findPackage(tx: TenantTx, id: string) {
  const [row] = await tx
    .select()
    .from(packages)
    .where(and(eq(packages.id, id), isNull(packages.archivedAt)))
    .for('update');
  if (!row) throw notFound('package.not_found');
  return row;
}

export async function createPackage(tx: TenantTx, body: ParsedPackageBody): Promise<Package> {
  const [row] = await tx
    .insert(packages)
    .values({ ...columns(body), academyId: tx.academyId })
    .returning();
  return toPackage(row);
}

export async function updatePackage(tx: TenantTx, id: string, body: ParsedPackageBody): Promise<Package> {
  await findPackage(tx, id);
  const [row] = await tx.update(packages).set(columns(body)).where(eq(packages.id, id)).returning();
  return toPackage(row);
}

export async function setPackageActive(tx: TenantTx, id: string, isActive: boolean): Promise<Package> {
  await findPackage(tx, id);
  const [row] = await tx.update(packages).set({ isActive }).where(eq(packages.id, id)).returning();
  return toPackage(row);
}

/**
 * Deletes a package no subscription refers to; one in use is archived instead (it leaves every list
 * and keeps its subscriptions). The package row is locked first, so a subscription created meanwhile
 * is either counted here or refused by its foreign key after this commits.
 */
export async function deletePackage(tx: TenantTx, id: string, now: Date): Promise<PackageDeleteReply> {
  await findPackage(tx, id);
  const [{ n }] = await tx.select({ n: count() }).from(subscriptions).where(eq(subscriptions.packageId, id));
  if (n > 0) {
    await tx.update(packages).set({ archivedAt: now }).where(eq(packages.id, id));
    return { message: ERRORS['package.archived'], softDeleted: true };
  }
  await tx.delete(packages).where(eq(packages.id, id));
  return { message: ERRORS['package.deleted'], softDeleted: false };
}
