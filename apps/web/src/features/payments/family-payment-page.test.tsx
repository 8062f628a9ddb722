// A family payment link's page (docs/domain.md, "A family payment link"): under the academy's name it greets the
// parent, lists the family's waiting periods with their prices and total, and pays two or more in one payment on
// the provider's page; one period alone goes to its own payment page; nothing waiting says so; an unknown or
// expired link says to ask the academy for a new one, in Arabic too.
import type { FamilyPaymentPage as Page } from '@kora/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Locale, LocaleProvider } from '../../lib/i18n';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { jsonResponse as json, stubRoutes } from '../../test-render';
import { FamilyPaymentPage } from './FamilyPaymentPage';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TOKEN = `${'a'.repeat(40)}_-Z`;
const MONTHLY = { name: 'Monthly', nameArabic: 'شهري' };
const OMAR = { id: ID(1), name: 'Omar Alharbi', nameArabic: 'عمر الحربي' };
const SARA = { id: ID(2), name: 'Sara Alharbi', nameArabic: 'سارة الحربي' };
const PAGE: Page = {
  academy: { name: 'Riyadh Falcons', nameArabic: 'صقور الرياض', logo: null },
  parent: { name: 'Fahad Alharbi', nameArabic: 'فهد الحربي' },
  offer: {
    items: [
      {
        subscriptionId: ID(21),
        status: 'PENDING',
        child: OMAR,
        package: MONTHLY,
        price: { list: 300, allowance: 0, total: 300, sibling: null },
      },
      {
        subscriptionId: ID(22),
        status: 'INACTIVE',
        child: SARA,
        package: MONTHLY,
        price: { list: 300, allowance: 30, total: 270, sibling: { position: 2, percent: 10 } },
      },
    ],
    total: 570,
  },
  expiresAt: '2026-12-16T09:00:00.000Z',
};

function renderAt(path: string, locale: Locale = 'en') {
  const root = createRootRoute({ component: Outlet });
  const search = (s: Record<string, unknown>) => ({ payment: typeof s.payment === 'string' ? s.payment : undefined });
  const tree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: 'family-payment/$token', validateSearch: search, component: FamilyPaymentPage }),
  ]);
  const router = createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [path] }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LocaleProvider locale={locale}>
        <RouterProvider router={router} />
      </LocaleProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 20_000 });

describe("a family payment link's page", () => {
  it('greets the parent, lists the periods with the sibling price and total, and pays both in one payment', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { requests } = stubRoutes({
      [`GET /api/family-payment/${TOKEN}`]: () => json(PAGE),
      [`POST /api/family-payment/${TOKEN}/checkout`]: () => json({ success: true, paymentUrl: 'https://pay.example/p/1', ref: ID(50) }),
    });
    renderAt(`/family-payment/${TOKEN}`);
    expect((await screen.findByTestId('family-link-parent')).textContent).toContain('Fahad Alharbi');
    expect(screen.getByTestId('payment-academy').textContent).toContain('Riyadh Falcons');
    expect(screen.getAllByTestId('family-checkout-item')).toHaveLength(2);
    expect(screen.getByTestId('family-checkout-total').textContent).toContain('570');
    expect(screen.getByTestId('family-checkout-sibling')).toBeTruthy();
    await userEvent.click(screen.getByTestId('family-checkout-save-card'));
    await userEvent.click(screen.getByTestId('family-checkout-pay'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/p/1'));
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({ subscriptionIds: [ID(21), ID(22)], lang: 'en', saveCard: true });
  });

  it('says to tick two when one is unticked, without the portal’s pointer to a subscription below', async () => {
    stubRoutes({ [`GET /api/family-payment/${TOKEN}`]: () => json(PAGE) });
    renderAt(`/family-payment/${TOKEN}`);
    const [first] = await screen.findAllByTestId('family-checkout-tick');
    await userEvent.click(first);
    expect(screen.getByTestId('family-checkout-few').textContent).toContain(en['family.link.tooFew']);
    expect((screen.getByTestId('family-checkout-pay') as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends a single waiting period to its own payment page, and says when nothing waits', async () => {
    const one = { ...PAGE, offer: { items: [PAGE.offer.items[1]], total: 270 } };
    stubRoutes({ [`GET /api/family-payment/${TOKEN}`]: () => json(one) });
    const view = renderAt(`/family-payment/${TOKEN}`);
    expect((await screen.findByTestId('family-link-one-pay')).getAttribute('href')).toBe(`/renew-subscription/${ID(22)}`);
    view.unmount();
    vi.unstubAllGlobals();
    stubRoutes({ [`GET /api/family-payment/${TOKEN}`]: () => json({ ...PAGE, offer: { items: [], total: 0 } }) });
    renderAt(`/family-payment/${TOKEN}`);
    expect((await screen.findByTestId('family-link-nothing')).textContent).toContain(en['family.link.nothing']);
  });

  it('says an unknown or expired link is to be asked for again, in Arabic, and a malformed one without asking', async () => {
    const { requests } = stubRoutes({
      [`GET /api/family-payment/${TOKEN}`]: () => json({ message: 'x', code: 'family_link.not_found' }, 404),
    });
    const view = renderAt(`/family-payment/${TOKEN}`, 'ar');
    expect(await screen.findByText(ar['errors.family_link.not_found'])).toBeTruthy();
    expect(screen.queryByRole('button', { name: ar['common.retry'] })).toBeNull();
    view.unmount();
    renderAt('/family-payment/short', 'ar');
    expect(await screen.findByText(ar['errors.family_link.not_found'])).toBeTruthy();
    expect(requests.filter((r) => r.path.endsWith('/short'))).toEqual([]);
  });
});
