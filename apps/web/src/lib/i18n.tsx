import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { IntlProvider, type MessageFormatElement } from 'react-intl';
import type { MessageId } from './message-ids';

export type Locale = 'en' | 'ar';
/** The catalog's text; the production build ships it parsed (vite.config.ts, compiledMessages). */
export type Catalog = Record<MessageId, string> | Record<MessageId, MessageFormatElement[]>;
const LOCALE_KEY = 'locale';
/** The cookie the server reads to answer the prerendered public pages in the chosen language. */
const LOCALE_COOKIE = 'lang';

/** Each language's messages are a chunk of their own: a page loads only the language it shows. */
const loaders: Record<Locale, () => Promise<{ default: Catalog }>> = {
  en: () => import('../locales/en.json'),
  ar: () => import('../locales/ar.json'),
};
const loaded: Partial<Record<Locale, Catalog>> = {};
const loading: Partial<Record<Locale, Promise<Catalog>>> = {};

/** Loads a language's messages once (main.tsx waits for the first one before rendering: no flash of another language). */
export function loadCatalog(locale: Locale): Promise<Catalog> {
  const ready = loaded[locale];
  if (ready) return Promise.resolve(ready);
  loading[locale] ??= loaders[locale]().then(
    (m) => (loaded[locale] = m.default),
    (err) => {
      delete loading[locale];
      throw err;
    },
  );
  return loading[locale];
}

/** Makes a language's messages available at once (tests and the prerender, which import the catalogs themselves). */
export function registerCatalog(locale: Locale, messages: Catalog) {
  loaded[locale] = messages;
}

const savedLocale = (): Locale | null => {
  try {
    const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(LOCALE_KEY) : null;
    return saved === 'en' || saved === 'ar' ? saved : null;
  } catch {
    return null;
  }
};

/** The browser's language decides unless the user picked one with the flag buttons. */
export function initialLocale(): Locale {
  const saved = savedLocale();
  if (saved) return saved;
  return typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

/** Keeps the server's copy of a picked language (prerendered pages), for a year. */
function rememberForServer(locale: Locale) {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed value; the Cookie Store API is not in every browser Kora supports.
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

const LocaleContext = createContext<{ locale: Locale; setLocale(l: Locale): void } | null>(null);

export function LocaleProvider({ children, locale: fixed }: { children: ReactNode; locale?: Locale }) {
  const [locale, setLocaleState] = useState<Locale>(fixed ?? initialLocale);
  const [, setReady] = useState(0);
  const messages = loaded[locale];
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
  }, [locale]);
  // Normally loaded before the first render (main.tsx); otherwise shown as soon as it arrives.
  useEffect(() => {
    if (!messages) void loadCatalog(locale).then(() => setReady((n) => n + 1));
  }, [locale, messages]);
  const value = useMemo(
    () => ({
      locale,
      setLocale: (l: Locale) => {
        try {
          localStorage.setItem(LOCALE_KEY, l);
        } catch {}
        rememberForServer(l);
        // The page stays in its language until the other one's messages are here.
        if (loaded[l]) setLocaleState(l);
        else void loadCatalog(l).then(() => setLocaleState(l));
      },
    }),
    [locale],
  );
  if (!messages) return null;
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={locale === 'ar' ? 'ar-SA-u-nu-latn' : 'en'} defaultLocale="en" messages={messages}>
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
