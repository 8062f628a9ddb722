import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteDenied } from '../lib/denied';
import { type Locale, LocaleProvider } from '../lib/i18n';
import { jsonResponse, renderInApp, stubFetch } from '../test-render';
import { LanguageSwitcher } from './LanguageSwitcher';
import { overflowSides, Shell } from './Shell';

const me = {
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Abdulrahman Al-Fahad',
    email: 'admin@demo.kora.sa',
    avatar: null,
    role: 'ADMIN',
    accountType: { canReadDashboard: true, canReadPlayers: true },
    academyUsers: [
      { academy: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Falcons', nameArabic: 'الصقور', handle: 'demo', logo: null } },
    ],
  },
  currentAcademyId: '00000000-0000-4000-8000-0000000000a1',
};

/** Answers /api/auth/me with the user above and every other call (logout) with 204. */
const stubApi = () => stubFetch(({ path }) => (path === '/api/auth/me' ? jsonResponse(me) : new Response(null, { status: 204 })));

function renderShell(locale: Locale = 'en', path = '/') {
  const rootRoute = createRootRoute();
  const page = (p: string) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: p,
      component: () => (
        <Shell>
          <p>page {p}</p>
        </Shell>
      ),
    });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page('/'), page('/players'), page('/auth/login')]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return renderInApp(router, locale);
}

afterEach(() => vi.unstubAllGlobals());

describe('shell', () => {
  it('renders without a signed-in user: no top bar, no error', async () => {
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent) => errors.push(e.error);
    window.addEventListener('error', onError);
    renderShell();
    await screen.findByText('page /');
    expect(screen.queryByTestId('avatar-menu')).toBeNull();
    window.removeEventListener('error', onError);
    expect(errors).toEqual([]);
  });

  it('keeps working through a logout (the user becomes null while the shell is shown)', async () => {
    stubApi();
    localStorage.setItem('signedIn', '1');
    renderShell();
    await userEvent.click(await screen.findByTestId('avatar-menu'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await screen.findByText('page /auth/login');
    expect(screen.queryByTestId('avatar-menu')).toBeNull();
    expect(localStorage.getItem('signedIn')).toBeNull();
  });

  it('shows Arabic initials and the Arabic academy name, and opens the account menu right to left', async () => {
    stubApi();
    localStorage.setItem('signedIn', '1');
    renderShell('ar');
    const trigger = await screen.findByTestId('avatar-menu');
    expect(screen.getByText('الصقور')).toBeTruthy();
    // The user has no Arabic name: the initials of the English one.
    expect(trigger.textContent).toBe('AA');
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(menu.getAttribute('dir')).toBe('rtl');
  });

  it('says once, with a toast, that a screen was refused', async () => {
    stubApi();
    localStorage.setItem('signedIn', '1');
    noteDenied('Coaches');
    renderShell();
    await screen.findByText('You do not have access to Coaches');
    await waitFor(() => expect(screen.getAllByText('You do not have access to Coaches')).toHaveLength(1));
  });
});

describe('navigation overflow cue', () => {
  it('tells which logical side hides entries, left to right and right to left', () => {
    expect(overflowSides({ scrollLeft: 0, scrollWidth: 300, clientWidth: 300 })).toEqual({ start: false, end: false });
    expect(overflowSides({ scrollLeft: 0, scrollWidth: 800, clientWidth: 390 })).toEqual({ start: false, end: true });
    expect(overflowSides({ scrollLeft: 200, scrollWidth: 800, clientWidth: 390 })).toEqual({ start: true, end: true });
    expect(overflowSides({ scrollLeft: 410, scrollWidth: 800, clientWidth: 390 })).toEqual({ start: true, end: false });
    // Right to left, scrollLeft runs from 0 to negative values.
    expect(overflowSides({ scrollLeft: -410, scrollWidth: 800, clientWidth: 390 })).toEqual({ start: true, end: false });
  });
});

describe('language switcher', () => {
  it.each(['en', 'ar'] as const)('names its buttons English and العربية (UI in %s)', (locale) => {
    render(
      <LocaleProvider locale={locale}>
        <LanguageSwitcher />
      </LocaleProvider>,
    );
    expect(screen.getByRole('button', { name: 'English' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'العربية' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'EN' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'ع' })).toBeNull();
  });
});
