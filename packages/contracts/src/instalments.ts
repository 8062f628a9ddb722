import { z } from 'zod';
import { addMonthsIso } from './dates.js';
import { addDaysIso } from './event-rules.js';

/**
 * Instalments (docs/domain.md, "Instalments"): a package of 3, 6 or 12 months the academy lets
 * parents pay month by month, each instalment an invoice on its date, collected like a renewal.
 * The academy chooses what the subscription is granted: each month as it is paid (`as_paid`), or
 * the whole period at the first instalment (`whole`).
 */
export const INSTALMENT_MONTHS = [3, 6, 12] as const;
export const INSTALMENT_GRANTS = ['as_paid', 'whole'] as const;
export const instalmentGrantSchema = z.enum(INSTALMENT_GRANTS);
export type InstalmentGrant = z.infer<typeof instalmentGrantSchema>;

/** Whether a package may be paid in instalments: only packages of 3, 6 or 12 months. */
export const instalmentsQualify = (p: { packageType: string; monthsNumber: number | null }) =>
  p.packageType === 'TIME_BASED' && INSTALMENT_MONTHS.some((m) => m === p.monthsNumber);

/**
 * A period's price split into `count` equal instalments, in halalas: the first carries the rounding
 * remainder, so they add up exactly to the price. The one split every page, charge and invoice uses.
 */
export function instalmentAmounts(totalHalalas: number, count: number): number[] {
  const each = Math.floor(totalHalalas / count);
  return Array.from({ length: count }, (_, i) => (i === 0 ? totalHalalas - each * (count - 1) : each));
}

/** The day instalment `k` (1-based) falls due: the plan's first day, then each month after it. */
export const instalmentDueOn = (startsOn: string, k: number) => addMonthsIso(startsOn, k - 1);

/** The month instalment `k` pays for: from the day after the previous month's last day to its own (never a day twice). */
export const instalmentMonth = (startsOn: string, k: number) => ({
  start: k === 1 ? startsOn : addDaysIso(addMonthsIso(startsOn, k - 1), 1),
  end: addMonthsIso(startsOn, k),
});

/** The payment page's offer: how many, what is granted, and each instalment's day and amount (SAR). */
export const instalmentOfferSchema = z.object({
  count: z.number().int(),
  grant: instalmentGrantSchema,
  schedule: z.array(z.object({ on: z.string(), amount: z.number() })),
});
export type InstalmentOffer = z.infer<typeof instalmentOfferSchema>;
