import {
  type CollectionSettings,
  type CollectionSettingsBody,
  DEFAULT_GRACE_DAYS,
  DEFAULT_RETRY_DAYS,
  instalmentsQualify,
} from '@kora/contracts';
import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { collectionSettings, packages } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { badRequest, conflict } from '../../http/errors.js';

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
      instalmentsQualify: instalmentsQualify(p),
      instalments: p.instalmentGrant,
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
  await updateInstalments(tx, body.instalmentPackages ?? []);
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

/** Each listed package's instalments (docs/domain.md, "Instalments"): only packages of 3, 6 or 12 months offer them. */
async function updateInstalments(tx: TenantTx, choices: NonNullable<CollectionSettingsBody['instalmentPackages']>) {
  if (choices.length === 0) return;
  const rows = await tx
    .select()
    .from(packages)
    .where(
      inArray(
        packages.id,
        choices.map((c) => c.id),
      ),
    );
  for (const choice of choices) {
    const pkg = rows.find((p) => p.id === choice.id);
    if (!pkg) throw badRequest('collections.instalments_not_offered');
    if (choice.grant !== null && !instalmentsQualify(pkg)) throw badRequest('collections.instalments_not_offered');
    if (pkg.instalmentGrant !== choice.grant)
      await tx.update(packages).set({ instalmentGrant: choice.grant }).where(eq(packages.id, pkg.id));
  }
}
