/** Anything that has a name and may have its Arabic form (players, teams, academies, packages, member refs). */
export interface Named {
  name: string;
  nameArabic?: string | null;
}

/** The name to show: the Arabic form in the Arabic UI when there is one, else the name. */
export function displayName(named: Named | null | undefined, locale: string): string {
  if (!named) return '';
  const arabic = named.nameArabic?.trim();
  return locale === 'ar' && arabic ? arabic : named.name;
}

// Leading characters that are not letters or digits (quotes, brackets, dots) are skipped.
const FIRST_LETTER = /[\p{L}\p{N}]/u;
// The Arabic article of a family name ("العنزي"): its initial is the name's, not the article's alif.
const ARTICLE = /^ال(?=\p{L}{2,})/u;
const ARABIC = /\p{Script=Arabic}/u;
// A thin space: two Arabic initials stay two separate letters ("م ع"), not a joined word ("مع").
const THIN_SPACE = '\u2009';

/**
 * First letters of the first two words, upper-cased where the script has case. Arabic letters are
 * kept (the article "ال" of a family name is skipped) and set apart by a thin space.
 */
export function initials(name: string | null | undefined): string {
  if (!name) return '';
  const letters = name
    .split(/\s+/u)
    .filter((w) => FIRST_LETTER.test(w))
    .slice(0, 2)
    .map((w) => (w.replace(ARTICLE, '').match(FIRST_LETTER)?.[0] ?? '').toLocaleUpperCase());
  return letters.every((l) => ARABIC.test(l)) ? letters.join(THIN_SPACE) : letters.join('');
}
