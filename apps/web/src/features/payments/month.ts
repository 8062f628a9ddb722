import { riyadhMonth } from '@kora/contracts';

// Why: the payments history shows one calendar month at a time (`?month=yyyy-MM`); these helpers stay free of
// zod (the contracts package has no side effects, so only riyadhMonth is bundled) so the router can validate the search parameter without loading the screen.

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `?month=` as the route keeps it: a valid yyyy-MM, or undefined for the current month. */
export const monthParam = (value: unknown) => (typeof value === 'string' && MONTH.test(value) ? value : undefined);

/** This month in Riyadh. */
export const currentMonth = riyadhMonth;

/** A yyyy-MM month moved by whole months. */
export function shiftMonth(month: string, by: number) {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
