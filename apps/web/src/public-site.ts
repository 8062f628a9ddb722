// The only script of the prerendered public pages (landing, pricing, about, contact, terms, privacy;
// scripts/prerender.mjs). Those pages are plain HTML whose links are plain links into the app; this
// makes the language buttons work (the server answers the page in the language of the `lang` cookie)
// and fetches the app's code ahead when a link into it is about to be followed.
// No imports: it must stay a few hundred bytes, whatever the app grows into.

const LOCALE_KEY = 'locale';
const COOKIE = 'lang';
type Locale = 'en' | 'ar';
const isLocale = (v: unknown): v is Locale => v === 'en' || v === 'ar';

const hasCookie = (l: Locale) => document.cookie.split('; ').includes(`${COOKIE}=${l}`);

/** The same choice the app makes with its flag buttons (lib/i18n.tsx): stored, and told to the server. */
function remember(l: Locale) {
  try {
    localStorage.setItem(LOCALE_KEY, l);
  } catch {}
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed value; the Cookie Store API is not in every browser Kora supports.
  document.cookie = `${COOKIE}=${l}; path=/; max-age=31536000; samesite=lax`;
}

/** This page in the chosen language: the address without an explicit `?lang=`, answered by the cookie (or with it when cookies are off). */
function show(l: Locale) {
  remember(l);
  const url = new URL(location.href);
  url.searchParams.delete('lang');
  if (!hasCookie(l)) url.searchParams.set('lang', l);
  location.replace(url.href);
}

document.addEventListener('click', (e) => {
  const button = e.target instanceof Element ? e.target.closest('button[data-locale]') : null;
  const l = button?.getAttribute('data-locale');
  if (isLocale(l) && l !== document.documentElement.lang) show(l);
});

// A language picked in the app before it told the server (no cookie yet): show the page in it once.
let saved: string | null = null;
try {
  saved = localStorage.getItem(LOCALE_KEY);
} catch {}
if (isLocale(saved) && saved !== document.documentElement.lang && !new URL(location.href).searchParams.has('lang') && !hasCookie(saved)) {
  remember(saved);
  if (hasCookie(saved)) location.replace(location.href);
}

// The app's code (its entry and the page's language), fetched into the cache when a link into the app is pointed at.
const app = document.querySelector<HTMLMetaElement>('meta[name="kora-app"]');
let fetched = false;
function prefetchApp(e: Event) {
  if (fetched || !app || !(e.target instanceof Element) || !e.target.closest('a[href^="/auth/"]')) return;
  fetched = true;
  const files = [...app.content.split(' '), ...(app.getAttribute(`data-${document.documentElement.lang}`) ?? '').split(' ')];
  for (const href of files) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    // As the app's module scripts fetch them (cors, same-origin credentials), so the cached copy is the one used.
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
for (const type of ['pointerover', 'touchstart', 'focusin']) document.addEventListener(type, prefetchApp, { passive: true });
