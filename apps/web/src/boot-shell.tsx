// Built for the server, not the browser (scripts/prerender.mjs writes dist/boot/shell.js): the signed-in app's
// frame (top bar and the navigation the member may read, in their language) and the family portal's, drawn around
// the screen's spinner with the same components the app renders, so the server's document paints it before any
// script has run and the app's first render draws the same frame (docs/architecture.md, "First paint from the server").
import type { FamilyMe, MeReply } from '@kora/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type AnyRoute, createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Shell } from './components/Shell';
import { PageSpinner } from './components/Spinner';
import { ToastProvider } from './components/Toaster';
import { familyMeQuery } from './features/family/api';
import { FamilyLayout } from './features/family/FamilyLayout';
import { AuthProvider, seedSession } from './lib/auth';
import { type Locale, LocaleProvider, registerCatalog } from './lib/i18n';
import ar from './locales/ar.json';
import en from './locales/en.json';

registerCatalog('en', en);
registerCatalog('ar', ar);

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

// The portal's layout around the screen's place: `/family` itself and every address under it.
const familyRoot = createRootRoute();
const familyLayout = createRoute({ getParentRoute: () => familyRoot, path: 'family', component: FamilyLayout });
const familyTree = familyRoot.addChildren([
  familyLayout.addChildren([
    createRoute({ getParentRoute: () => familyLayout, path: '/', component: PageSpinner }),
    createRoute({ getParentRoute: () => familyLayout, path: '$', component: PageSpinner }),
  ]),
]);

/** A router of `tree` at `pathname`, its matches loaded (synchronous rendering can follow). */
async function loadedRouter(tree: AnyRoute, pathname: string) {
  const router = createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [pathname] }), isServer: true });
  await router.load();
  return router;
}

function render(router: Awaited<ReturnType<typeof loadedRouter>>, locale: Locale, client: QueryClient, withAuth: boolean) {
  const app = <RouterProvider router={router} />;
  return renderToString(
    <StrictMode>
      <LocaleProvider locale={locale}>
        <QueryClientProvider client={client}>
          <ToastProvider>{withAuth ? <AuthProvider>{app}</AuthProvider> : app}</ToastProvider>
        </QueryClientProvider>
      </LocaleProvider>
    </StrictMode>,
  );
}

/** The frame's markup (the content of #root) for a member (`/api/auth/me`'s answer) at an address, in a language. */
export async function renderShell({ me, pathname, locale }: { me: MeReply; pathname: string; locale: Locale }) {
  const router = await loadedRouter(routeTree, pathname);
  // Seeded and drawn with no wait between: no other request's session can be seeded in between.
  if (!seedSession(me)) return null;
  return render(router, locale, new QueryClient(), true);
}

/** The family portal's frame (academy, parent, the portal's places) for a parent (`/api/family/me`'s answer). */
export async function renderFamilyShell({ familyMe, pathname, locale }: { familyMe: FamilyMe; pathname: string; locale: Locale }) {
  const client = new QueryClient();
  client.setQueryData(familyMeQuery.queryKey, familyMe);
  return render(await loadedRouter(familyTree, pathname), locale, client, false);
}
