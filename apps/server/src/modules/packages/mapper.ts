import { halalasToSar, type Package, type PublicPackage } from '@kora/contracts';
import type { packages } from '../../db/schema.js';

export type PackageRow = typeof packages.$inferSelect;

export const toPublicPackage = (p: PackageRow): PublicPackage => ({
  id: p.id,
  name: p.name,
  nameArabic: p.nameArabic,
  price: halalasToSar(p.priceHalalas),
  packageType: p.packageType,
  monthsNumber: p.monthsNumber,
  sessionsCount: p.sessionsCount,
  hasTrial: p.hasTrial,
  trialDays: p.trialDays,
  description: p.description,
  descriptionArabic: p.descriptionArabic,
});

export const toPackage = (p: PackageRow): Package => ({
  ...toPublicPackage(p),
  allowPause: p.allowPause,
  skipLimit: p.skipLimit,
  isActive: p.isActive,
});
