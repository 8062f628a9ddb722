/**
 * Money: stored and computed in halalas (integer, 100 per riyal), answered in SAR. The one place
 * both sides convert; the SQL twin of `halalasToSar` is `sar()` in apps/server/src/db/json.ts.
 */

/** Halalas as SAR, a binary double (45050 → 450.5), as the API answers amounts. */
export const halalasToSar = (halalas: number) => halalas / 100;

/** SAR as whole halalas (450.5 → 45050), for amounts a client sends. */
export const sarToHalalas = (sar: number) => Math.round(sar * 100);

/** Halalas as SAR text with two decimals, as documents, QR codes and PayTabs write it (45050 → "450.50", -5 → "-0.05"). */
export function sarDecimal(halalas: number) {
  const sign = halalas < 0 ? '-' : '';
  const abs = Math.abs(Math.round(halalas));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Halalas as the amount a person reads in the server's mails and pages: "SAR 450.50" in English,
 * "450.50 ر.س." in Arabic (Latin digits, as the amounts beside it). The web formats its own with
 * react-intl.
 */
export const formatSar = (halalas: number, lang: 'en' | 'ar') =>
  new Intl.NumberFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-SA', { style: 'currency', currency: 'SAR' }).format(halalasToSar(halalas));
