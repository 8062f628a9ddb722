// The player page's privacy actions (docs/domain.md, "Privacy requests"): the family's data for a request made on
// paper (members with medical and identity: the file holds both), its progress and one-time link, erasure on the
// family's request (W:Players) after a confirmation, refusals in the member's language, and the unconfirmed guardian.
import { allFlags, COACH_FLAGS, type Player, type PrivacyExportStatus } from '@kora/contracts';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Reply } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import type { Locale } from '../../lib/i18n';
import { jsonResponse as json, renderInApp, type StubAnswer, signedInAs, stubRoutes } from '../../test-render';
import { PlayerDetailPage } from './PlayerDetailPage';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const PLAYER: Player = {
  id: ID(11),
  role: 'PLAYER',
  name: 'Faisal Alharbi',
  nameArabic: 'فيصل الحربي',
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
};
const EXPORT_ID = ID(70);
const TOKEN = 'k3Vq9Zt_XbL2mN8pRw4sYd6Hj0Ue5Fa1';
const STARTED: Reply<'requestPlayerExport'> = { id: EXPORT_ID, token: TOKEN };
const status = (state: PrivacyExportStatus['state'], progress: number): PrivacyExportStatus => ({
  id: EXPORT_ID,
  state,
  progress,
  createdAt: '2026-12-01T09:00:00.000Z',
  expiresAt: state === 'ready' ? '2026-12-02T09:00:00.000Z' : null,
});
const ERASED: Reply<'erasePlayer'> = { id: ID(80), outcome: { participants: 12, growth_metrics: 2 } };
/** A member who writes Players but may not read medical conditions and national ids. */
const PLAYERS_WRITER = { ...allFlags(false), canReadPlayers: true, canWritePlayers: true };
/** A member who reads Players and medical and identity, and may change nothing. */
const SENSITIVE_READER = { ...COACH_FLAGS, canReadMedicalIdentity: true };

/** The player page of PLAYER, on the app's route id, for a member with `flags`; the list route stands for /players. */
function renderPlayer(flags: Record<string, boolean>, locale: Locale = 'en', extra: Record<string, StubAnswer> = {}) {
  localStorage.setItem('signedIn', '1');
  let erased = false;
  const { requests } = stubRoutes({
    'GET /api/auth/me': () => json(signedInAs(flags)),
    // After the erasure the row keeps only its id (docs/domain.md, "Privacy requests").
    [`GET /api/users/${PLAYER.id}`]: () => json(erased ? { ...PLAYER, name: 'Erased player', nameArabic: null } : PLAYER),
    [`GET /api/events/player/${PLAYER.id}`]: () => json([]),
    [`GET /api/players/${PLAYER.id}/sessions`]: () => json(null),
    'GET /api/privacy/unconfirmed-guardians': () => json({ playerIds: [] }),
    [`POST /api/players/${PLAYER.id}/data-exports`]: () => json(STARTED, 202),
    [`GET /api/data-exports/${EXPORT_ID}`]: () => json(status('ready', 100)),
    [`POST /api/players/${PLAYER.id}/erasure`]: () => {
      erased = true;
      return json(ERASED);
    },
    ...extra,
  });
  const root = createRootRoute();
  // The app's pathless layout: the page reads its params from the route `/app/players/$playerId`.
  const app = createRoute({
    getParentRoute: () => root,
    id: 'app',
    component: () => (
      <>
        <Outlet />
        <MemberKnown />
      </>
    ),
  });
  const router = createRouter({
    routeTree: root.addChildren([
      app.addChildren([
        createRoute({ getParentRoute: () => app, path: '/players/$playerId', component: PlayerDetailPage }),
        createRoute({ getParentRoute: () => app, path: '/players', component: () => <p>players list</p> }),
      ]),
    ]),
    history: createMemoryHistory({ initialEntries: [`/players/${PLAYER.id}`] }),
  });
  renderInApp(router, locale);
  return { requests, router };
}

/** Marks when the signed-in member is known: the page's permissions are read from then on. */
function MemberKnown() {
  return useAuth().status === 'authenticated' ? <p data-testid="member-known" /> : null;
}
/** The section once the member is known: its buttons depend on the member's flags. */
async function section() {
  await screen.findByTestId('member-known');
  return screen.findByTestId('player-privacy');
}
const posts = (requests: { method: string; path: string; body: unknown }[]) =>
  requests.filter((r) => r.method === 'POST').map((r) => ({ path: r.path, body: r.body }));

