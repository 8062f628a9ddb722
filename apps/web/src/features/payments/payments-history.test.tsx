import type { InvoiceListItem, PendingRefund } from '@kora/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/Toaster';
import { type Locale, LocaleProvider } from '../../lib/i18n';
import { jsonResponse as json } from '../../test-render';
import { InvoiceViewerPage } from './InvoiceViewerPage';
import { monthParam, shiftMonth } from './month';
import { PaymentsHistoryPage } from './PaymentsHistoryPage';

/** The member's account type as the screens read it (authSnapshot): reads Settings, writes them when a test says so. */
const member = vi.hoisted(() => ({ writesSettings: false }));
vi.mock('../../lib/auth', async (actual) => ({
  ...(await actual<typeof import('../../lib/auth')>()),
  authSnapshot: () => ({ user: { accountType: { canReadSettings: true, canWriteSettings: member.writesSettings } } }),
}));

const invoice = (over: Partial<InvoiceListItem>): InvoiceListItem => ({
  id: '00000000-0000-4000-8000-000000000101',
  invoiceNumber: 1,
  kind: 'invoice',
  creditedInvoiceNumber: null,
  user: { name: 'Faisal Al-Otaibi', nameArabic: 'فيصل العتيبي' },
  subscription: { package: { name: 'Monthly', nameArabic: 'باقة شهرية' } },
  paidAt: '2025-05-03T09:00:00.000Z',
  totalAmount: 450,
  vatAmount: 58.7,
  paymentMethod: 'Cash',
  cardMethod: null,
  reporting: 'reported',
  ...over,
});
const MAY = [
  invoice({}),
  invoice({
    id: '00000000-0000-4000-8000-000000000102',
    invoiceNumber: 2,
    user: { name: 'Omar', nameArabic: null },
    paymentMethod: 'Card',
    cardMethod: 'mada',
    totalAmount: 300.5,
  }),
];

/** What `GET /api/refunds/pending` answers (none, unless a test says otherwise). */
let pendingRefunds: PendingRefund[] = [];

/** Answers each call by path with a handler; records the URLs asked. */
function stubFetch(handler: (url: URL) => Response) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(String(input), 'http://demo.kora.test');
      // The refunds on their way back sit above every month: answered apart, not counted.
      if (url.pathname === '/api/refunds/pending') return json(pendingRefunds);
      urls.push(url);
      return handler(url);
    }),
  );
  return urls;
}

/** The two screens on routes with the ids of the app's router (getRouteApi reads them). */
function renderAt(path: string, locale: Locale = 'en') {
  const rootRoute = createRootRoute({ component: Outlet });
  const app = createRoute({ getParentRoute: () => rootRoute, id: 'app', component: Outlet });
  const settings = createRoute({ getParentRoute: () => app, path: 'settings', component: Outlet });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      app.addChildren([
        settings.addChildren([
          createRoute({
            getParentRoute: () => settings,
            path: 'payments-history',
            validateSearch: (s: Record<string, unknown>) => ({ month: monthParam(s.month) }),
            component: PaymentsHistoryPage,
          }),
        ]),
      ]),
      createRoute({ getParentRoute: () => rootRoute, path: 'subscription-invoice/$id', component: InvoiceViewerPage }),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <LocaleProvider locale={locale}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </LocaleProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  pendingRefunds = [];
  member.writesSettings = false;
});
vi.setConfig({ testTimeout: 20_000 });

describe('month helpers', () => {
  it('keep only a real yyyy-MM and step across years', () => {
    expect(monthParam('2025-05')).toBe('2025-05');
    expect(monthParam('2025-13')).toBeUndefined();
    expect(monthParam('2025-5')).toBeUndefined();
    expect(shiftMonth('2025-01', -1)).toBe('2024-12');
    expect(shiftMonth('2024-12', 1)).toBe('2025-01');
  });
});

