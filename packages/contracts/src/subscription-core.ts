import { z } from 'zod';
import { packageTypeSchema, subscriptionStatusSchema } from './enums.js';

/**
 * What every answer that names a subscription says of it — the players list and a player's
 * subscriptions (users.ts), the family portal (family.ts), the payment pages (payments.ts) — each
 * derived from here with `.extend`/`.omit`, so a field is added or renamed once.
 */
export const subscriptionCoreSchema = z.object({
  id: z.uuid(),
  status: subscriptionStatusSchema,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  sessionsLeft: z.number().int().nullable(),
  totalSessions: z.number().int().nullable(),
});

/** The package a subscription is of, as those answers carry it (price in SAR). */
export const subscriptionPackageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameArabic: z.string().nullable(),
  packageType: packageTypeSchema,
  price: z.number(),
});
