// On an academy's host the payer's way back is the family portal
// (`/family`), not the registration wizard; the invoice opened from the portal leads back to it; and
// every payment page names itself in the browser tab in the page's language.
import type { PaymentDetails, PaymentResultReply } from '@kora/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostKind } from '../../lib/host';
import { type Locale, LocaleProvider } from '../../lib/i18n';
import { jsonResponse as json } from '../../test-render';
import { InvoiceViewerPage } from './InvoiceViewerPage';
import { RenewPaymentPage } from './PaymentPage';
import { PaymentSuccessPage } from './PaymentSuccessPage';

const host = vi.hoisted(() => ({ current: { kind: 'academy', handle: 'demo' } as HostKind }));
vi.mock('../../lib/host', async (original) => ({
  ...(await original<typeof import('../../lib/host')>()),
  currentHost: () => host.current,
}));

const REF = '00000000-0000-4000-8000-000000000050';
const ID = '00000000-0000-4000-8000-000000000031';
const INVOICE = '00000000-0000-4000-8000-000000000040';
const result = (over: Partial<PaymentResultReply> = {}): PaymentResultReply => ({
  ref: REF,
  outcome: 'paid',
  amount: 450.5,
  academy: { name: 'Riyadh Falcons', nameArabic: 'صقور الرياض', logo: null, handle: 'demo', vatNumber: null },
  player: { name: 'Faisal Al-Otaibi', nameArabic: 'فيصل العتيبي' },
  package: { name: 'Monthly', nameArabic: 'الباقة الشهرية', packageType: 'TIME_BASED' },
  subscription: { id: ID, status: 'ACTIVE', startDate: '2026-11-22', endDate: '2026-12-22', totalSessions: null },
  invoice: { id: INVOICE, invoiceNumber: 41 },
  retry: { page: 'initial', subscriptionId: ID },
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
    createRoute({ getParentRoute: () => root, path: 'subscription-invoice/$id', component: InvoiceViewerPage }),
    createRoute({ getParentRoute: () => root, path: 'renew-subscription/$id', component: RenewPaymentPage }),
    createRoute({ getParentRoute: () => root, path: 'refund-policy', component: () => <p>policy</p> }),
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
  document.title = '';
});
vi.setConfig({ testTimeout: 20_000 });

