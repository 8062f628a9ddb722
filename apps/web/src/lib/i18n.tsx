import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { IntlProvider } from 'react-intl';
import ar from '../locales/ar.json';
import en from '../locales/en.json';

export type Locale = 'en' | 'ar';
const catalogs: Record<Locale, Record<string, string>> = { en, ar };
const LOCALE_KEY = 'locale';

/** The browser's language decides unless the user picked one with the flag buttons. */
export function initialLocale(): Locale {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(LOCALE_KEY) : null;
  if (saved === 'en' || saved === 'ar') return saved;
  return typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

const LocaleContext = createContext<{ locale: Locale; setLocale(l: Locale): void } | null>(null);

export function LocaleProvider({ children, locale: fixed }: { children: ReactNode; locale?: Locale }) {
  const [locale, setLocaleState] = useState<Locale>(fixed ?? initialLocale);
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
  }, [locale]);
  const value = useMemo(
    () => ({
      locale,
      setLocale: (l: Locale) => {
        localStorage.setItem(LOCALE_KEY, l);
        setLocaleState(l);
      },
    }),
    [locale],
  );
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={locale === 'ar' ? 'ar-SA-u-nu-latn' : 'en'} defaultLocale="en" messages={catalogs[locale]}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale() {
  const ctx = useContext(LocaleContext);
  if (!ctx) throw new Error('useLocale must be used inside <LocaleProvider>');
  return ctx;
}
