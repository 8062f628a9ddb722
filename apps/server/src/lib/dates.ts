import { toIsoDate } from '@kora/contracts';

/** yyyy-MM-dd plus whole months, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonthsIso(isoDate: string, months: number) {
  const [y, m, d] = isoDate.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return toIsoDate(target);
}

/** yyyy-MM-dd plus whole days. */
export function addDays(isoDate: string, days: number) {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return toIsoDate(d);
}
