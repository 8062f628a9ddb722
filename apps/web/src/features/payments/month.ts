// Why: the payments history shows one calendar month at a time (`?month=yyyy-MM`); these helpers stay free of
// zod and of the contracts so the router can validate the search parameter without loading the screen.

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `?month=` as the route keeps it: a valid yyyy-MM, or undefined for the current month. */
export const monthParam = (value: unknown) => (typeof value === 'string' && MONTH.test(value) ? value : undefined);

/** This month in Asia/Riyadh (UTC+3 all year). */
export const currentMonth = (now = new Date()) => new Date(now.getTime() + 3 * 3600_000).toISOString().slice(0, 7);

/** A yyyy-MM month moved by whole months. */
export function shiftMonth(month: string, by: number) {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
