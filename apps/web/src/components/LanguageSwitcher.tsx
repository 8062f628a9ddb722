import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { type Locale, useLocale } from '../lib/i18n';

const FLAGS: Record<Locale, ReactElement> = {
  en: (
    <svg viewBox="0 0 60 30" className="h-4 w-6 rounded-sm" aria-hidden="true">
      <rect width="60" height="30" fill="#012169" />
      <path d="M0 0l60 30M60 0L0 30" stroke="#fff" strokeWidth="6" />
      <path d="M0 0l60 30M60 0L0 30" stroke="#C8102E" strokeWidth="2" />
      <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
      <path d="M30 0v30M0 15h60" stroke="#C8102E" strokeWidth="6" />
    </svg>
  ),
  ar: (
    <svg viewBox="0 0 60 40" className="h-4 w-6 rounded-sm" aria-hidden="true">
      <rect width="60" height="40" fill="#006C35" />
      <path d="M16 17h28" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M18 27h22l3-2" stroke="#fff" strokeWidth="1.8" fill="none" />
    </svg>
  ),
};

/** The flag buttons that switch the language (docs/domain.md, "Shared controls and waits"). */
export function LanguageSwitcher() {
  const { locale, setLocale } = useLocale();
  const intl = useIntl();
  return (
    <fieldset className="flex items-center gap-1" aria-label={intl.formatMessage({ id: 'lang.label' })}>
      {(['en', 'ar'] as const).map((l) => (
        <button
          key={l}
          type="button"
          onClick={() => setLocale(l)}
          aria-pressed={locale === l}
          aria-label={intl.formatMessage({ id: `lang.${l}` })}
          title={intl.formatMessage({ id: `lang.${l}` })}
          lang={l}
          data-testid={`lang-${l}`}
          data-locale={l}
          className={`flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium ${locale === l ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200' : 'text-slate-600 hover:bg-slate-100'}`}
        >
          {FLAGS[l]}
          {/* Short visible marks; the buttons' names are the languages' own names. */}
          <span className="hidden sm:inline" aria-hidden="true">
            {l === 'en' ? 'EN' : 'ع'}
          </span>
        </button>
      ))}
    </fieldset>
  );
}
