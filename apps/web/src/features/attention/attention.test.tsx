import type { AttentionItem, AttentionReply } from '@kora/contracts';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lib/i18n';
import { jsonResponse as json, renderInApp, signedInAs, stubRoutes } from '../../test-render';
import { AttentionBell } from './AttentionBell';
import { badgeLabel, canSeeAttention, groupAttention } from './helpers';

const P1 = '00000000-0000-4000-8000-000000000011';
const P2 = '00000000-0000-4000-8000-000000000012';
const P3 = '00000000-0000-4000-8000-000000000013';
const S1 = '00000000-0000-4000-8000-000000000021';
const S2 = '00000000-0000-4000-8000-000000000022';

const items: AttentionItem[] = [
  {
    kind: 'low_sessions',
    playerId: P1,
    playerName: 'Faisal Otaibi',
    playerNameArabic: 'فيصل العتيبي',
    subscriptionId: S1,
    sessionsLeft: 1,
  },
  { kind: 'ending_soon', playerId: P2, playerName: 'Omar Saleh', playerNameArabic: null, subscriptionId: S2, endDate: '2026-11-29' },
  { kind: 'new_player', playerId: P3, playerName: 'Nawaf Ali', playerNameArabic: null, createdAt: '2026-11-21T10:00:00.000Z' },
  { kind: 'low_sessions', playerId: P2, playerName: 'Omar Saleh', playerNameArabic: null, subscriptionId: S2, sessionsLeft: 2 },
];

describe('the badge and the grouping', () => {
  it('hides the badge at 0, shows the count up to 9 and "9+" above', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(-1)).toBeNull();
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(9)).toBe('9');
    expect(badgeLabel(10)).toBe('9+');
    expect(badgeLabel(250)).toBe('9+');
  });

  it('groups by kind in a fixed order, keeping the order within a group and leaving empty kinds out', () => {
    const groups = groupAttention(items);
    expect(groups.map((g) => g.kind)).toEqual(['low_sessions', 'ending_soon', 'new_player']);
    expect(groups[0].items.map((i) => i.sessionsLeft)).toEqual([1, 2]);
    expect(groupAttention([])).toEqual([]);
  });

  it('is for members who read Players or Settings', () => {
    expect(canSeeAttention((a) => a === 'Players')).toBe(true);
    expect(canSeeAttention((a) => a === 'Settings')).toBe(true);
    expect(canSeeAttention(() => false)).toBe(false);
  });
});

const me = (accountType: Record<string, boolean>) => signedInAs(accountType, { name: 'Abdulrahman Al-Fahad' });

function stubApi(reply: AttentionReply, accountType: Record<string, boolean> = { canReadPlayers: true }) {
  localStorage.setItem('signedIn', '1');
  return stubRoutes({ 'GET /api/auth/me': () => json(me(accountType)), 'GET /api/attention': () => json(reply) });
}

