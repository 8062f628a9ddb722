import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NavigationProgress } from '../components/Spinner';
import { initialLocale, loadCatalog } from '../lib/i18n';
import { ErrorFallback, NotFoundPage } from './fallbacks';

export interface RouterContext {
  queryClient: QueryClient;
}

/** The root of both host kinds' trees (router.tsx gives it the children of the page's host kind). */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // Every page but the signed-in staff app's shows messages of the catalogs' `public` part (locales/parts.ts): it
  // waits for them (loaded once; a failure leaves the page to show what it has).
  beforeLoad: ({ matches }) =>
    matches.some((m) => m.routeId === '/app')
      ? undefined
      : loadCatalog(initialLocale(), ['public']).then(
          () => undefined,
          () => undefined,
        ),
  component: () => (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFoundPage,
  errorComponent: ({ error }) => <ErrorFallback error={error} />,
});
