// The result of a family checkout (docs/domain.md, "One checkout per family"): one payment for several children,
// so the page lists each child's package, amount and invoice, then the total; trying again starts from the portal.
import type { PaymentResultReply } from '@kora/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostKind } from '../../lib/host';
import { type Locale, LocaleProvider } from '../../lib/i18n';
import { jsonResponse as json } from '../../test-render';
import { PaymentSuccessPage } from './PaymentSuccessPage';

const host = vi.hoisted(() => ({ current: { kind: 'academy', handle: 'demo' } as HostKind }));
vi.mock('../../lib/host', async (original) => ({
  ...(await original<typeof import('../../lib/host')>()),
  currentHost: () => host.current,
}));

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const REF = ID(50);
const RESULT = `GET /api/payments/${REF}/result`;
const MONTHLY = { name: 'Monthly', nameArabic: 'شهري' };
const result = (over: Partial<PaymentResultReply> = {}): PaymentResultReply => ({
  ref: REF,
  outcome: 'paid',
  amount: 570,
  academy: { name: 'Riyadh Falcons', nameArabic: 'صقور الرياض', logo: null, handle: 'demo', vatNumber: '310123456700003' },
  player: { name: 'Omar Alharbi', nameArabic: 'عمر الحربي' },
  package: { ...MONTHLY, packageType: 'TIME_BASED' },
  subscription: { id: ID(21), status: 'ACTIVE', startDate: '2026-12-01', endDate: '2026-12-31', totalSessions: null },
  invoice: { id: ID(41), invoiceNumber: 41 },
  retry: { page: 'family', subscriptionId: ID(21) },
  items: [
    {
      player: { name: 'Omar Alharbi', nameArabic: 'عمر الحربي' },
      package: MONTHLY,
      amount: 300,
      invoice: { id: ID(41), invoiceNumber: 41 },
    },
    {
      player: { name: 'Sara Alharbi', nameArabic: 'سارة الحربي' },
      package: MONTHLY,
      amount: 270,
      invoice: { id: ID(42), invoiceNumber: 42 },
    },
  ],
  ...over,
});

function stubApi(routes: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const route = `${init?.method ?? 'GET'} ${new URL(String(url), 'http://x').pathname}`;
      return routes[route]?.() ?? json({ message: 'Not found', code: 'request.not_found' }, 404);
    }),
  );
}

function renderAt(path: string, locale: Locale = 'en') {
  const root = createRootRoute({ component: Outlet });
  const tree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/', component: () => <p>home</p> }),
    createRoute({ getParentRoute: () => root, path: 'payment/success', component: PaymentSuccessPage }),
  ]);
  const router = createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [path] }) });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <LocaleProvider locale={locale}>
        <RouterProvider router={router} />
      </LocaleProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  host.current = { kind: 'academy', handle: 'demo' };
});
vi.setConfig({ testTimeout: 20_000 });

const items = () => screen.getAllByTestId('payment-result-item');

