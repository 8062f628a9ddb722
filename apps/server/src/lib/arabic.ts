/** Arabic wording shared by the mails and documents: names, counts, lists. */

/** The Arabic name where there is one, else the name. */
export const arabicOr = (arabic: string | null | undefined, name: string) => arabic?.trim() || name;

/** The forms of a counted noun by plural category; `#` stands for the number. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = { ar: new Intl.PluralRules('ar'), en: new Intl.PluralRules('en') };

/** A count in the language's plural form (Arabic: zero, one, two, few, many, other), in Latin digits. */
export const countIn = (lang: 'ar' | 'en', n: number, forms: PluralForms) =>
  (forms[rules[lang].select(n)] ?? forms.other).replaceAll('#', String(n));

/**
 * Days after a preposition (بعد، لمدة، خلال: the genitive): يوم واحد، يومين، 3 أيام، 11 يومًا، 100 يوم.
 * No "zero": a sentence says "today" itself.
 */
export const DAYS_AR: PluralForms = { one: 'يوم واحد', two: 'يومين', few: '# أيام', many: '# يومًا', other: '# يوم' };
/** Sessions as a subject (the nominative): حصة واحدة، حصتان، 3 حصص، 11 حصة، 100 حصة. */
export const SESSIONS_AR: PluralForms = { one: 'حصة واحدة', two: 'حصتان', few: '# حصص', many: '# حصة', other: '# حصة' };
export const DAYS_EN: PluralForms = { one: '# day', other: '# days' };
export const SESSIONS_EN: PluralForms = { one: '# session', other: '# sessions' };

/** "باقة {name}", unless the package's name says باقة already (never "باقة باقة شهرية"). */
export const packageAr = (name: string) => (/^(ال)?باقة(\s|$)/.test(name.trim()) ? name.trim() : `باقة ${name.trim()}`);

const ARABIC_LETTER = /[\u0600-\u06FF]/;

/** Parts of a line (an address) joined with the Arabic comma when any part is Arabic, else the Latin one. */
export const joinList = (parts: string[]) => parts.join(parts.some((p) => ARABIC_LETTER.test(p)) ? '، ' : ', ');
