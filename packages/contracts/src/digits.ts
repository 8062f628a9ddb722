/**
 * Digits as people type them in Saudi Arabia: Arabic-Indic (٠١٢…٩, U+0660–0669) and Eastern
 * Arabic-Indic (۰۱۲…۹, U+06F0–06F9, Persian and Urdu keyboards), with the Arabic decimal separator
 * (٫, U+066B). Every schema and input that reads a number, phone, code or date takes them through
 * `latinDigits`, the one place they are read (docs/domain.md, "Screens": Digits).
 */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9\u066B]/g;

/** The value with every Arabic-Indic or Eastern Arabic-Indic digit as its ASCII digit, and ٫ as '.'. */
export const latinDigits = (value: string) =>
  value.replace(EASTERN_DIGITS, (ch) => (ch === '\u066B' ? '.' : String(ch.charCodeAt(0) & 0x0f)));

/** A number typed in a text field (any digits), or null when empty or not a number. */
export function typedNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = latinDigits(value)
    .trim()
    .replace(/[\s\u066C,]/g, '');
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}
