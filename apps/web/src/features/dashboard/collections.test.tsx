// The dashboard's "Collected this month": the four figures with their families and the list to act on (a table on
// wide screens, cards at 390 px: both are drawn, CSS shows one), in English and Arabic, only for members who read
// Settings (a coach who reads the dashboard sees no money and asks nothing).
import { allFlags, COACH_FLAGS, type MonthCollections } from '@kora/contracts';
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lib/i18n';
import { jsonResponse as json, renderInApp, signedInAs, stubRoutes } from '../../test-render';
import { DashboardPage } from './DashboardPage';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const COLLECTIONS: MonthCollections = {
  month: '2026-12-01',
  due: { amount: 1100, families: 2 },
  collected: { amount: 450.5, families: 1 },
  failing: { amount: 800, families: 1 },
  overdue: { amount: 300, families: 1 },
  items: [
    {
      subscriptionId: id(101),
      subscriptionStatus: 'PENDING',
      state: 'overdue',
      dueDate: '2026-12-05',
      amount: 300,
      player: { id: id(11), name: 'Sara Al-Harbi', nameArabic: 'سارة الحربي' },
      family: { name: 'Huda Al-Harbi', nameArabic: 'هدى الحربي' },
      package: { name: 'Monthly', nameArabic: 'الباقة الشهرية' },
      autoRenewal: null,
    },
    {
      subscriptionId: id(102),
      subscriptionStatus: 'ACTIVE',
      state: 'failing',
      dueDate: '2026-12-04',
      amount: 800,
      player: { id: id(12), name: 'Lina Khalid', nameArabic: null },
      family: { name: 'Khalid Saud', nameArabic: null },
      package: { name: 'Term', nameArabic: null },
      // Its saved card was declined on the renewal date and is tried again on the 6th.
      autoRenewal: { nextChargeOn: '2026-12-06' },
    },
  ],
};

function renderDashboard(flags: Record<string, boolean>, locale: Locale = 'en') {
  localStorage.setItem('signedIn', '1');
  const requests = stubRoutes({
    'GET /api/auth/me': () => json(signedInAs(flags)),
    'GET /api/stats/monthly': () => json({ monthlyActivePlayers: 3, monthlyNewPlayers: 1, monthlyRetentionRate: 50, monthlyCoachHours: 2 }),
    'GET /api/events': () => json([]),
    'GET /api/stats/collections': () => json(COLLECTIONS),
  }).requests;
  const root = createRootRoute();
  const tree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/', component: DashboardPage }),
    createRoute({ getParentRoute: () => root, path: '/settings', component: () => <p>settings</p> }),
  ]);
  renderInApp(createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: ['/'] }) }), locale);
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});
vi.setConfig({ testTimeout: 20_000 });

describe("the dashboard's collected this month", () => {
  it('shows the figures with their families and each subscription with its state and links (table and cards)', async () => {
    renderDashboard(allFlags(true));
    const block = await screen.findByTestId('collections-figures');
    expect(within(block).getByTestId('collections-due').textContent).toMatch(/Due \(to collect\)SAR\s1,100\.002 families/);
    expect(within(block).getByTestId('collections-collected').textContent).toMatch(/CollectedSAR\s450\.501 family/);
    expect(within(block).getByTestId('collections-failing').textContent).toMatch(/Failing paymentsSAR\s800\.001 family/);
    expect(within(block).getByTestId('collections-overdue').textContent).toMatch(/OverdueSAR\s300\.001 family/);

    const rows = screen.getAllByTestId('collection-row');
    expect(rows.map((r) => within(r).getByTestId('collection-state').textContent)).toEqual(['Overdue', 'Payment failed']);
    expect(rows[0].textContent).toContain('Huda Al-Harbi');
    expect(rows[0].textContent).toContain('Sara Al-Harbi');
    // A PENDING one pays its first period, any other renews; both lead to Settings → subscriptions too.
    expect(within(rows[0]).getByRole('link', { name: 'Payment link' }).getAttribute('href')).toBe(`/initial-subscription/${id(101)}`);
    expect(within(rows[1]).getByRole('link', { name: 'Payment link' }).getAttribute('href')).toBe(`/renew-subscription/${id(102)}`);
    expect(within(rows[1]).getByRole('link', { name: 'Subscriptions' }).getAttribute('href')).toBe('/settings');
    // What the saved card does: only on the row a card renews.
    expect(within(rows[0]).queryByTestId('collection-auto-renewal')).toBeNull();
    expect(within(rows[1]).getByTestId('collection-auto-renewal').textContent).toMatch(/^Card declined, tried again on 2026\/12\/06/);

    // At 390 px the same list is cards (md:hidden), the table hidden below md.
    expect(screen.getByTestId('collections-cards').className).toContain('md:hidden');
    expect(screen.getByTestId('collections-table').className).toMatch(/\bhidden\b.*md:table/);
    const cards = screen.getAllByTestId('collection-card');
    expect(cards).toHaveLength(2);
    expect(cards[1].textContent).toContain('Khalid Saud');
    expect(within(cards[1]).getByRole('link', { name: 'Payment link' }).getAttribute('href')).toBe(`/renew-subscription/${id(102)}`);
  });

  it('speaks Arabic: titles, states, families and the Arabic names', async () => {
    renderDashboard(allFlags(true), 'ar');
    await screen.findByTestId('collections-figures');
    const block = screen.getByTestId('collections');
    expect(within(block).getByRole('heading').textContent).toBe('المُحصَّل هذا الشهر');
    expect(within(block).getByTestId('collections-due').textContent).toContain('أسرتان');
    expect(within(block).getByTestId('collections-collected').textContent).toContain('أسرة واحدة');
    const row = screen.getAllByTestId('collection-row')[0];
    expect(row.textContent).toContain('هدى الحربي');
    expect(row.textContent).toContain('سارة الحربي');
    expect(row.textContent).toContain('الباقة الشهرية');
    expect(within(row).getByTestId('collection-state').textContent).toBe('متأخر');
    expect(within(row).getByRole('link', { name: 'رابط الدفع' })).toBeTruthy();
    expect(within(screen.getAllByTestId('collection-row')[1]).getByTestId('collection-auto-renewal').textContent).toMatch(
      /^رُفضت البطاقة، وستُجرَّب مجددًا في 2026\/12\/06/,
    );
    // No English left in the block.
    expect(block.textContent).not.toMatch(/Due|Collected|Overdue|Payment|famil/);
  });

  it('is not shown, nor asked for, to a member who reads the dashboard but not Settings', async () => {
    const requests = renderDashboard(COACH_FLAGS);
    await screen.findByTestId('stats');
    expect(screen.queryByTestId('collections')).toBeNull();
    expect(requests.some((r) => r.path === '/api/stats/collections')).toBe(false);
  });
});
