import { createContext, type ReactNode, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { IntlProvider, type MessageFormatElement } from 'react-intl';
import { MESSAGE_PARTS, type MessagePart } from '../locales/parts';
import type { MessageId } from './message-ids';

export type Locale = 'en' | 'ar';
/** The catalog's text; the production build ships it parsed (vite.config.ts, `catalogs`). */
export type Catalog = Record<MessageId, string> | Record<MessageId, MessageFormatElement[]>;
/** A language's messages loaded so far: one or more parts of its catalog (locales/catalog-parts.d.ts). */
type Messages = Catalog;
const LOCALE_KEY = 'locale';
/** The cookie the server reads to answer the prerendered public pages in the chosen language. */
const LOCALE_COOKIE = 'lang';

/** Each part of each language's catalog is a chunk of its own: a page loads only the language it shows, and only the parts it uses. */
const loaders: Record<Locale, Record<MessagePart, () => Promise<{ default: Messages }>>> = {
  en: {
    core: () => import('../locales/en.json?part=core'),
    errors: () => import('../locales/en.json?part=errors'),
    public: () => import('../locales/en.json?part=public'),
    settings: () => import('../locales/en.json?part=settings'),
    tools: () => import('../locales/en.json?part=tools'),
  },
  ar: {
    core: () => import('../locales/ar.json?part=core'),
    errors: () => import('../locales/ar.json?part=errors'),
    public: () => import('../locales/ar.json?part=public'),
    settings: () => import('../locales/ar.json?part=settings'),
    tools: () => import('../locales/ar.json?part=tools'),
  },
};
const parts: Record<Locale, Partial<Record<MessagePart, Messages>>> = { en: {}, ar: {} };
const loading: Record<Locale, Partial<Record<MessagePart, Promise<unknown>>>> = { en: {}, ar: {} };
/** Each language's loaded parts in one object, made again when a part arrives. */
const merged: Partial<Record<Locale, Messages>> = {};
/** The parts asked for so far: another language, when picked, loads the same. */
const wanted = new Set<MessagePart>();
const listeners = new Set<() => void>();

/** The parts of a language's messages loaded so far, or nothing before its first part. */
const messagesOf = (locale: Locale) => merged[locale];

function loadPart(locale: Locale, part: MessagePart) {
  if (parts[locale][part]) return Promise.resolve();
  loading[locale][part] ??= loaders[locale][part]().then(
    (m) => {
      parts[locale][part] = m.default;
      const all: Messages = { ...m.default };
      for (const p of MESSAGE_PARTS) Object.assign(all, parts[locale][p]);
      merged[locale] = all;
      for (const listener of listeners) listener();
    },
    (err) => {
      delete loading[locale][part];
      throw err;
    },
  );
  return loading[locale][part];
}

/**
 * Loads a language's messages, the parts named (all by default) and any asked for before, each once. main.tsx waits
 * for the first before rendering (no flash of another language); the public routes wait for `public` (routes/root.tsx).
 */
export async function loadCatalog(locale: Locale, which: readonly MessagePart[] = MESSAGE_PARTS): Promise<Messages> {
  for (const part of ['core', ...which] as const) wanted.add(part);
  await Promise.all([...wanted].map((part) => loadPart(locale, part)));
  const messages = merged[locale];
  if (!messages) throw new Error(`the ${locale} messages did not load`);
  return messages;
}

/** Makes a language's messages available at once (tests and the prerender, which import the catalogs themselves). */
export function registerCatalog(locale: Locale, messages: Catalog) {
  for (const part of MESSAGE_PARTS) parts[locale][part] = messages;
  merged[locale] = messages;
}

const savedLocale = (): Locale | null => {
  try {
    const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(LOCALE_KEY) : null;
    return saved === 'en' || saved === 'ar' ? saved : null;
  } catch {
    return null;
  }
};

/**
 * The language a document from the server was drawn in (main.tsx, `kora-boot`; the server read the `lang` cookie,
 * else the browser's languages): this browser's from now on when it has no choice of its own. A choice it has
 * wins (the first render then draws the page in it) and the server is told it for the next page load.
 */
export function adoptLocale(locale: Locale) {
  const saved = savedLocale();
  if (saved === null) {
    try {
      localStorage.setItem(LOCALE_KEY, locale);
    } catch {}
  } else if (saved !== locale) rememberForServer(saved);
}

/** On start: the server's copy of a language picked here (an older version kept none), so its documents are drawn in it. */
export function tellServerLocale() {
  const saved = savedLocale();
  if (saved && typeof document !== 'undefined' && !document.cookie.split('; ').includes(`${LOCALE_COOKIE}=${saved}`))
    rememberForServer(saved);
}

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
  // A part that arrives after the first render (the errors, the public pages') is shown at once.
  const messages = useSyncExternalStore(
    subscribe,
    () => messagesOf(locale),
    () => messagesOf(locale),
  );
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
  }, [locale]);
  // Normally loaded before the first render (main.tsx); otherwise shown as soon as it arrives.
  useEffect(() => {
    if (!messages) void loadCatalog(locale, ['core']);
  }, [locale, messages]);
  const value = useMemo(
    () => ({
      locale,
      setLocale: (l: Locale) => {
        try {
          localStorage.setItem(LOCALE_KEY, l);
        } catch {}
        rememberForServer(l);
        // The page stays in its language until the other one's messages (the parts this page uses) are here.
        void loadCatalog(l, []).then(() => setLocaleState(l));
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

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocale() {
  const ctx = useContext(LocaleContext);
  if (!ctx) throw new Error('useLocale must be used inside <LocaleProvider>');
  return ctx;
}
