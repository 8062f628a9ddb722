import { riyadhToday } from '@kora/contracts';

/** Dates are yyyy-MM-dd in data and yyyy/MM/dd on screen (docs/domain.md, "Dates, times and ages"). */
export const toDisplay = (iso: string | null | undefined) => (iso ? iso.replaceAll('-', '/') : '');

/** A typed yyyy/MM/dd (or yyyy-MM-dd) as yyyy-MM-dd when it is a real calendar date, else null. */
export function parseDisplay(typed: string): string | null {
  const m = typed.trim().match(/^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

export const isoOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
export const dateOf = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};
/** Today is Riyadh's on every screen, wherever the browser is. */
export const todayIso = () => riyadhToday();
/** Week starts on Sunday in English and Saturday in Arabic. */
export const weekStart = (locale: 'en' | 'ar') => (locale === 'ar' ? 6 : 0);
