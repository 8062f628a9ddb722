import { z } from 'zod';
import { moneySchema } from './common.js';
import { packageTypeSchema } from './enums.js';

export const publicPackageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  price: z.number(),
  packageType: packageTypeSchema,
  monthsNumber: z.number().int().nullable(),
  sessionsCount: z.number().int().nullable(),
  hasTrial: z.boolean(),
  trialDays: z.number().int(),
  description: z.string().nullable(),
});
export type PublicPackage = z.infer<typeof publicPackageSchema>;

export const packageSchema = publicPackageSchema.extend({
  allowPause: z.boolean(),
  skipLimit: z.number().int(),
  isActive: z.boolean(),
});
export type Package = z.infer<typeof packageSchema>;

export const publicPackagesQuery = z.object({ handle: z.string().trim().toLowerCase().max(100).optional() });

export { moneySchema };
