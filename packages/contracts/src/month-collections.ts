import { z } from 'zod';
import { dateSchema } from './common.js';
import { subscriptionStatusSchema } from './enums.js';

/**
 * The dashboard's "Collected this month" (docs/domain.md, "Collected this month"): for the Riyadh
 * month, what is still to collect (due), what was paid, and of what is due what failed or is
 * overdue; amounts in SAR and the number of families behind them.
 */
export const COLLECTION_STATES = ['due', 'failing', 'overdue'] as const;
export const collectionStateSchema = z.enum(COLLECTION_STATES);
export type CollectionState = z.infer<typeof collectionStateSchema>;

const figureSchema = z.object({
  /** SAR. */
  amount: z.number(),
  /** Families (a player's first parent, or the player without one). */
  families: z.number().int(),
});

export const collectionItemSchema = z.object({
  subscriptionId: z.uuid(),
  /** PENDING pays its first period (`/initial-subscription/{id}`); the others renew (`/renew-subscription/{id}`). */
  subscriptionStatus: subscriptionStatusSchema,
  state: collectionStateSchema,
  /** The day the payment falls due: a PENDING one's start, else the day after its period ended (or it ran out of sessions). */
  dueDate: dateSchema,
  /** SAR. */
  amount: z.number(),
  player: z.object({ id: z.uuid(), name: z.string(), nameArabic: z.string().nullable() }),
  family: z.object({ name: z.string(), nameArabic: z.string().nullable() }),
  package: z.object({ name: z.string(), nameArabic: z.string().nullable() }),
  /**
   * Renewed by the family's saved card (docs/domain.md, "Automatic renewals and retries"): the day
   * the card is charged next — the renewal date, or a retry's day after a refusal —, null once the
   * tries are over. Null for a subscription no saved card renews.
   */
  autoRenewal: z.object({ nextChargeOn: dateSchema.nullable() }).nullable(),
});
export type CollectionItem = z.infer<typeof collectionItemSchema>;

export const monthCollectionsSchema = z.object({
  /** The month's first day (Asia/Riyadh). */
  month: dateSchema,
  due: figureSchema,
  collected: figureSchema,
  failing: figureSchema,
  overdue: figureSchema,
  /** What is due, overdue first, then failing, then by due date: at most 500 rows (the figures count all). */
  items: z.array(collectionItemSchema),
});
export type MonthCollections = z.infer<typeof monthCollectionsSchema>;
