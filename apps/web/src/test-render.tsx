// Why: tests that render a piece of the signed-in app need the providers main.tsx gives it (language,
// query cache, toasts, session, router); one harness, so a new provider is added in one place.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { ToastProvider } from './components/Toaster';
import { WIDE_QUERY } from './components/use-wide-screen';
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

/** A viewport `wide` or not for `window.matchMedia`; `resize` changes it and tells the listeners. */
export function viewport(wide: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return wide;
    },
    addEventListener: (_: 'change', l: () => void) => listeners.add(l),
    removeEventListener: (_: 'change', l: () => void) => listeners.delete(l),
  };
  const matchMedia = vi.fn((q: string) => {
    expect(q).toBe(WIDE_QUERY);
    return list;
  });
  vi.stubGlobal('matchMedia', matchMedia);
  return {
    resize(next: boolean) {
      wide = next;
      act(() => {
        for (const l of listeners) l();
      });
    },
  };
}

/** An API answer as Kora sends it: JSON (none for `undefined`), with its status. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The test academy every signed-in test belongs to. */
export const TEST_ACADEMY_ID = '00000000-0000-4000-8000-0000000000a1';

/** `/api/auth/me`'s answer for a member of the test academy with `accountType`'s flags (an admin unless told). */
export const signedInAs = (
  accountType: Record<string, boolean>,
  user: { name?: string; email?: string; role?: 'ADMIN' | 'COACH' } = {},
) => ({
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    name: user.name ?? 'Admin',
    email: user.email ?? 'admin@demo.kora.sa',
    avatar: null,
    role: user.role ?? 'ADMIN',
    accountType,
    academyUsers: [{ academy: { id: TEST_ACADEMY_ID, name: 'Falcons', nameArabic: null, handle: 'demo', logo: null } }],
  },
  currentAcademyId: TEST_ACADEMY_ID,
});