function renderBell(locale: Locale = 'en') {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <AttentionBell />
        <Outlet />
      </>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <p>home</p> }),
      createRoute({ getParentRoute: () => rootRoute, path: '/players/$playerId', component: () => <p>player page</p> }),
      createRoute({ getParentRoute: () => rootRoute, path: '/settings', component: () => <p>settings page</p> }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  renderInApp(router, locale);
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the bell', () => {
  it('lists e-invoices ZATCA rejected first, by number, linking to the payments history', async () => {
    const rejected: AttentionItem = {
      kind: 'einvoice_rejected',
      playerId: P1,
      playerName: 'Faisal Otaibi',
      playerNameArabic: 'فيصل العتيبي',
      subscriptionId: S1,
      invoiceNumber: 7,
      createdAt: '2026-11-21T10:00:00.000Z',
    };
    stubApi({ items: [rejected, items[1]], count: 2 }, { canReadPlayers: true, canReadSettings: true });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications: 2 items need attention' }));
    const panel = await screen.findByRole('dialog', { name: 'Needs attention' });
    const group = within(panel).getByTestId('attention-group-einvoice_rejected');
    expect(within(group).getByText('E-invoices rejected by ZATCA')).toBeTruthy();
    expect(within(group).getByText('Invoice no. 7 was rejected by ZATCA')).toBeTruthy();
    expect(within(group).getByRole('link').getAttribute('href')).toBe('/settings/payments-history');
    expect(within(panel).getAllByRole('heading', { level: 3 })[0].textContent).toContain('E-invoices rejected by ZATCA');
  });

  it('says it in Arabic too', async () => {
    const rejected: AttentionItem = {
      kind: 'einvoice_rejected',
      playerId: P1,
      playerName: 'Faisal',
      playerNameArabic: 'فيصل',
      invoiceNumber: 7,
    };
    stubApi({ items: [rejected], count: 1 }, { canReadSettings: true });
    renderBell('ar');
    await userEvent.click(await screen.findByTestId('attention-bell'));
    const panel = await screen.findByTestId('attention-panel');
    expect(within(panel).getByText('فواتير إلكترونية رفضتها الهيئة')).toBeTruthy();
    expect(within(panel).getByText('رفضت هيئة الزكاة والضريبة والجمارك الفاتورة رقم 7')).toBeTruthy();
  });

  it("warns of the academy's e-invoicing certificate before it ends, then says how many documents wait, linking to Settings → Academy", async () => {
    const ending: AttentionItem = {
      kind: 'einvoice_certificate',
      playerId: null,
      playerName: null,
      playerNameArabic: null,
      endDate: '2026-12-22',
      warningDays: 30,
      documentsWaiting: 0,
    };
    stubApi({ items: [ending, items[1]], count: 2 }, { canReadPlayers: true, canReadSettings: true });
    renderBell();
    await userEvent.click(await screen.findByTestId('attention-bell'));
    const group = within(await screen.findByRole('dialog')).getByTestId('attention-group-einvoice_certificate');
    expect(within(group).getByText('E-invoicing certificate')).toBeTruthy();
    expect(within(group).getByRole('link').getAttribute('href')).toBe('/settings/academy');
    expect(within(group).getByRole('link').textContent).toBe(
      'ZATCA certificateEnds within 30 days, on 2026/12/22: renew it in Settings → Academy',
    );
  });

  it('says in Arabic that the certificate ended and how many documents wait; without Settings, no link', async () => {
    const ended: AttentionItem = {
      kind: 'einvoice_certificate',
      playerId: null,
      playerName: null,
      playerNameArabic: null,
      endDate: '2026-11-20',
      documentsWaiting: 2,
    };
    stubApi({ items: [ended], count: 1 }, { canReadPlayers: true });
    renderBell('ar');
    await userEvent.click(await screen.findByTestId('attention-bell'));
    const group = within(await screen.findByRole('dialog')).getByTestId('attention-group-einvoice_certificate');
    // Without Settings, nothing to link to: the text alone.
    expect(within(group).queryByRole('link')).toBeNull();
    expect(group.textContent).toContain('مستندان بانتظار شهادة');
    expect(group.textContent).toContain('2026/11/20');
  });

  it('shows the count, opens a panel grouped by kind with links to the players, and closes on Escape', async () => {
    stubApi({ items, count: items.length });
    const router = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications: 4 items need attention' });
    expect(screen.getByTestId('attention-badge').textContent).toBe('4');
    expect(bell.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Needs attention' });
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const low = within(panel).getByTestId('attention-group-low_sessions');
    expect(within(low).getByText('Low on sessions')).toBeTruthy();
    expect(within(low).getByText('1 session left')).toBeTruthy();
    expect(within(low).getByText('2 sessions left')).toBeTruthy();
    expect(within(panel).getByText('Ends on')).toBeTruthy();
    expect(within(panel).getByText('2026/11/29')).toBeTruthy();
    expect(within(panel).getByText('New players')).toBeTruthy();
    const link = within(low).getByRole('link', { name: /Faisal Otaibi/ });
    expect(link.getAttribute('href')).toBe(`/players/${P1}`);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(bell);

    await userEvent.click(bell);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('link', { name: /Nawaf Ali/ }));
    await screen.findByText('player page');
    expect(router.state.location.pathname).toBe(`/players/${P3}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 20_000);

  it('says that nothing needs attention and shows no badge at 0', async () => {
    stubApi({ items: [], count: 0 });
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications: nothing needs attention' });
    expect(screen.queryByTestId('attention-badge')).toBeNull();
    await userEvent.click(bell);
    expect(await screen.findByText('Nothing needs attention')).toBeTruthy();
  });

  it('shows 9+ above nine items, and Arabic names and texts in Arabic', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      ...items[0],
      subscriptionId: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
    }));
    stubApi({ items: many, count: many.length });
    renderBell('ar');
    const bell = await screen.findByTestId('attention-bell');
    await waitFor(() => expect(screen.getByTestId('attention-badge').textContent).toBe('9+'));
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog');
    expect(within(panel).getAllByText('فيصل العتيبي')).toHaveLength(12);
    expect(within(panel).getByText('حصص قليلة متبقية')).toBeTruthy();
  });

  it('links to Settings for members who read Settings but not Players', async () => {
    stubApi({ items: [items[1]], count: 1 }, { canReadSettings: true });
    renderBell();
    await userEvent.click(await screen.findByTestId('attention-bell'));
    const link = within(await screen.findByRole('dialog')).getByRole('link', { name: /Omar Saleh/ });
    expect(link.getAttribute('href')).toBe('/settings');
  });

  it('is not shown, and asks nothing, without the read rights', async () => {
    const { fetch, requests } = stubApi({ items, count: 4 }, { canReadSchedule: true });
    renderBell();
    await screen.findByText('home');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('attention-bell')).toBeNull();
    expect(requests.some((r) => r.path === '/api/attention')).toBe(false);
  });
});
