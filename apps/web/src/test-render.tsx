// Why: tests that render a piece of the signed-in app need the providers main.tsx gives it (language,
// query cache, toasts, session, router); one harness, so a new provider is added in one place.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { expect, vi } from 'vitest';
import { ToastProvider } from './components/Toaster';
import { WIDE_QUERY } from './components/use-wide-screen';
import { AuthProvider } from './lib/auth';
import { type Locale, LocaleProvider } from './lib/i18n';

const noRetry = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * The providers a screen needs without a session (language, query cache, toasts): for a test that
 * renders a piece that never asks who is signed in. Queries are not retried unless a client is given;
 * the client is kept across renders.
 */
export function Providers({ children, locale = 'en', client }: { children: ReactNode; locale?: Locale; client?: QueryClient }) {
  const [own] = useState(noRetry);
  return (
    <LocaleProvider locale={locale}>
      <QueryClientProvider client={client ?? own}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </LocaleProvider>
  );
}

/** Renders `ui` inside the app's providers, in `locale`; queries are not retried unless a client is given. */
export function renderWithApp(ui: ReactNode, locale: Locale = 'en', client = noRetry()) {
  return render(
    <Providers locale={locale} client={client}>
      <AuthProvider>{ui}</AuthProvider>
    </Providers>,
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

/** One request the stubbed fetch received: its method, path, whole URL and body (JSON parsed, else as sent). */
export interface StubbedRequest {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  init: RequestInit;
}

/** What a stub answers a request: a Response, or nothing for a 404 (an address the test does not serve). */
export type StubAnswer = (request: StubbedRequest) => Response | undefined | Promise<Response | undefined>;

function bodyOf(body: RequestInit['body']) {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Replaces `fetch` for this test (undone by `vi.unstubAllGlobals()`): each request is recorded in
 * `requests`, in order, and answered by `answer`. URLs are read on the test academy's host.
 */
export function stubFetch(answer: StubAnswer) {
  const requests: StubbedRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://demo.kora.test');
    const request = { method: init.method ?? 'GET', path: url.pathname, url, body: bodyOf(init.body), init };
    requests.push(request);
    return (await answer(request)) ?? jsonResponse({ message: 'Not found', code: 'request.not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return { requests, fetch };
}

/** `stubFetch` answering by a table of `'METHOD /path'` (`'GET /api/teams'`); anything else is a 404. */
export const stubRoutes = (routes: Record<string, StubAnswer>) =>
  stubFetch((request) => routes[`${request.method} ${request.path}`]?.(request));
