// For tests: the family portal's routes drawn as the app draws them (language, query cache without retries,
// toasts, the router at an address), so each portal test states only its answers and what it checks.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { ToastProvider } from '../../components/Toaster';
import { type Locale, LocaleProvider } from '../../lib/i18n';
import { FAMILY_SIGNED_IN_KEY } from '../../lib/storage';
import { familyRoutes } from '../../routes/family/family.route';
import { rootRoute } from '../../routes/root';

/** Renders the portal at `path` in `locale`; `signedIn` sets the portal's signed-in marker first (default). */
export function renderPortal(path: string, locale: Locale = 'en', { signedIn = true }: { signedIn?: boolean } = {}) {
  if (signedIn) localStorage.setItem(FAMILY_SIGNED_IN_KEY, '1');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree: rootRoute.addChildren([...familyRoutes()]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient },
  });
  render(
    <LocaleProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </LocaleProvider>,
  );
  return router;
}
