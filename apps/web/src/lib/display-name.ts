/** Anything that has a name and may have its Arabic form (players, teams, academies, packages, member refs). */
export interface Named {
  name: string;
  nameArabic?: string | null;
}

/**
 * A text kept in two languages (a name, a package's description): the Arabic form in the Arabic UI
 * when there is one, else the other; the Arabic form too when it is the only one.
 */
function inUiLanguage(text: string | null | undefined, arabic: string | null | undefined, locale: string): string {
  const inArabic = arabic?.trim();
  if (locale === 'ar' && inArabic) return inArabic;
  return text || inArabic || '';
}

/** The name to show: the Arabic form in the Arabic UI when there is one, else the name. */
export function displayName(named: Named | null | undefined, locale: string): string {
  return named ? inUiLanguage(named.name, named.nameArabic, locale) : '';
}

/** A package's description to show, by the same rule as its name ('' when it has none). */
export function displayDescription(pkg: { description: string | null; descriptionArabic: string | null }, locale: string): string {
  return inUiLanguage(pkg.description, pkg.descriptionArabic, locale);
}

// Leading characters that are not letters or digits (quotes, brackets, dots) are skipped.
const FIRST_LETTER = /[\p{L}\p{N}]/u;
// The Arabic article of a family name ("العنزي"): its initial is the name's, not the article's alif.
const ARTICLE = /^ال(?=\p{L}{2,})/u;
const ARABIC = /\p{Script=Arabic}/u;
// Arabic short vowels and other marks: an initial is the bare letter.
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u06D6-\u06ED]/gu;
// A narrow no-break space: two Arabic initials stay two separate letters ("م ع", not the joined
// word "مع") and never break onto two lines inside their circle.
const GAP = '\u202F';

// A letter with the marks that follow it (an accent, Arabic vowels): one user-perceived character. A regular
// expression, not Intl.Segmenter: building a segmenter loads the browser's break rules, a long task at start-up
// (the frame draws initials), and a name's first letter needs no more than this.
const LETTER_WITH_MARKS = /[\p{L}\p{N}]\p{M}*/u;

/**
 * First letters of the first two words (one character each, with its accents), upper-cased where the script has case.
 * Arabic letters are kept bare (the article "ال" of a family name is skipped) and set apart by a
 * narrow no-break space; words in another script than the first word's are passed over.
 */
export function initials(name: string | null | undefined): string {
  if (!name) return '';
  const first = (w: string) => (LETTER_WITH_MARKS.exec(w.replace(ARTICLE, ''))?.[0] ?? '').replace(ARABIC_MARKS, '');
  const words = name.split(/\s+/u).filter((w) => FIRST_LETTER.test(w));
  // Initials keep to one script: "نورة Smith" gives "ن", never a mixed "نS".
  const arabic = words.length > 0 && ARABIC.test(first(words[0]));
  const letters = words
    .filter((w) => ARABIC.test(first(w)) === arabic)
    .slice(0, 2)
    .map((w) => first(w).toLocaleUpperCase());
  return letters.every((l) => ARABIC.test(l)) ? letters.join(GAP) : letters.join('');
}

/**
 * Orders named things as people read them: by the name shown in `locale`, numbers by their value
 * ("U8" before "U16"), case and accents aside.
 */
export function byName(locale: string) {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  return (a: Named, b: Named) => collator.compare(displayName(a, locale), displayName(b, locale));
}

/** Each thing of `items` once (by id), in reading order: e.g. the teams of the listed players, for a filter. */
export function distinctByName<T extends Named & { id: string }>(items: Iterable<T>, locale: string): T[] {
  const byId = new Map<string, T>();
  for (const x of items) byId.set(x.id, x);
  return [...byId.values()].sort(byName(locale));
}