describe('the payments history', () => {
  it("lists the month's invoices with number, player, method, total in SAR and a link to the PDF", async () => {
    const urls = stubFetch(() => json(MAY));
    renderAt('/settings/payments-history?month=2025-05');
    const rows = await screen.findAllByTestId('payments-row');
    expect(urls[0].pathname).toBe('/api/invoices/all');
    expect(Object.fromEntries(urls[0].searchParams)).toEqual({ startDate: '2025-05-01', endDate: '2025-05-31' });
    expect(screen.getByTestId('payments-month').textContent).toBe('May 2025');
    // Phones get cards, wider screens the table: both carry every invoice.
    const table = rows.filter((r) => r.tagName === 'TR');
    expect(table).toHaveLength(2);
    expect(table[0].textContent).toContain('Faisal Al-Otaibi');
    expect(table[0].textContent).toMatch(/SAR\s450\.00/);
    // A card payment names its way: mada, Visa/Mastercard, Apple Pay or STC Pay.
    expect(table[1].textContent).toContain('Card — mada');
    expect(table[0].textContent).not.toContain('—');
    expect(screen.getByTestId('payments-summary').textContent).toMatch(/^2 payments, SAR\s750\.50 in total$/);
  });

  it('lists card refunds the provider has not confirmed above the month, with their amount, in English and in Arabic', async () => {
    pendingRefunds = [
      {
        id: '00000000-0000-4000-8000-000000000301',
        invoice: { id: '00000000-0000-4000-8000-000000000101', invoiceNumber: 1 },
        subscriptionId: '00000000-0000-4000-8000-000000000201',
        player: { name: 'Faisal Al-Otaibi', nameArabic: 'فيصل العتيبي' },
        package: { name: 'Monthly', nameArabic: 'باقة شهرية' },
        amount: 200,
        method: 'Card',
        reason: 'Moved away',
        cancelsSubscription: true,
        createdAt: '2025-05-03T10:00:00.000Z',
        checks: 2,
        lastAnswer: 'not_found',
      },
    ];
    stubFetch(() => json(MAY));
    renderAt('/settings/payments-history?month=2025-05');
    const panel = await screen.findByTestId('pending-refunds');
    expect(panel.textContent).toMatch(/1 refund on the way back, not confirmed by the payment provider/);
    const item = within(panel).getByTestId('pending-refund').textContent ?? '';
    expect(item).toMatch(/SAR\s200\.00 to Faisal Al-Otaibi, invoice no\. 1/);
    expect(item).toContain('The provider has no record of this refund: retry it.');
    expect(item).toContain('The subscription is cancelled once the refund is settled as refunded.');
    // Without W:Settings (no member signed in here) it is shown, not acted on.
    expect(within(panel).queryByTestId('pending-refund-retry')).toBeNull();
    cleanup();
    stubFetch(() => json(MAY));
    renderAt('/settings/payments-history?month=2025-05', 'ar');
    const arabic = await screen.findByTestId('pending-refund');
    expect(arabic.textContent).toContain('فيصل العتيبي');
    expect(arabic.textContent).toContain('الفاتورة رقم 1');
  });

  it("opens an invoice's PDF in a dialog of the app, not on the public page", async () => {
    const urls = stubFetch((url) =>
      url.pathname.startsWith('/api/invoices/0')
        ? new Response(new Blob(['%PDF-1.3'], { type: 'application/pdf' }), { headers: { 'content-type': 'application/pdf' } })
        : json(MAY),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    const router = renderAt('/settings/payments-history?month=2025-05');
    const row = (await screen.findAllByTestId('payments-row')).filter((r) => r.tagName === 'TR')[1];
    await userEvent.click(within(row).getByRole('button', { name: 'View the PDF of invoice 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice 2' });
    expect((await within(dialog).findByTitle('Invoice PDF')).getAttribute('src')).toBe('blob:pdf');
    expect(within(dialog).getByTestId('invoice-download').getAttribute('href')).toBe('blob:pdf');
    expect(urls.at(-1)?.pathname).toBe('/api/invoices/00000000-0000-4000-8000-000000000102');
    expect(router.state.location.pathname).toBe('/settings/payments-history');
  });

  it('shows a long month a page at a time, its length in the address', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      invoice({ id: `00000000-0000-4000-8000-${String(200 + i).padStart(12, '0')}`, invoiceNumber: i + 1 }),
    );
    stubFetch(() => json(many));
    const router = renderAt('/settings/payments-history?month=2025-05');
    await waitFor(() => expect(screen.getAllByTestId('payments-row').filter((r) => r.tagName === 'TR')).toHaveLength(25));
    expect(screen.getByTestId('payments-summary').textContent).toContain('30 payments');
    await userEvent.click(screen.getByRole('button', { name: 'Show 5 more' }));
    await waitFor(() => expect(screen.getAllByTestId('payments-row').filter((r) => r.tagName === 'TR')).toHaveLength(30));
    expect(router.state.location.search).toEqual({ month: '2025-05', shown: 50 });
  });

  it("finds a month's invoice by player, package or number, the search kept in the address", async () => {
    stubFetch(() => json(MAY));
    const router = renderAt('/settings/payments-history?month=2025-05&q=omar');
    await waitFor(() => expect(screen.getAllByTestId('payments-row').filter((r) => r.tagName === 'TR')).toHaveLength(1));
    expect(screen.getAllByTestId('payments-row').filter((r) => r.tagName === 'TR')[0].textContent).toContain('Omar');
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'nobody');
    expect(await screen.findByText('No payment of this month matches your search')).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ month: '2025-05', q: 'nobody' });
  });

  it("shows each document's reporting to ZATCA, in English and in Arabic", async () => {
    const states = [
      invoice({ reporting: 'reported' }),
      invoice({ id: '00000000-0000-4000-8000-000000000103', invoiceNumber: 3, reporting: 'reported_with_warnings' }),
      invoice({ id: '00000000-0000-4000-8000-000000000104', invoiceNumber: 4, reporting: 'rejected' }),
      invoice({ id: '00000000-0000-4000-8000-000000000105', invoiceNumber: 5, reporting: 'waiting' }),
      invoice({ id: '00000000-0000-4000-8000-000000000106', invoiceNumber: 6, reporting: null }),
    ];
    stubFetch(() => json(states));
    renderAt('/settings/payments-history?month=2025-05');
    const rows = (await screen.findAllByTestId('payments-row')).filter((r) => r.tagName === 'TR');
    expect(rows.map((r) => within(r).queryByTestId('reporting-state')?.textContent ?? null)).toEqual([
      'Reported',
      'Reported with warnings',
      'Rejected',
      'Waiting',
      null,
    ]);
  });

  it("shows the reporting states' Arabic labels", async () => {
    stubFetch(() =>
      json([
        invoice({ reporting: 'rejected' }),
        invoice({ id: '00000000-0000-4000-8000-000000000107', invoiceNumber: 7, reporting: 'waiting' }),
      ]),
    );
    renderAt('/settings/payments-history?month=2025-05', 'ar');
    const rows = (await screen.findAllByTestId('payments-row')).filter((r) => r.tagName === 'TR');
    expect(rows.map((r) => within(r).getByTestId('reporting-state').textContent)).toEqual(['مرفوضة', 'قيد الانتظار']);
  });

  it('shows credit notes as negative rows naming their invoice, and the total nets them, in English and in Arabic', async () => {
    const withCredit = [
      ...MAY,
      invoice({
        id: '00000000-0000-4000-8000-000000000103',
        invoiceNumber: 3,
        kind: 'credit_note',
        creditedInvoiceNumber: 1,
        totalAmount: -150,
        vatAmount: -19.57,
      }),
    ];
    stubFetch(() => json(withCredit));
    renderAt('/settings/payments-history?month=2025-05');
    const rows = (await screen.findAllByTestId('payments-row')).filter((r) => r.tagName === 'TR');
    expect(within(rows[2]).getByTestId('payments-credit-note').textContent).toBe('Credit notefor invoice no. 1');
    expect(rows[2].textContent).toMatch(/-SAR\s150\.00/);
    expect(within(rows[2]).getByTestId('payments-pdf').getAttribute('aria-label')).toBe('View the PDF of credit note 3');
    expect(within(rows[0]).queryByTestId('payments-credit-note')).toBeNull();
    expect(screen.getByTestId('payments-summary').textContent).toMatch(/^2 payments, 1 credit note, SAR\s600\.50 in total$/);
    // Phones (only the cards are rendered under 48rem): the card says it too.
    cleanup();
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    renderAt('/settings/payments-history?month=2025-05');
    const cards = await screen.findAllByTestId('payments-row');
    expect(cards.map((r) => r.tagName)).toEqual(['LI', 'LI', 'LI']);
    expect(cards[2].textContent).toContain('Credit note no. 3');
  });

  it('says credit note in Arabic', async () => {
    stubFetch(() => json([invoice({ invoiceNumber: 2, kind: 'credit_note', creditedInvoiceNumber: 1, totalAmount: -450 })]));
    renderAt('/settings/payments-history?month=2025-05', 'ar');
    const row = (await screen.findAllByTestId('payments-row')).find((r) => r.tagName === 'TR');
    expect(row && within(row).getByTestId('payments-credit-note').textContent).toBe('إشعار دائنللفاتورة رقم 1');
    expect(screen.getByTestId('payments-summary').textContent).toContain('إشعار دائن واحد');
  });

  it('shows Arabic names in the Arabic screen', async () => {
    stubFetch(() => json(MAY));
    renderAt('/settings/payments-history?month=2025-05', 'ar');
    const rows = await screen.findAllByTestId('payments-row');
    expect(rows.find((r) => r.tagName === 'TR')?.textContent).toContain('فيصل العتيبي');
    // The package too, and the CSV asked in Arabic.
    expect(rows.find((r) => r.tagName === 'TR')?.textContent).toContain('باقة شهرية');
    expect(rows.find((r) => r.tagName === 'TR')?.textContent).not.toContain('Monthly');
  });

  it('moves to the previous and next month', async () => {
    const urls = stubFetch(() => json([]));
    const router = renderAt('/settings/payments-history?month=2025-01');
    await screen.findByText('No payments found for this month');
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ month: '2024-12' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('startDate')).toBe('2024-12-01'));
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('endDate')).toBe('2025-02-28'));
  });

  it('says when loading failed and tries again', async () => {
    let fail = true;
    stubFetch(() => (fail ? json({ message: 'Something went wrong', code: 'request.failed' }, 500) : json(MAY)));
    renderAt('/settings/payments-history?month=2025-05');
    expect(await screen.findByText('Failed to load payments. Please try again later.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    // Wide screen (jsdom has no matchMedia): the table's row of each of the month's two invoices.
    expect((await screen.findAllByTestId('payments-row')).map((r) => r.tagName)).toEqual(['TR', 'TR']);
  });

  it('exports the month as CSV through the API and hands it to the browser as a file', async () => {
    const urls = stubFetch((url) =>
      url.pathname === '/api/invoices/export' ? new Response('\uFEFFNumber\r\n', { headers: { 'content-type': 'text/csv' } }) : json(MAY),
    );
    const created = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAt('/settings/payments-history?month=2025-05');
    await screen.findAllByTestId('payments-row');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const exportCall = urls.find((u) => u.pathname === '/api/invoices/export');
    expect(exportCall?.searchParams.get('month')).toBe('2025-05');
    expect(exportCall?.searchParams.get('lang')).toBe('en');
    expect(created).toHaveBeenCalledTimes(1);
    clicked.mockRestore();
  });
});

