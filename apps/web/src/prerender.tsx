// Build-time only (scripts/prerender.mjs): the public site's pages rendered to HTML in both languages,
// with the same components, messages and links the app shows, so the server can answer them at once.
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createIntl } from 'react-intl';
import { CONTACT } from './components/PublicLayout';
import { LandingPage } from './features/site/LandingPage';
import { PUBLIC_PAGES, PublicPage, type PublicPageName } from './features/site/PublicPage';
import { type Catalog, type Locale, LocaleProvider, registerCatalog } from './lib/i18n';

export type PrerenderedPage = 'landing' | PublicPageName;
export const PAGES: readonly PrerenderedPage[] = ['landing', ...PUBLIC_PAGES];
export const LOCALES: readonly Locale[] = ['en', 'ar'];
/** The messages, given by the script (read from src/locales): the app's own loading of them stays per language. */
let catalogs: Record<Locale, Catalog>;
export function setCatalogs(all: Record<Locale, Catalog>) {
  catalogs = all;
  for (const l of LOCALES) registerCatalog(l, all[l]);
}

/** The page's address on the public site. */
export const pathOf = (page: PrerenderedPage) => (page === 'landing' ? '/' : `/${page}`);

const rootRoute = createRootRoute({ component: Outlet });
// The pages' links point into the app (sign-up, login): routes of their own here, never rendered.
const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: () => rootRoute, path: '/', component: LandingPage }),
  ...PUBLIC_PAGES.map((page) => createRoute({ getParentRoute: () => rootRoute, path: page, component: () => <PublicPage page={page} /> })),
  createRoute({ getParentRoute: () => rootRoute, path: 'auth/login' }),
  createRoute({ getParentRoute: () => rootRoute, path: 'auth/register/academy' }),
  createRoute({ getParentRoute: () => rootRoute, path: 'refund-policy' }),
]);

/** Title and description for the document's head, from the page's own texts. */
function head(page: PrerenderedPage, locale: Locale) {
  const intl = createIntl({ locale, messages: catalogs[locale] });
  const brand = intl.formatMessage({ id: 'brand.name' });
  if (page === 'landing') {
    return {
      title: `${brand} — ${intl.formatMessage({ id: 'landing.title' })}`,
      description: intl.formatMessage({ id: 'landing.description' }),
    };
  }
  const title = intl.formatMessage({ id: `page.${page}.title` });
  const intro = intl.formatMessage({ id: `page.${page}.intro` }, CONTACT);
  const subtitle = intl.formatMessage({ id: 'landing.subtitle' });
  return {
    title: title.includes(brand) ? title : `${title} — ${brand}`,
    // Search results show about 155 characters: the page's introduction, completed by what Kora is.
    description: intro.length < 110 ? `${intro} ${subtitle}` : intro,
  };
}

/** The page's markup (the content of #root) with its title and description. */
export async function renderPage(page: PrerenderedPage, locale: Locale) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [pathOf(page)] }), isServer: true });
  await router.load();
  const html = renderToString(
    <StrictMode>
      <LocaleProvider locale={locale}>
        <RouterProvider router={router} />
      </LocaleProvider>
    </StrictMode>,
  );
  return { html, ...head(page, locale) };
}