describe('after paying, on the academy host', () => {
  it('the logo and the way back lead to the family portal, and the tab says the payment succeeded', async () => {
    stubApi({ [`GET /api/payments/${REF}/result`]: () => json(result()) });
    renderAt(`/payment/success?ref=${REF}`);
    await screen.findByTestId('payment-success');
    expect(screen.getByRole('link', { name: 'Go to the family portal' }).getAttribute('href')).toBe('/family');
    expect(screen.getByRole('link', { name: 'Kora' }).getAttribute('href')).toBe('/family');
    expect(screen.queryByRole('link', { name: /register/i })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Payment successful — Kora'));
  });

  it('in Arabic: the portal is «بوابة الأسرة» and the tab title is Arabic', async () => {
    stubApi({ [`GET /api/payments/${REF}/result`]: () => json(result()) });
    renderAt(`/payment/success?ref=${REF}`, 'ar');
    await screen.findByTestId('payment-success');
    expect(screen.getByRole('link', { name: 'الذهاب إلى بوابة الأسرة' }).getAttribute('href')).toBe('/family');
    await waitFor(() => expect(document.title).toBe('تم الدفع بنجاح — Kora'));
  });

  it('a payment not charged keeps the payment page as the tab title', async () => {
    stubApi({ [`GET /api/payments/${REF}/result`]: () => json(result({ outcome: 'declined', invoice: null })) });
    renderAt(`/payment/success?ref=${REF}`, 'ar');
    await screen.findByTestId('payment-result');
    await waitFor(() => expect(document.title).toBe('دفع الاشتراك — Kora'));
  });

  it('on the root host (no portal there) the way back stays the academy public page', async () => {
    host.current = { kind: 'root' };
    stubApi({ [`GET /api/payments/${REF}/result`]: () => json(result()) });
    renderAt(`/payment/success?ref=${REF}`);
    await screen.findByTestId('payment-success');
    expect(screen.getByRole('link', { name: 'Back to Riyadh Falcons' }).getAttribute('href')).toBe('/auth/register/parent?academy=demo');
    expect(screen.queryByRole('link', { name: 'Go to the family portal' })).toBeNull();
  });
});

describe('the invoice opened from the portal', () => {
  it('leads back to the portal payments, with an Arabic tab title on the Arabic page', async () => {
    stubApi({
      'GET /api/academies/check/demo': () =>
        json({ available: false, academy: { name: 'Riyadh Falcons', nameArabic: 'صقور الرياض', logo: null } }),
    });
    renderAt(`/subscription-invoice/${INVOICE}`, 'ar');
    const back = await screen.findByTestId('invoice-back-to-portal');
    expect(back.getAttribute('href')).toBe('/family/money');
    expect(back.textContent).toBe('الذهاب إلى بوابة الأسرة');
    await waitFor(() => expect(document.title).toBe('الفاتورة — Kora'));
  });
});

/** A 7-day trial from 2026-11-22 of a one-month package, as the renewal page reads it. */
const trialDetails = (): PaymentDetails => ({
  user: { id: '00000000-0000-4000-8000-000000000032', name: 'Faisal Al-Otaibi', nameArabic: 'فيصل العتيبي' },
  package: {
    id: '00000000-0000-4000-8000-000000000033',
    name: 'Starter',
    nameArabic: 'المبتدئ',
    price: 200,
    packageType: 'TIME_BASED',
    monthsNumber: 1,
    sessionsCount: null,
    hasTrial: true,
    trialDays: 7,
    description: null,
    descriptionArabic: null,
  },
  subscription: { id: ID, status: 'TRIAL', startDate: '2026-11-22', endDate: '2026-11-28', sessionsLeft: null, totalSessions: null },
  parents: [],
  academy: { name: 'Riyadh Falcons', nameArabic: 'صقور الرياض', logo: null, handle: 'demo', enableOnlinePayments: true, vatNumber: null },
  methods: ['mada', 'visa_mastercard'],
  price: { list: 200, allowance: 0, total: 200, sibling: null },
});

describe('a trial paid during it', () => {
  it("the payment page states the trial's own length over its dates, not the package's month", async () => {
    stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json(trialDetails()) });
    renderAt(`/renew-subscription/${ID}`);
    const period = await screen.findByTestId('payment-trial-period');
    expect(period.textContent).toContain('7-day free trial');
    expect(period.textContent).toContain('2026/11/22');
    expect(period.textContent).not.toContain('month');
  });

  it('in Arabic, counted by Arabic plural rules', async () => {
    stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json(trialDetails()) });
    renderAt(`/renew-subscription/${ID}`, 'ar');
    expect((await screen.findByTestId('payment-trial-period')).textContent).toContain('تجربة مجانية لـ7 أيام');
  });

  it('the result shows the paid period and when it starts, not "Trial"', async () => {
    const paidTrial = result({
      subscription: { id: ID, status: 'TRIAL', startDate: '2026-11-22', endDate: '2026-12-29', totalSessions: null },
      paidPeriod: { startDate: '2026-11-29', endDate: '2026-12-29', sessions: null },
    });
    stubApi({ [`GET /api/payments/${REF}/result`]: () => json(paidTrial) });
    renderAt(`/payment/success?ref=${REF}`);
    await screen.findByTestId('payment-success');
    expect(screen.getByTestId('payment-result-period').textContent).toBe('2026/11/29\u00A0– 2026/12/29');
    expect(screen.getByTestId('payment-result-status').textContent).toBe('Active from 2026/11/29');
    expect(screen.getByTestId('payment-result-status').textContent).not.toContain('Trial');
  });
});
