import { ADMIN_FLAGS, COACH_FLAGS } from '@kora/contracts';
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderWithApp, stubFetch } from '../../test-render';
import { accountTypesQuery } from './api';
import { PrivilegesPage } from './PrivilegesPage';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ADMIN_TYPE = id(901);
const COACH_TYPE = id(902);
const user = (n: number, role: 'ADMIN' | 'COACH', name: string, accountTypeId: string, hasLogin: boolean) => ({
  id: id(n),
  role,
  name,
  nameArabic: null,
  email: hasLogin ? `${name.split(' ')[0].toLowerCase()}@demo.kora.sa` : null,
  avatar: null,
  accountTypeId,
  hasLogin,
  createdAt: '2026-01-05T09:00:00.000Z',
  ...(role === 'COACH' ? { coachType: 'HEAD_COACH', teamsCoaching: [] } : {}),
});

/** The demo's shape: one admin, one coach who signs in and three who do not; the cards count as the server does. */
function stubApi(usersArrive: Promise<void> = Promise.resolve()) {
  const admins = [user(1, 'ADMIN', 'Abdulrahman Admin', ADMIN_TYPE, true)];
  const coaches = [
    user(2, 'COACH', 'Waleed Coach', COACH_TYPE, true),
    user(3, 'COACH', 'Majed Coach', COACH_TYPE, false),
    user(4, 'COACH', 'Hisham Coach', COACH_TYPE, false),
    user(5, 'COACH', 'Ahmed Coach', COACH_TYPE, false),
  ];
  stubFetch(async ({ path, url }) => {
    if (path === '/api/auth/me')
      return json({
        user: {
          ...admins[0],
          accountType: { id: ADMIN_TYPE, name: 'Admin', nameArabic: 'مدير', isDefault: true, ...ADMIN_FLAGS },
          academyUsers: [{ academy: { id: id(700), name: 'Falcons', nameArabic: null, handle: 'demo', logo: null } }],
        },
        currentAcademyId: id(700),
      });
    if (path === '/api/account-types')
      return json([
        { id: ADMIN_TYPE, name: 'Admin', nameArabic: 'مدير', isDefault: true, ...ADMIN_FLAGS, usersCount: 1 },
        { id: COACH_TYPE, name: 'Coach', nameArabic: 'مدرب', isDefault: true, ...COACH_FLAGS, usersCount: 1 },
      ]);
    const role = path === '/api/users' ? url.searchParams.get('role') : null;
    if (role) await usersArrive;
    if (role === 'ADMIN') return json(admins);
    if (role === 'COACH') return json(coaches);
    return new Response(null, { status: 404 });
  });
  localStorage.setItem('signedIn', '1');
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Settings → Privileges', () => {
  it("lists exactly the users each account type's card counts: the staff who sign in", async () => {
    stubApi();
    renderWithApp(<PrivilegesPage />, 'en');
    const cards = await screen.findAllByTestId('account-type');
    // jsdom lays out no media query: both the phone cards and the table are in the page; the table is read.
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByTestId('user-row');
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(['Abdulrahman Admin', 'Waleed Coach']);
    for (const card of cards) {
      const name = within(card).getByRole('heading').textContent;
      const count = Number(
        within(card)
          .getByText(/^Users: /)
          .textContent?.replace('Users: ', ''),
      );
      expect(rows.filter((r) => r.querySelectorAll('td')[2]?.textContent === name)).toHaveLength(count);
    }
  });

  it('shows the account types and the users together, so neither pushes the other (no layout shift)', async () => {
    let release = () => {};
    stubApi(new Promise<void>((r) => (release = r)));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithApp(<PrivilegesPage />, 'en', client);
    // The account types have arrived (and rendered), the users not yet: one placeholder, no cards.
    await waitFor(() => expect(client.getQueryData(accountTypesQuery.queryKey)).toHaveLength(2));
    expect(screen.getByTestId('skeleton')).toBeTruthy();
    expect(screen.queryAllByTestId('account-type')).toHaveLength(0);
    expect(screen.queryByRole('table')).toBeNull();
    await act(async () => release());
    expect(await screen.findAllByTestId('account-type')).toHaveLength(2);
    expect(screen.getByRole('table')).toBeTruthy();
  });
});
