import type { PaymentDetails } from '@kora/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Locale, LocaleProvider } from '../../lib/i18n';
import { InitialPaymentPage, RenewPaymentPage } from './PaymentPage';
import { PaymentSuccessPage } from './PaymentSuccessPage';

const ID = '00000000-0000-4000-8000-000000000031';
const details = (over: Partial<PaymentDetails['subscription']> = {}, academy: Partial<PaymentDetails['academy']> = {}): PaymentDetails => ({
  user: { id: '00000000-0000-4000-8000-000000000032', name: 'Faisal Al-Otaibi', nameArabic: 'فيصل العتيبي' },
  package: {
    id: '00000000-0000-4000-8000-000000000033',
    name: 'Monthly',
    nameArabic: 'الباقة الشهرية',
    price: 450.5,
    packageType: 'TIME_BASED',
    monthsNumber: 1,
    sessionsCount: null,
    hasTrial: false,
    trialDays: 0,
    description: null,
  },
  subscription: {
    id: ID,
    status: 'PENDING',
    startDate: '2026-11-22',
    endDate: '2026-12-22',
    sessionsLeft: null,
    totalSessions: null,
    ...over,
  },
  parents: [{ name: 'Khalid Al-Otaibi', nameArabic: null }],
  academy: {
    name: 'Riyadh Falcons',
    nameArabic: 'صقور الرياض',
    logo: null,
    handle: 'demo',
    enableOnlinePayments: true,
    vatNumber: null,
    ...academy,
  },
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubApi(routes: Record<string, (body: unknown) => Response>) {
  const calls: { route: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const route = `${init?.method ?? 'GET'} ${new URL(String(url), 'http://x').pathname}`;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ route, body });
      const answer = routes[route];
      return answer ? answer(body) : json({ message: 'Not found', code: 'request.not_found' }, 404);
    }),
  );
  return calls;
}

/** The payment routes in a memory router at `path`. */
function renderAt(path: string, locale: Locale = 'en') {
  const root = createRootRoute({ component: Outlet });
  const search = (s: Record<string, unknown>) => ({ error: s.error === 'declined' ? 'declined' : undefined });
  const tree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/', component: () => <p>home</p> }),
    createRoute({ getParentRoute: () => root, path: 'initial-subscription/$id', validateSearch: search, component: InitialPaymentPage }),
    createRoute({ getParentRoute: () => root, path: 'renew-subscription/$id', validateSearch: search, component: RenewPaymentPage }),
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

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 20_000 });

describe('the payment page', () => {
  it('shows the details, then the provider page in a frame after Proceed', async () => {
    const calls = stubApi({
      [`GET /api/subscriptions/${ID}/payment-details`]: () => json(details()),
      'POST /api/subscriptions/paytabs/payment': () =>
        json({ success: true, paymentUrl: 'https://secure.paytabs.sa/payment/page/ABC', subscriptionId: ID }),
    });
    renderAt(`/initial-subscription/${ID}`);
    await screen.findByText('Faisal Al-Otaibi');
    expect(screen.getByText('Riyadh Falcons')).toBeTruthy();
    expect(screen.getByText('Monthly')).toBeTruthy();
    expect(screen.getByText('Khalid Al-Otaibi')).toBeTruthy();
    expect(screen.getByTestId('payment-price').textContent).toMatch(/SAR\s450\.50/);
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    const frame = await screen.findByTitle('Secure card payment');
    expect(frame.getAttribute('src')).toBe('https://secure.paytabs.sa/payment/page/ABC');
    expect(calls.find((c) => c.route === 'POST /api/subscriptions/paytabs/payment')?.body).toEqual({ subscriptionId: ID, lang: 'en' });
  });

  it('says when initiation gives no payment URL', async () => {
    stubApi({
      [`GET /api/subscriptions/${ID}/payment-details`]: () => json(details()),
      'POST /api/subscriptions/paytabs/payment': () =>
        json({ success: false, error: 'x', message: 'x', code: 'payment.initiate_failed' }, 502),
    });
    renderAt(`/initial-subscription/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed to payment' }));
    await screen.findByText('Failed to initiate payment session.');
    expect(screen.queryByTitle('Secure card payment')).toBeNull();
  });

  it('disables the button with the spec message when the subscription is not PENDING', async () => {
    stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json(details({ status: 'ACTIVE' })) });
    renderAt(`/initial-subscription/${ID}`);
    expect((await screen.findByTestId('payment-not-pending')).textContent).toBe(
      'Subscription is already ACTIVE . Payment cannot be initiated.',
    );
    expect(screen.getByRole('button', { name: 'Proceed to payment' }).hasAttribute('disabled')).toBe(true);
  });

  it('lets the renewal page pay an ended subscription', async () => {
    stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json(details({ status: 'INACTIVE' })) });
    renderAt(`/renew-subscription/${ID}`);
    const renew = await screen.findByRole('button', { name: 'Renew and pay' });
    expect(renew.hasAttribute('disabled')).toBe(false);
    expect(screen.getByText(/This subscription has ended/)).toBeTruthy();
  });

  it('on the Arabic page: Arabic names and the status in Arabic', async () => {
    stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json(details({ status: 'CANCELLED' })) });
    renderAt(`/initial-subscription/${ID}`, 'ar');
    expect((await screen.findByTestId('payment-not-pending')).textContent).toBe('الاشتراك ملغى بالفعل. لا يمكن بدء الدفع.');
    expect(screen.getByText('فيصل العتيبي')).toBeTruthy();
    expect(screen.getByText('صقور الرياض')).toBeTruthy();
  });

  it('shows a declined payment, and refuses when the academy has online payment off', async () => {
    stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json(details({}, { enableOnlinePayments: false })) });
    renderAt(`/initial-subscription/${ID}?error=declined`);
    await screen.findByTestId('payment-declined');
    expect(screen.getByText('Online payment is not enabled for this academy')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Proceed to payment' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the load failure, an unknown subscription, incomplete data and a missing id', async () => {
    stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json({ message: 'boom', code: 'request.failed' }, 500) });
    const first = renderAt(`/initial-subscription/${ID}`);
    // A server failure is retried twice before the page says so.
    await screen.findByText('Failed to fetch payment details', {}, { timeout: 10_000 });
    first.unmount();

    stubApi({
      [`GET /api/subscriptions/${ID}/payment-details`]: () =>
        json({ message: 'Subscription not found', code: 'subscription.not_found' }, 404),
    });
    const second = renderAt(`/renew-subscription/${ID}`);
    await screen.findByText('Subscription not found');
    second.unmount();

    stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json({ subscription: null }) });
    const third = renderAt(`/initial-subscription/${ID}`);
    await screen.findByText('Incomplete data received from server.');
    third.unmount();

    renderAt('/renew-subscription/not-an-id');
    await screen.findByText('Subscription ID is missing. The renewal cannot start.');
  });
});

describe('the payment success page', () => {
  it('thanks the payer and links the invoice when it is known', async () => {
    renderAt('/payment/success?ref=TST1&invoice=00000000-0000-4000-8000-000000000040');
    await screen.findByTestId('payment-success');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'View invoice' }).getAttribute('href')).toBe(
        '/subscription-invoice/00000000-0000-4000-8000-000000000040',
      ),
    );
  });
});
