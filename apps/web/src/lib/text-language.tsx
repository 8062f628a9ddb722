// Why: some texts exist in one language only (an event's field, a package's description the academy
// wrote in one language only); shown on a page of the other language they must keep their own
// language and direction, or Arabic renders as a left-to-right jumble on an English page.
import type { ReactNode } from 'react';

const ARABIC = /\p{Script=Arabic}/gu;
const LATIN = /\p{Script=Latin}/gu;

/** The language a free text is written in: Arabic when most of its letters are Arabic. */
export function textLanguage(text: string): 'ar' | 'en' {
  return (text.match(ARABIC)?.length ?? 0) > (text.match(LATIN)?.length ?? 0) ? 'ar' : 'en';
}

/** `text-align: match-parent`: Chromium and Safari know it only by its prefixed name (each browser drops the one it does not know). */
const ALIGN_AS_AROUND = '[text-align:-webkit-match-parent] [text-align:match-parent]';

/**
 * A free text marked with its own language and direction (`lang`, `dir`), whatever the page's. It is
 * aligned as the text around it (`match-parent`), not to its own start: an Arabic field under an
 * English name stays under the name instead of jumping to the other edge of the row.
 */
export function WrittenText({ text, className = '', as: Tag = 'p' }: { text: string; className?: string; as?: 'p' | 'span' }): ReactNode {
  const lang = textLanguage(text);
  return (
    <Tag lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'} className={`${ALIGN_AS_AROUND} ${className}`.trim()}>
      {text}
    </Tag>
  );
}
