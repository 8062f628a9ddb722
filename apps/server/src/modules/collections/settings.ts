import { type CollectionSettings, type CollectionSettingsBody, DEFAULT_GRACE_DAYS, DEFAULT_RETRY_DAYS } from '@kora/contracts';
import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { collectionSettings, packages } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { conflict } from '../../http/errors.js';

/** The academy's retry schedule (days after the renewal date, the first try included) and grace days. */
export interface Schedule {
  retryDays: number[];
  graceDays: number;
}

export async function scheduleOf(tx: Pick<TenantTx, 'select'>): Promise<Schedule> {
  const [row] = await tx.select().from(collectionSettings);
  return row
    ? { retryDays: row.retryDays, graceDays: row.graceDays }
    : { retryDays: [...DEFAULT_RETRY_DAYS], graceDays: DEFAULT_GRACE_DAYS };
}

/** Settings → Packages: the schedule, sibling prices, and each (not archived) package's automatic renewal. */
export async function readCollectionSettings(tx: TenantTx): Promise<CollectionSettings> {
  const schedule = await scheduleOf(tx);
  const [settings] = await tx.select({ tiers: collectionSettings.siblingDiscounts }).from(collectionSettings);
  const rows = await tx.select().from(packages).where(isNull(packages.archivedAt)).orderBy(asc(packages.name));
  return {
    ...schedule,
    siblingDiscounts: settings?.tiers ?? [],
    packages: rows.map((p) => ({
      id: p.id,
      name: p.name,
      nameArabic: p.nameArabic,
      timeBased: p.packageType === 'TIME_BASED',
      autoRenew: p.autoRenew,
    })),
  };
}

export async function updateCollectionSettings(tx: TenantTx, body: CollectionSettingsBody, now: Date): Promise<CollectionSettings> {
  const ids = [...new Set(body.autoRenewPackageIds)];
  const tiers = body.siblingDiscounts?.map((t) => ({ fromChild: t.fromChild, percent: t.percent }));
  if (ids.length) {
    const sessionBased = await tx
      .select({ id: packages.id })
      .from(packages)
      .where(and(inArray(packages.id, ids), eq(packages.packageType, 'SESSION_BASED')));
    if (sessionBased.length) throw conflict('collections.package_not_time_based');
  }
  await tx
    .insert(collectionSettings)
    .values({
      academyId: tx.academyId,
      retryDays: body.retryDays,
      graceDays: body.graceDays,
      siblingDiscounts: tiers ?? [],
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: collectionSettings.academyId,
      set: { retryDays: body.retryDays, graceDays: body.graceDays, ...(tiers ? { siblingDiscounts: tiers } : {}), updatedAt: now },
    });
  if (ids.length) await tx.update(packages).set({ autoRenew: true }).where(inArray(packages.id, ids));
  await tx
    .update(packages)
    .set({ autoRenew: false })
    .where(ids.length ? and(eq(packages.autoRenew, true), notInArray(packages.id, ids)) : eq(packages.autoRenew, true));
  return readCollectionSettings(tx);
}
