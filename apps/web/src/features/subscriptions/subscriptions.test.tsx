import type { ManagedSubscription, Package, SubscriptionRow } from '@kora/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/Toaster';
import { ApiError, call } from '../../lib/api';
import { LocaleProvider } from '../../lib/i18n';
import { SubscriptionsPage } from './SubscriptionsPage';

const rights = { write: true };
vi.mock('../../lib/auth', () => ({
  useAuth: () => ({ canRead: () => true, canWrite: (area: string) => area === 'Settings' && rights.write }),
}));
vi.mock('../../lib/api', async (original) => ({ ...(await original<typeof import('../../lib/api')>()), call: vi.fn() }));
const mockedCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const monthly = { id: id(1), name: 'Monthly', nameArabic: null, packageType: 'TIME_BASED' as const, price: 450, allowPause: true };
const sessions = { id: id(2), name: '12 sessions', nameArabic: null, packageType: 'SESSION_BASED' as const, price: 600, allowPause: false };
const packages = [monthly, sessions].map(
  (p): Package => ({
    ...p,
    monthsNumber: 1,
    sessionsCount: 12,
    hasTrial: false,
    trialDays: 0,
    description: null,
    descriptionArabic: null,
    skipLimit: 0,
    isActive: true,
  }),
);
const sub = (n: number, status: ManagedSubscription['status'], over: Partial<ManagedSubscription> = {}): ManagedSubscription => ({
  id: id(100 + n),
  status,
  startDate: '2026-11-01',
  endDate: '2026-12-01',
  sessionsLeft: null,
  totalSessions: null,
  userId: id(10 + n),
  package: monthly,
  ...over,
});
const row = (n: number, name: string, subscription: ManagedSubscription | null): SubscriptionRow => ({
  player: {
    id: id(10 + n),
    name,
    nameArabic: null,
    avatar: null,
    birthdate: '2016-01-01',
    condition: null,
    hasMedicalNote: false,
    teams: [],
  },
  subscription,
});
const ROWS = [
  row(1, 'No Sub', null),
  row(2, 'Pending Player', sub(2, 'PENDING')),
  row(3, 'Active Player', sub(3, 'ACTIVE')),
  row(4, 'Paused Player', sub(4, 'PAUSED')),
  row(5, 'Expired Player', sub(5, 'INACTIVE')),
  row(6, 'Session Player', sub(6, 'ACTIVE', { package: sessions, endDate: null, sessionsLeft: 2, totalSessions: 12 })),
];

function renderPage(path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <LocaleProvider locale="en">
        <ToastProvider>{children}</ToastProvider>
      </LocaleProvider>
    </QueryClientProvider>
  );
  // A list keeps its filters and length in the address: the page sits on a route.
  const rootRoute = createRootRoute({ component: SubscriptionsPage });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(<RouterProvider router={router} />, { wrapper: wrap });
  return Object.assign(view, { router });
}
/** The desktop table's row of a player (the phone cards hold the same controls). */
const tableRow = async (name: string) => {
  const table = await screen.findByRole('table');
  const cell = within(table).getByText(name);
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  expect(tr.dataset.testid).toBe('subscription-row');
  return within(tr);
};
const buttons = (r: { queryAllByRole(role: 'button'): HTMLElement[] }) => r.queryAllByRole('button').map((b) => b.textContent);

beforeEach(() => {
  rights.write = true;
  mockedCall.mockReset();
  mockedCall.mockImplementation(async (key: string) => {
    if (key === 'listSubscriptions') return ROWS;
    if (key === 'listPackages') return packages;
    return sub(1, 'PENDING');
  });
});

// The dialogs load when opened (React.lazy); importing them once here keeps the first opening from waiting
// on vitest transforming their forms, which on a busy machine outlasts findByRole's wait.
beforeAll(async () => {
  await Promise.all([
    import('./ActivateDialog'),
    import('./CancelDialog'),
    import('./FamilyLinkDialog'),
    import('../players/AddPlayerDialog'),
  ]);
}, 30_000);