describe('the result of a family checkout', () => {
  it("lists each child's package, amount and invoice, then the total paid", async () => {
    stubApi({ [RESULT]: () => json(result()) });
    renderAt(`/payment/success?ref=${REF}`);
    await screen.findByTestId('payment-success');
    expect(within(screen.getByTestId('payment-result-items')).getByRole('heading', { name: 'What this payment covers' })).toBeTruthy();
    expect(items()).toHaveLength(2);
    expect(items().map((i) => within(i).getByTestId('payment-result-item-player').textContent)).toEqual(['Omar Alharbi', 'Sara Alharbi']);
    expect(items()[1].textContent).toContain('Monthly');
    expect(items().map((i) => within(i).getByTestId('payment-result-item-amount').textContent)).toEqual([
      expect.stringMatching(/^SAR\s300\.00$/),
      expect.stringMatching(/^SAR\s270\.00$/),
    ]);
    const invoices = items().map((i) => within(i).getByTestId('payment-result-item-invoice'));
    expect(invoices.map((a) => a.textContent)).toEqual(['Invoice #41', 'Invoice #42']);
    expect(invoices.map((a) => a.getAttribute('href'))).toEqual([`/subscription-invoice/${ID(41)}`, `/subscription-invoice/${ID(42)}`]);
    expect(invoices.every((a) => a.getAttribute('target') === '_top')).toBe(true);
    const details = screen.getByTestId('payment-result-details');
    expect(details.textContent).toContain('Total paid');
    expect(screen.getByTestId('payment-result-amount').textContent).toMatch(/SAR\s570\.00.*VAT included/);
    // The first child's lines are not the checkout's: no single player, period, status or invoice button.
    expect(within(details).queryByText('Player')).toBeNull();
    expect(screen.queryByTestId('payment-result-period')).toBeNull();
    expect(screen.queryByTestId('payment-result-status')).toBeNull();
    expect(screen.queryByTestId('payment-invoice-link')).toBeNull();
    expect(screen.queryByTestId('payment-try-again')).toBeNull();
  });

  it('in Arabic: the children and packages by their Arabic names, the amounts in Latin digits', async () => {
    stubApi({ [RESULT]: () => json(result()) });
    renderAt(`/payment/success?ref=${REF}`, 'ar');
    await screen.findByTestId('payment-success');
    expect(within(screen.getByTestId('payment-result-items')).getByRole('heading', { name: 'ما تشمله هذه الدفعة' })).toBeTruthy();
    expect(items().map((i) => within(i).getByTestId('payment-result-item-player').textContent)).toEqual(['عمر الحربي', 'سارة الحربي']);
    expect(items()[0].textContent).toContain('شهري');
    expect(within(items()[0]).getByTestId('payment-result-item-amount').textContent).toContain('300.00');
    expect(within(items()[1]).getByTestId('payment-result-item-invoice').textContent).toBe('الفاتورة #42');
    expect(screen.getByTestId('payment-result-details').textContent).toContain('إجمالي المدفوع');
    expect(screen.getByTestId('payment-result-amount').textContent).toContain('570.00');
  });

  it('not charged: no invoices yet, the total, and trying again from the portal payments page', async () => {
    const unpaid = result().items?.map((i) => ({ ...i, invoice: null }));
    stubApi({ [RESULT]: () => json(result({ outcome: 'declined', invoice: null, items: unpaid })) });
    renderAt(`/payment/success?ref=${REF}`, 'ar');
    expect((await screen.findByTestId('payment-outcome')).textContent).toContain('رُفضت عملية الدفع');
    // Named for what it is: the children's payment, not one subscription's.
    expect(document.body.textContent).toContain('دفعة لأطفالك');
    expect(document.body.textContent).not.toContain('دفع الاشتراك');
    expect(items()).toHaveLength(2);
    expect(screen.queryByTestId('payment-result-item-invoice')).toBeNull();
    expect(screen.getByTestId('payment-result-details').textContent).toContain('الإجمالي');
    const again = screen.getByTestId('payment-try-again');
    expect(again.textContent).toBe('حاول مرة أخرى');
    expect(again.getAttribute('href')).toBe('/family/money');
  });

  it('a payment of one subscription stays as it was', async () => {
    stubApi({ [RESULT]: () => json(result({ items: undefined, amount: 300, retry: { page: 'initial', subscriptionId: ID(21) } })) });
    renderAt(`/payment/success?ref=${REF}`);
    await screen.findByTestId('payment-success');
    expect(screen.queryByTestId('payment-result-items')).toBeNull();
    expect(screen.getByTestId('payment-result-details').textContent).toContain('Amount paid');
    expect(screen.getByTestId('payment-result-invoice').textContent).toBe('#41');
    expect(screen.getByTestId('payment-invoice-link').getAttribute('href')).toBe(`/subscription-invoice/${ID(41)}`);
    expect(screen.getByTestId('payment-result-status')).toBeTruthy();
  });
});
