import { z } from 'zod';
import { moneySchema } from './common.js';
import { packageTypeSchema } from './enums.js';

export const publicPackageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameArabic: z.string().nullable(),
  price: z.number(),
  packageType: packageTypeSchema,
  monthsNumber: z.number().int().nullable(),
  sessionsCount: z.number().int().nullable(),
  hasTrial: z.boolean(),
  trialDays: z.number().int(),
  description: z.string().nullable(),
});
export type PublicPackage = z.infer<typeof publicPackageSchema>;

/** What members see beyond the public fields. */
const packageSettings = z.object({
  allowPause: z.boolean(),
  skipLimit: z.number().int(),
  isActive: z.boolean(),
});
export const packageSchema = publicPackageSchema.extend(packageSettings.shape);
export type Package = z.infer<typeof packageSchema>;

/** `GET /api/packages` answers members with the settings fields, the public (by handle) list without. */
export const packageListItemSchema = publicPackageSchema.extend(packageSettings.partial().shape);
export type PackageListItem = z.infer<typeof packageListItemSchema>;

export const publicPackagesQuery = z.object({ handle: z.string().trim().toLowerCase().max(100).optional() });

export { moneySchema };

export type PublicPackagesQuery = z.input<typeof publicPackagesQuery>;
