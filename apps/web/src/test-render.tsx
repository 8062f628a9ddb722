// Why: tests that render a piece of the signed-in app need the providers main.tsx gives it (language,
// query cache, toasts, session, router); one harness, so a new provider is added in one place.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ToastProvider } from './components/Toaster';
import { AuthProvider } from './lib/auth';
import { type Locale, LocaleProvider } from './lib/i18n';

/** Renders `ui` inside the app's providers, in `locale`; queries are not retried unless a client is given. */
export function renderWithApp(
  ui: ReactNode,
  locale: Locale = 'en',
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return render(
    <LocaleProvider locale={locale}>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <AuthProvider>{ui}</AuthProvider>
        </ToastProvider>
      </QueryClientProvider>
    </LocaleProvider>,
  );
}

/** Renders `router` inside the app's providers (renderWithApp). */
export const renderInApp = (router: AnyRouter, locale: Locale = 'en', client?: QueryClient) =>
  renderWithApp(<RouterProvider router={router} />, locale, client);