describe('the subscriptions screen', () => {
  it('shows the title, the columns and, by state, exactly the actions of the spec', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'MANAGE SUBSCRIPTION' })).toBeTruthy();
    for (const col of ['Player', 'Package', 'Period or sessions', 'Status', 'Actions'])
      expect(within(await screen.findByRole('table')).getByRole('columnheader', { name: col })).toBeTruthy();
    expect(buttons(await tableRow('No Sub'))).toEqual(['Activate']);
    // The spec's actions, and the family payment link (docs/domain.md, "A family payment link") beside each payment link.
    expect(buttons(await tableRow('Pending Player'))).toEqual([
      'Activate',
      'Copy payment link',
      'Family payment link',
      'Cancel subscription',
    ]);
    expect(buttons(await tableRow('Active Player'))).toEqual(['Pause', 'Cancel subscription']);
    expect(buttons(await tableRow('Paused Player'))).toEqual(['Resume']);
    expect(buttons(await tableRow('Expired Player'))).toEqual(['Copy renewal link', 'Family payment link', 'Activate']);
    // Its package does not allow pausing.
    expect(buttons(await tableRow('Session Player'))).toEqual(['Cancel subscription']);
    expect((await tableRow('Session Player')).getByText('2 / 12 sessions')).toBeTruthy();
    expect((await tableRow('Active Player')).getByText('2026/11/01 – 2026/12/01')).toBeTruthy();
  });

  it("makes a family payment link for the child's parent when its dialog opens, says until when, and copies it", async () => {
    const link = {
      url: 'http://demo.kora.test/family-payment/abc',
      expiresAt: '2026-12-16T09:00:00.000Z',
      parent: { name: 'Fahad', nameArabic: null },
    };
    mockedCall.mockImplementation(async (key: string) => {
      if (key === 'listSubscriptions') return ROWS;
      if (key === 'listPackages') return packages;
      if (key === 'createFamilyPaymentLink') return link;
      return sub(1, 'PENDING');
    });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage();
    await userEvent.click((await tableRow('Pending Player')).getByRole('button', { name: 'Family payment link' }));
    const url = (await screen.findByTestId('family-link-url')) as HTMLInputElement;
    expect(url.value).toBe(link.url);
    expect(mockedCall).toHaveBeenCalledWith('createFamilyPaymentLink', { params: { id: id(12) } });
    expect(screen.getByTestId('family-link-dialog').textContent).toContain('Fahad pays every child');
    expect(screen.getByTestId('family-link-dialog').textContent).toContain('2026/12/16');
    await userEvent.click(screen.getByTestId('family-link-copy'));
    expect(writeText).toHaveBeenCalledWith(link.url);
    expect(await screen.findByText('Link copied')).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('keeps Activate disabled until a package is chosen, then creates the PENDING subscription', async () => {
    const user = userEvent.setup();
    renderPage();
    const r = await tableRow('No Sub');
    const activate = r.getByRole('button', { name: 'Activate' }) as HTMLButtonElement;
    expect(activate.disabled).toBe(true);
    expect(activate.title).toBe('Please select a package first');
    await waitFor(() => expect(r.getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(r.getByRole('combobox', { name: 'Package for No Sub' }), monthly.id);
    expect(activate.disabled).toBe(false);
    await user.click(activate);
    await waitFor(() =>
      expect(mockedCall).toHaveBeenCalledWith('createSubscription', {
        params: { playerId: id(11) },
        body: { packageId: monthly.id },
      }),
    );
    expect(await screen.findByText('Subscription created for No Sub, waiting for payment')).toBeTruthy();
  });

  it('activates a PENDING subscription by cash after the dialog, and cancels only after confirming', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click((await tableRow('Pending Player')).getByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/Monthly: a cash payment of SAR\s450\.00 will be recorded\./);
    expect(within(dialog).getByLabelText('E-mail the invoice to the parent')).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm cash payment' }));
    await waitFor(() =>
      expect(mockedCall).toHaveBeenCalledWith('activateSubscription', {
        params: { packageId: monthly.id, subscriptionId: id(102) },
        body: expect.objectContaining({ status: 'ACTIVE', sendInvoice: true, paymentMethod: 'Cash', startDate: expect.any(String) }),
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click((await tableRow('Active Player')).getByRole('button', { name: 'Cancel subscription' }));
    expect(mockedCall).not.toHaveBeenCalledWith('cancelSubscription', expect.anything());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(mockedCall).toHaveBeenCalledWith('cancelSubscription', { params: { subscriptionId: id(103) }, body: {} }));
    expect(await screen.findByText('Subscription of Active Player cancelled')).toBeTruthy();
  });

  it("says the cash payment at the period's price: a sibling price is taken off the package's, as on the payment page", async () => {
    mockedCall.mockImplementation(async (key: string) => {
      if (key === 'listSubscriptions') return ROWS;
      if (key === 'listPackages') return packages;
      if (key === 'paymentDetails') return { price: { list: 450, allowance: 45, total: 405, sibling: { position: 2, percent: 10 } } };
      return sub(1, 'PENDING');
    });
    const user = userEvent.setup();
    renderPage();
    await user.click((await tableRow('Pending Player')).getByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.textContent).toMatch(/Monthly: a cash payment of SAR\s405\.00 will be recorded\./));
    expect(within(dialog).getByTestId('activate-sibling').textContent).toMatch(
      /sibling discount of 10% is taken off the package's price of SAR\s450\.00/,
    );
    expect(mockedCall).toHaveBeenCalledWith('paymentDetails', { params: { id: id(102) } });
  });

  it('offers the refund of a paid subscription when cancelling: none, full or a part with the reason', async () => {
    const user = userEvent.setup();
    const creditNote = {
      id: id(900),
      invoiceNumber: 8,
      kind: 'credit_note',
      creditedInvoice: { id: id(800), invoiceNumber: 7 },
      issuedAt: '2026-11-22T09:00:00.000Z',
      amount: 200,
      vatAmount: 26.09,
      reason: 'Moved away',
      refund: { method: 'Card', providerRef: 'TST0001' },
      remainingAmount: 250,
    };
    mockedCall.mockImplementation(async (key: string) => {
      if (key === 'listSubscriptions') return ROWS;
      if (key === 'listPackages') return packages;
      if (key === 'subscriptionRefundable')
        return { invoice: { id: id(800), invoiceNumber: 7, totalAmount: 450, paymentMethod: 'Card' }, refundableAmount: 450 };
      if (key === 'cancelSubscription') return { ...sub(3, 'CANCELLED'), creditNote };
      return sub(1, 'PENDING');
    });
    renderPage();
    await user.click((await tableRow('Active Player')).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(mockedCall).toHaveBeenCalledWith('subscriptionRefundable', { params: { subscriptionId: id(103) } });
    expect((await dialog.findByLabelText('No refund')).matches(':checked')).toBe(true);
    expect(dialog.getByLabelText(/^Full refund: SAR\s450\.00$/)).toBeTruthy();
    await user.click(dialog.getByLabelText('Partial refund'));
    expect(dialog.getByText(/through the payment provider/)).toBeTruthy();
    // More than is left, and no reason: said on the fields, nothing sent.
    await user.type(dialog.getByLabelText('Amount to refund (SAR)'), '500');
    await user.click(dialog.getByRole('button', { name: 'Cancel subscription' }));
    expect(await dialog.findByText('The amount is more than what is left to refund')).toBeTruthy();
    expect(dialog.getByText('Enter the reason for the refund')).toBeTruthy();
    expect(mockedCall).not.toHaveBeenCalledWith('cancelSubscription', expect.anything());
    await user.clear(dialog.getByLabelText('Amount to refund (SAR)'));
    await user.type(dialog.getByLabelText('Amount to refund (SAR)'), '200');
    await user.type(dialog.getByLabelText('Reason for the refund'), 'Moved away');
    await user.click(dialog.getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() =>
      expect(mockedCall).toHaveBeenCalledWith('cancelSubscription', {
        params: { subscriptionId: id(103) },
        body: { refund: { reason: 'Moved away', amount: 200 } },
      }),
    );
    expect(await screen.findByText(/Subscription of Active Player cancelled; credit note 8 issued for SAR\s200\.00/)).toBeTruthy();
  });

  it('says why a refund failed and keeps the dialog open', async () => {
    const user = userEvent.setup();
    mockedCall.mockImplementation(async (key: string) => {
      if (key === 'listSubscriptions') return ROWS;
      if (key === 'listPackages') return packages;
      if (key === 'subscriptionRefundable')
        return { invoice: { id: id(800), invoiceNumber: 7, totalAmount: 450, paymentMethod: 'Cash' }, refundableAmount: 450 };
      if (key === 'cancelSubscription')
        throw new ApiError(502, 'The payment provider refused the refund: Declined', 'refund.declined', [], { reason: 'Declined' });
      return sub(1, 'PENDING');
    });
    renderPage();
    await user.click((await tableRow('Active Player')).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(await dialog.findByLabelText(/Full refund/));
    expect(dialog.getByText(/in cash at the academy/)).toBeTruthy();
    await user.type(dialog.getByLabelText('Reason for the refund'), 'Injury');
    await user.click(dialog.getByRole('button', { name: 'Cancel subscription' }));
    expect(await dialog.findByText('The payment provider refused the refund: Declined')).toBeTruthy();
    expect(mockedCall).toHaveBeenCalledWith('cancelSubscription', {
      params: { subscriptionId: id(103) },
      body: { refund: { reason: 'Injury' } },
    });
  });

  it('says what is already on its way back when a card refund is not confirmed yet', async () => {
    const user = userEvent.setup();
    const refundable = { invoice: { id: id(800), invoiceNumber: 7, totalAmount: 450, paymentMethod: 'Card' }, refundableAmount: 250 };
    let pending = { ...refundable, pendingRefundAmount: 200, pendingRefundSince: '2026-11-20T08:00:00.000Z' };
    mockedCall.mockImplementation(async (key: string) => {
      if (key === 'listSubscriptions') return ROWS;
      if (key === 'listPackages') return packages;
      if (key === 'subscriptionRefundable') return pending;
      return sub(1, 'PENDING');
    });
    const view = renderPage();
    await user.click((await tableRow('Active Player')).getByRole('button', { name: 'Cancel subscription' }));
    let dialog = within(await screen.findByRole('dialog'));
    // The "full refund" is smaller than the invoice, and the dialog says why.
    expect(await dialog.findByLabelText(/^Full refund: SAR\s250\.00$/)).toBeTruthy();
    const note = dialog.getByTestId('refund-pending-note').textContent ?? '';
    expect(note).toMatch(/SAR\s200\.00 of invoice no\. 7 is already on its way back/);
    expect(note).toMatch(/not confirmed yet/);
    expect(note).toMatch(/what is left: SAR\s250\.00/);
    await user.keyboard('{Escape}');
    view.unmount();

    // All of it on its way: nothing more to offer, and not "refunded in full".
    pending = { ...refundable, refundableAmount: 0, pendingRefundAmount: 450, pendingRefundSince: '2026-11-20T08:00:00.000Z' };
    renderPage();
    await user.click((await tableRow('Active Player')).getByRole('button', { name: 'Cancel subscription' }));
    dialog = within(await screen.findByRole('dialog'));
    expect((await dialog.findByTestId('refund-pending-note')).textContent).toMatch(
      /Nothing more to refund: SAR\s450\.00 of invoice no\. 7 is already on its way back/,
    );
    expect(dialog.queryByText(/refunded in full/)).toBeNull();
    expect(dialog.queryByLabelText(/Full refund/)).toBeNull();
  });

  it('toasts a refused action in words of its code', async () => {
    const user = userEvent.setup();
    mockedCall.mockImplementation(async (key: string) => {
      if (key === 'listSubscriptions') return ROWS;
      if (key === 'listPackages') return packages;
      throw new ApiError(409, 'This package does not allow pausing', 'subscription.pause_not_allowed');
    });
    renderPage();
    await user.click((await tableRow('Active Player')).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('This package does not allow pausing')).toBeTruthy();
  });

  it('without W:Settings shows no action, Cancel included, and says why once under the title', async () => {
    rights.write = false;
    renderPage();
    for (const name of ['No Sub', 'Paused Player', 'Pending Player', 'Active Player']) expect(buttons(await tableRow(name))).toEqual([]);
    expect(screen.queryAllByRole('button', { name: 'Cancel subscription' })).toEqual([]);
    expect(
      screen.getByText('You can see the subscriptions; activating, pausing or cancelling them needs the Settings permission.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add player' })).toBeNull();
  });

  it('filters, and says so when nothing matches', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table');
    await user.selectOptions(screen.getAllByLabelText('Package type')[0], 'SESSION_BASED');
    expect(within(screen.getByRole('table')).getAllByTestId('subscription-row')).toHaveLength(1);
    await user.type(screen.getByRole('searchbox'), 'nobody');
    expect(await screen.findByText('No players found matching your filters')).toBeTruthy();
  });

  it('keeps its filters and length in the address and shows 25 players at a time', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 30 }, (_, i) => row(20 + i, `Player ${i + 1}`, sub(20 + i, 'ACTIVE')));
    mockedCall.mockImplementation(async (key: string) => (key === 'listSubscriptions' ? many : packages));
    const { router } = renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByTestId('subscription-row')).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Show 5 more' }));
    await waitFor(() => expect(within(table).getAllByTestId('subscription-row')).toHaveLength(30));
    expect(router.state.location.search).toEqual({ shown: 50 });
    await user.selectOptions(screen.getAllByLabelText('Package type')[0], 'TIME_BASED');
    await waitFor(() => expect(router.state.location.search).toEqual({ packageType: 'TIME_BASED' }));
    expect(within(table).getAllByTestId('subscription-row')).toHaveLength(25);
  });

  it('comes back to the filtered list from its address', async () => {
    renderPage('/?packageType=SESSION_BASED');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByTestId('subscription-row')).toHaveLength(1));
    expect(within(table).getByText('Session Player')).toBeTruthy();
  });

  it('says "Failed to load subscriptions" with Try again', async () => {
    const user = userEvent.setup();
    mockedCall.mockImplementation(async () => {
      throw new Error('offline');
    });
    renderPage();
    expect(await screen.findByText('Failed to load subscriptions')).toBeTruthy();
    mockedCall.mockImplementation(async (key: string) => (key === 'listSubscriptions' ? ROWS : packages));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});
