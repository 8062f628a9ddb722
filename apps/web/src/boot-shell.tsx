// Built for the server, not the browser (scripts/prerender.mjs writes dist/boot/shell.js): the signed-in app's
// frame (top bar and the navigation the member may read, in their language) drawn around the screen's spinner,
// with the same components the app renders, so the server's document paints it before any script has run and
// the app's first render draws the same frame (docs/architecture.md, "First paint from the server").
import type { MeReply } from '@kora/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Shell } from './components/Shell';
import { PageSpinner } from './components/Spinner';
import { ToastProvider } from './components/Toaster';
import { AuthProvider, seedSession } from './lib/auth';
import { type Catalog, type Locale, LocaleProvider, registerCatalog } from './lib/i18n';
import ar from './locales/ar.json';
import en from './locales/en.json';

registerCatalog('en', en as Catalog);
registerCatalog('ar', ar as Catalog);

const rootRoute = createRootRoute();
// Every signed-in address draws the same frame; the navigation marks the entry of the address it is given.
const routeTree = rootRoute.addChildren([
  createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: () => (
      <Shell>
        <PageSpinner />
      </Shell>
    ),
  }),
]);

/** The frame's markup (the content of #root) for a member (`/api/auth/me`'s answer) at an address, in a language. */
export async function renderShell({ me, pathname, locale }: { me: MeReply; pathname: string; locale: Locale }) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [pathname] }), isServer: true });
  await router.load();
  // Synchronous from here to the end of the render: no other request's session can be seeded in between.
  if (!seedSession(me)) return null;
  return renderToString(
    <StrictMode>
      <LocaleProvider locale={locale}>
        <QueryClientProvider client={new QueryClient()}>
          <ToastProvider>
            <AuthProvider>
              <RouterProvider router={router} />
            </AuthProvider>
          </ToastProvider>
        </QueryClientProvider>
      </LocaleProvider>
    </StrictMode>,
  );
}
