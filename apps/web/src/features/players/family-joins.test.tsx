import type { FamilyJoin } from '@kora/contracts';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lib/i18n';
import { storage } from '../../lib/storage';
import { jsonResponse as json, renderInApp, stubFetch } from '../../test-render';
import { FamilyJoinsPanel } from './FamilyJoinsPanel';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const me = (canWritePlayers: boolean) => ({
  user: {
    id: ID(1),
    name: 'Abdulrahman',
    email: 'admin@demo.kora.sa',
    avatar: null,
    role: 'ADMIN',
    accountType: { canReadPlayers: true, canWritePlayers },
    academyUsers: [{ academy: { id: ID(2), name: 'Falcons', nameArabic: 'الصقور', handle: 'demo', logo: null } }],
  },
  currentAcademyId: ID(2),
});
const WAITING: FamilyJoin = {
  id: ID(3),
  createdAt: '2026-11-24T08:00:00.000Z',
  player: { id: ID(4), name: 'Intruder Kid', nameArabic: null },
  parent: { id: ID(5), name: 'Someone Else', nameArabic: null, email: 'noura@family.sa', phoneNumber: '0559990001' },
  existingParent: {
    id: ID(6),
    name: 'Noura Al-Harbi',
    nameArabic: 'نورة الحربي',
    email: 'noura@family.sa',
    phoneNumber: '0501234567',
    children: [{ id: ID(7), name: 'Faisal Al-Harbi', nameArabic: 'فيصل الحربي' }],
  },
  sameEmail: true,
  samePhone: false,
};

function stubApi(writer: boolean, initial: FamilyJoin[] = [WAITING]) {
  let waiting = initial;
  const { requests } = stubFetch(({ method, path }) => {
    if (path === '/api/auth/me') return json(me(writer));
    if (path === '/api/family-joins') return json(waiting);
    if (path.startsWith('/api/family-joins/') && method === 'POST') {
      waiting = [];
      return new Response(null, { status: 204 });
    }
    return json([]);
  });
  return requests;
}

function renderPanel(locale: Locale = 'en') {
  storage.setSignedIn();
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '/players', component: FamilyJoinsPanel });
  const player = createRoute({ getParentRoute: () => root, path: '/players/$playerId', component: () => null });
  const router = createRouter({
    routeTree: root.addChildren([page, player]),
    history: createMemoryHistory({ initialEntries: ['/players'] }),
  });
  return renderInApp(router, locale);
}

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 20_000 });

describe('registrations to confirm', () => {
  it("lists a registration with an existing parent's e-mail and confirms it into her family", async () => {
    const decided = stubApi(true);
    renderPanel();
    const panel = await screen.findByTestId('family-joins');
    expect(within(panel).getByRole('heading', { name: 'A registration to confirm' })).toBeTruthy();
    const item = within(panel).getByTestId('family-join');
    expect(item.textContent).toContain('Intruder Kid, registered by Someone Else');
    expect(item.textContent).toContain('Same e-mail as Noura Al-Harbi.');
    expect(item.textContent).toContain('Their children: Faisal Al-Harbi.');
    await userEvent.click(within(item).getByRole('button', { name: "Confirm: Noura Al-Harbi's family" }));
    await waitFor(() =>
      expect(decided.filter((r) => r.method === 'POST').map(({ path, body }) => ({ path, body }))).toEqual([
        { path: `/api/family-joins/${ID(3)}/decision`, body: { decision: 'confirm' } },
      ]),
    );
    expect(await screen.findByText("Intruder Kid is now in Noura Al-Harbi's family")).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('family-joins')).toBeNull());
  });

  it('shows it in Arabic, without the buttons for a member who only reads Players', async () => {
    stubApi(false);
    renderPanel('ar');
    const panel = await screen.findByTestId('family-joins');
    expect(within(panel).getByRole('heading', { name: 'تسجيل بانتظار التأكيد' })).toBeTruthy();
    expect(panel.textContent).toContain('البريد نفسه الذي لدى نورة الحربي.');
    expect(panel.textContent).toContain('فيصل الحربي');
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('shows three at first, the rest on asking, so the players list stays in sight', async () => {
    const many = [1, 2, 3, 4, 5].map((n) => ({
      ...WAITING,
      id: ID(20 + n),
      player: { ...WAITING.player, id: ID(30 + n), name: `Kid ${n}` },
    }));
    stubApi(true, many);
    renderPanel();
    const panel = await screen.findByTestId('family-joins');
    expect(within(panel).getByRole('heading', { name: '5 registrations to confirm' })).toBeTruthy();
    expect(within(panel).getAllByTestId('family-join')).toHaveLength(3);
    await userEvent.click(within(panel).getByRole('button', { name: /Show/ }));
    expect(within(panel).getAllByTestId('family-join')).toHaveLength(5);
  });
});
