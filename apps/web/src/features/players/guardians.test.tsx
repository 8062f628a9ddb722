import type { Player } from '@kora/contracts';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lib/i18n';
import { storage } from '../../lib/storage';
import { jsonResponse as json, renderInApp, signedInAs, stubFetch } from '../../test-render';
import { PlayersPage } from './PlayersPage';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const player = (n: number, name: string, nameArabic: string): Player => ({
  id: ID(n),
  role: 'PLAYER',
  name,
  nameArabic,
  nationalId: null,
  nationality: 'SA',
  residentialNeighborhood: null,
  birthdate: '2015-03-14',
  gender: 'MALE',
  avatar: null,
  condition: null,
  hasMedicalNote: false,
  phoneNumber: null,
  emergencyPhone1: null,
  emergencyPhone2: null,
  email: null,
  accountTypeId: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  teamsPlaying: [],
  parents: [],
  subscriptions: [],
});
const CONFIRMED = player(11, 'Faisal Alharbi', 'فيصل الحربي');
const WAITING = player(12, 'Saad Alotaibi', 'سعد العتيبي');

function renderPlayers(locale: Locale) {
  storage.setSignedIn();
  const { requests } = stubFetch(({ path }) => {
    if (path === '/api/auth/me') return json(signedInAs({ canReadPlayers: true }));
    if (path === '/api/users') return json([CONFIRMED, WAITING]);
    if (path === '/api/privacy/unconfirmed-guardians') return json({ playerIds: [WAITING.id] });
    return json([]);
  });
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '/players', component: PlayersPage });
  const detail = createRoute({ getParentRoute: () => root, path: '/players/$playerId', component: () => null });
  const announcements = createRoute({ getParentRoute: () => root, path: '/players/announcements', component: () => null });
  const router = createRouter({
    routeTree: root.addChildren([page, detail, announcements]),
    history: createMemoryHistory({ initialEntries: ['/players'] }),
  });
  renderInApp(router, locale);
  return requests;
}

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 20_000 });

describe('the players list', () => {
  it('marks the players whose guardian has not confirmed, asked once the rows are in', async () => {
    const requests = renderPlayers('ar');
    await screen.findAllByText('سعد العتيبي');
    await waitFor(() => expect(screen.getAllByTestId('guardian-unconfirmed').length).toBeGreaterThan(0));
    for (const mark of screen.getAllByTestId('guardian-unconfirmed')) {
      expect(mark.textContent).toBe('وليّ الأمر غير مؤكَّد');
      expect(mark.closest('[data-testid="player-row"]')?.textContent).toContain('سعد العتيبي');
    }
    const paths = requests.map((r) => r.path);
    expect(paths.indexOf('/api/privacy/unconfirmed-guardians')).toBeGreaterThan(paths.indexOf('/api/users'));
  });
});