/** A one-time link followed in jsdom would try to navigate: the click's default is prevented (React still sees it). */
const keepPage = (e: MouseEvent) => {
  if ((e.target as HTMLElement).closest('a[href^="/api/"]')) e.preventDefault();
};

// The section loads with its own chunk (React.lazy): imported once here so the first test does not wait on it.
beforeAll(async () => {
  await import('./PlayerPrivacy');
}, 30_000);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.removeEventListener('click', keepPage, true);
});
vi.setConfig({ testTimeout: 20_000 });

describe("the player page's privacy actions", () => {
  it('offers both actions to a member with medical and identity who writes Players', async () => {
    const { requests } = renderPlayer(allFlags(true));
    const box = await section();
    expect(within(box).getByText('Privacy')).toBeTruthy();
    expect(within(box).getByRole('button', { name: "Family's data (paper request)" })).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Erase on request' })).toBeTruthy();
    // Every guardian of this player confirmed: no mark.
    expect(within(box).queryByTestId('player-guardian-unconfirmed')).toBeNull();
    // Nothing is asked before a button is pressed.
    expect(posts(requests)).toEqual([]);
  });

  it('marks a player whose guardian has not confirmed', async () => {
    renderPlayer(allFlags(true), 'en', {
      'GET /api/privacy/unconfirmed-guardians': () => json({ playerIds: [ID(99), PLAYER.id] }),
    });
    await section();
    expect((await screen.findByTestId('player-guardian-unconfirmed')).textContent).toBe('Guardian not confirmed');
  });

  it('builds the family’s file in the member’s language, shows its progress, then links it once', async () => {
    document.addEventListener('click', keepPage, true);
    const states = [status('building', 40), status('ready', 100)];
    const { requests } = renderPlayer(allFlags(true), 'en', {
      [`GET /api/data-exports/${EXPORT_ID}`]: () => json(states.length > 1 ? states.shift() : states[0]),
    });
    const box = await section();
    await userEvent.click(within(box).getByTestId('player-export-request'));
    expect(posts(requests)).toEqual([{ path: `/api/players/${PLAYER.id}/data-exports`, body: { language: 'en' } }]);
    expect((await within(box).findByText('Preparing the file… 40%')).dataset.testid).toBe('player-export-progress');
    // Asked again while it builds, until it is ready.
    const link = await within(box).findByTestId('player-export-download', undefined, { timeout: 5000 });
    expect(link.textContent).toBe('Download the file (once, 24 hours)');
    expect(link.getAttribute('href')).toBe(`/api/data-exports/download/${TOKEN}`);
    expect(requests.filter((r) => r.path === `/api/data-exports/${EXPORT_ID}`).length).toBeGreaterThanOrEqual(2);
    await userEvent.click(link);
    // The link works once: after it is taken it is gone.
    expect(await within(box).findByText('The file was downloaded or has expired.')).toBeTruthy();
    expect(within(box).queryByTestId('player-export-download')).toBeNull();
  });

  it('says when the file could not be prepared', async () => {
    renderPlayer(allFlags(true), 'en', {
      [`GET /api/data-exports/${EXPORT_ID}`]: () => json(status('failed', 60)),
    });
    const box = await section();
    await userEvent.click(within(box).getByTestId('player-export-request'));
    expect(await within(box).findByText('The file could not be prepared.')).toBeTruthy();
    expect(within(box).queryByTestId('player-export-download')).toBeNull();
  });

  it('says why a file could not be asked for, in words rather than the code', async () => {
    renderPlayer(allFlags(true), 'en', {
      [`POST /api/players/${PLAYER.id}/data-exports`]: () => json({ message: 'Player not found', code: 'player.not_found' }, 404),
    });
    const box = await section();
    await userEvent.click(within(box).getByTestId('player-export-request'));
    expect(await within(box).findByText('Player not found')).toBeTruthy();
    expect(box.textContent).not.toContain('player.not_found');
    expect(within(box).queryByTestId('player-export-progress')).toBeNull();
  });

  it('says when the file’s progress cannot be read, instead of preparing it for ever', async () => {
    renderPlayer(allFlags(true), 'en', {
      [`GET /api/data-exports/${EXPORT_ID}`]: () =>
        json({ message: 'This data export is not available', code: 'privacy.export_not_found' }, 404),
    });
    const box = await section();
    await userEvent.click(within(box).getByTestId('player-export-request'));
    expect(await within(box).findByText('This data export is not available (already downloaded, expired, or not yours)')).toBeTruthy();
    expect(within(box).queryByTestId('player-export-progress')).toBeNull();
    expect(box.textContent).not.toContain('privacy.export_not_found');
  });

  it('erases the player only after the confirmation, then goes back to the list', async () => {
    const user = userEvent.setup();
    const { requests, router } = renderPlayer(allFlags(true));
    const box = await section();
    await user.click(within(box).getByTestId('player-erase'));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe("Erase this player's data?");
    expect(dialog.textContent).toContain("Faisal Alharbi's personal data is deleted everywhere for good");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(requests)).toEqual([]);

    await user.click(within(box).getByTestId('player-erase'));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Erase on request' }));
    expect(await screen.findByText('players list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/players');
    expect(posts(requests)).toEqual([{ path: `/api/players/${PLAYER.id}/erasure`, body: undefined }]);
  });

  it('keeps the confirmation open with the refusal in words, and forgets it once closed', async () => {
    const user = userEvent.setup();
    const { requests, router } = renderPlayer(allFlags(true), 'en', {
      [`POST /api/players/${PLAYER.id}/erasure`]: () =>
        json({ message: 'The child has an open subscription', code: 'privacy.open_subscription' }, 409),
    });
    const box = await section();
    await user.click(within(box).getByTestId('player-erase'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Erase on request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This child still has a running or waiting subscription: end or cancel it before erasing',
    );
    expect(document.body.textContent).not.toContain('privacy.open_subscription');
    expect(posts(requests)).toEqual([{ path: `/api/players/${PLAYER.id}/erasure`, body: undefined }]);
    expect(router.state.location.pathname).toBe(`/players/${PLAYER.id}`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(box.textContent).not.toContain('running or waiting subscription');
  });

  it('offers only the erasure to a member who writes Players without medical and identity', async () => {
    renderPlayer(PLAYERS_WRITER);
    const box = await section();
    expect(within(box).getByTestId('player-erase')).toBeTruthy();
    expect(within(box).queryByTestId('player-export-request')).toBeNull();
  });

  it('offers only the file to a member with medical and identity who does not write Players', async () => {
    renderPlayer(SENSITIVE_READER);
    const box = await section();
    expect(within(box).getByTestId('player-export-request')).toBeTruthy();
    expect(within(box).queryByTestId('player-erase')).toBeNull();
  });

  it('offers neither to a coach', async () => {
    renderPlayer(COACH_FLAGS);
    const box = await section();
    expect(within(box).queryAllByRole('button')).toEqual([]);
  });

  it('speaks Arabic: the actions, the file in Arabic, the confirmation and the refusal', async () => {
    const user = userEvent.setup();
    const { requests } = renderPlayer(allFlags(true), 'ar', {
      'GET /api/privacy/unconfirmed-guardians': () => json({ playerIds: [PLAYER.id] }),
      [`GET /api/data-exports/${EXPORT_ID}`]: () => json(status('building', 40)),
      [`POST /api/players/${PLAYER.id}/erasure`]: () => json({ message: 'Unpaid balance', code: 'privacy.unpaid_balance' }, 409),
    });
    const box = await section();
    expect(within(box).getByText('الخصوصية')).toBeTruthy();
    expect((await within(box).findByTestId('player-guardian-unconfirmed')).textContent).toBe('وليّ الأمر غير مؤكَّد');
    await user.click(within(box).getByRole('button', { name: 'بيانات العائلة (طلب ورقي)' }));
    expect(posts(requests)[0]).toEqual({ path: `/api/players/${PLAYER.id}/data-exports`, body: { language: 'ar' } });
    expect((await within(box).findByTestId('player-export-progress')).textContent).toBe('جارٍ تجهيز الملف… 40٪');

    await user.click(within(box).getByRole('button', { name: 'حذف بناءً على طلب' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('حذف بيانات هذا اللاعب؟');
    expect(dialog.textContent).toContain('تُحذف البيانات الشخصية لـ فيصل الحربي من كل مكان نهائيًا');
    await user.click(within(dialog).getByRole('button', { name: 'حذف بناءً على طلب' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'لدى هذا الطفل دفعة غير مسددة أو استرداد قيد التنفيذ: سوِّه قبل الحذف',
    );
    // No English in the section nor in the confirmation.
    for (const text of [box.textContent, dialog.textContent]) expect(text).not.toMatch(/[A-Za-z]{2,}/);
  });
});