describe('the invoice viewer', () => {
  const id = '00000000-0000-4000-8000-000000000101';

  it('shows the PDF in a frame with a download', async () => {
    stubFetch(() => new Response(new Blob(['%PDF-1.3'], { type: 'application/pdf' }), { headers: { 'content-type': 'application/pdf' } }));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    renderAt(`/subscription-invoice/${id}`);
    const download = await screen.findByTestId('invoice-download');
    expect(download.getAttribute('href')).toBe('blob:pdf');
    expect(screen.getByTitle('Invoice PDF').getAttribute('src')).toBe('blob:pdf');
  });

  it("says 'No PDF available' for an unknown invoice, without trying again", async () => {
    const urls = stubFetch(() => json({ message: 'No PDF available', code: 'invoice.not_found' }, 404));
    renderAt(`/subscription-invoice/${id}`);
    expect(await screen.findByText('No PDF available')).toBeTruthy();
    expect(urls.map((u) => u.pathname)).toEqual([`/api/invoices/${id}`]);
  });

  it("says 'Failed to fetch PDF' when the server keeps failing (after two more tries)", async () => {
    const urls = stubFetch(() => json({ message: 'Something went wrong', code: 'request.failed' }, 500));
    renderAt(`/subscription-invoice/${id}`);
    expect(await screen.findByText('Failed to fetch PDF', {}, { timeout: 10_000 })).toBeTruthy();
    expect(urls).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('a credit note from the payments history', () => {
  const pdf = () => new Response(new Blob(['%PDF-1.3'], { type: 'application/pdf' }), { headers: { 'content-type': 'application/pdf' } });
  /** The month's invoices, their PDFs, and the credit note the server issues (its request bodies recorded). */
  function stubCredit() {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(String(input), 'http://demo.kora.test');
        if (url.pathname === '/api/refunds/pending') return json([]);
        if (url.pathname.endsWith('/credit-note')) {
          bodies.push(JSON.parse(String(init?.body)));
          return json(
            {
              id: '00000000-0000-4000-8000-000000000301',
              invoiceNumber: 7,
              kind: 'credit_note',
              creditedInvoice: { id: MAY[0].id, invoiceNumber: 1 },
              issuedAt: '2025-05-04T09:00:00.000Z',
              amount: 450,
              vatAmount: 58.7,
              reason: 'Moved away',
              refund: { method: 'Cash', providerRef: null },
              remainingAmount: 0,
            },
            201,
          );
        }
        return url.pathname.startsWith('/api/invoices/0') ? pdf() : json(MAY);
      }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    return bodies;
  }
  const openInvoice = async (number: number) => {
    const row = (await screen.findAllByTestId('payments-row')).filter((r) => r.tagName === 'TR')[number - 1];
    await userEvent.click(within(row).getByRole('button', { name: `View the PDF of invoice ${number}` }));
    return screen.findByRole('dialog', { name: `Invoice ${number}` });
  };

  it('asks, for the whole invoice, whether its subscription is cancelled too, and sends the answer', async () => {
    member.writesSettings = true;
    const bodies = stubCredit();
    renderAt('/settings/payments-history?month=2025-05');
    const invoiceDialog = await openInvoice(1);
    await userEvent.click(await within(invoiceDialog).findByRole('button', { name: 'Issue a credit note for invoice 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit note for invoice 1' });
    await userEvent.type(within(dialog).getByLabelText('Reason for the refund'), 'Moved away');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    // No answer yet to the subscription's question: nothing is sent.
    expect(await within(dialog).findByText('Choose whether the subscription is cancelled')).toBeTruthy();
    expect(bodies).toEqual([]);
    await userEvent.click(within(dialog).getByLabelText('Cancel it too'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    await waitFor(() => expect(bodies).toEqual([{ reason: 'Moved away', cancelSubscription: true }]));
    expect(await screen.findByText('Credit note 7 issued for SAR 450.00; the subscription is cancelled')).toBeTruthy();
  });

  it('credits a part without touching the subscription', async () => {
    member.writesSettings = true;
    const bodies = stubCredit();
    renderAt('/settings/payments-history?month=2025-05');
    await userEvent.click(await within(await openInvoice(1)).findByRole('button', { name: 'Issue a credit note for invoice 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit note for invoice 1' });
    await userEvent.click(within(dialog).getByLabelText('Part of it'));
    expect(within(dialog).queryByTestId('credit-subscription')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Amount to refund (SAR)'), '١٠٠٫٥');
    await userEvent.type(within(dialog).getByLabelText('Reason for the refund'), 'Missed a week');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    await waitFor(() => expect(bodies).toEqual([{ reason: 'Missed a week', amount: 100.5 }]));
  });

  it('is not offered to a member who only reads Settings', async () => {
    stubCredit();
    renderAt('/settings/payments-history?month=2025-05');
    const dialog = await openInvoice(1);
    await within(dialog).findByTestId('invoice-download');
    expect(within(dialog).queryByTestId('credit-note-open')).toBeNull();
  });
});
