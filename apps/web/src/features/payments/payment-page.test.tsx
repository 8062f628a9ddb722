import type { PaymentDetails, PaymentResultReply } from '@kora/contracts';
import { CARD_CONSENT } from '@kora/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Locale, LocaleProvider } from '../../lib/i18n';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { jsonResponse as json } from '../../test-render';
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
    descriptionArabic: null,
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
  methods: ['mada', 'visa_mastercard', 'stcpay'],
  price: { list: 450.5, allowance: 0, total: 450.5, sibling: null },
});

const REF = '00000000-0000-4000-8000-000000000050';
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
const RESULT = `GET /api/payments/${REF}/result`;

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
  const search = (s: Record<string, unknown>) => ({ payment: typeof s.payment === 'string' ? s.payment : undefined });
  const tree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/', component: () => <p>home</p> }),
    createRoute({ getParentRoute: () => root, path: 'initial-subscription/$id', validateSearch: search, component: InitialPaymentPage }),
    createRoute({ getParentRoute: () => root, path: 'renew-subscription/$id', validateSearch: search, component: RenewPaymentPage }),
    createRoute({ getParentRoute: () => root, path: 'payment/success', component: PaymentSuccessPage }),
    createRoute({ getParentRoute: () => root, path: 'auth/register/parent', component: () => <p>registration</p> }),
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
  localStorage.clear();
});
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
    // No sibling price: the price alone, as before.
    expect(screen.getByText('Price')).toBeTruthy();
    expect(screen.queryByTestId('payment-list-price')).toBeNull();
    expect(screen.queryByTestId('payment-sibling')).toBeNull();
    expect(screen.queryByText('Amount to pay')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    const frame = await screen.findByTitle('Secure card payment');
    expect(frame.getAttribute('src')).toBe('https://secure.paytabs.sa/payment/page/ABC');
    expect(calls.find((c) => c.route === 'POST /api/subscriptions/paytabs/payment')?.body).toEqual({ subscriptionId: ID, lang: 'en' });
  });

  it('offers paying in full or in instalments, says which grant applies, and asks for the card before instalments (en and ar)', async () => {
    const offered: PaymentDetails = {
      ...details({ endDate: '2027-02-22' }),
      package: { ...details().package, name: 'Quarterly', monthsNumber: 3, price: 1000 },
      price: { list: 1000, allowance: 0, total: 1000, sibling: null },
      instalments: {
        count: 3,
        grant: 'as_paid',
        schedule: [
          { on: '2026-11-22', amount: 333.34 },
          { on: '2026-12-22', amount: 333.33 },
          { on: '2027-01-22', amount: 333.33 },
        ],
      },
    };
    const calls = stubApi({
      [`GET /api/subscriptions/${ID}/payment-details`]: () => json(offered),
      'POST /api/subscriptions/paytabs/payment': () =>
        json({ success: true, paymentUrl: 'https://secure.paytabs.sa/payment/page/ABC', subscriptionId: ID }),
    });
    const english = renderAt(`/initial-subscription/${ID}`);
    const full = await screen.findByTestId('payment-pay-full');
    expect(full.closest('label')?.textContent).toMatch(/^Pay in full \(SAR\s1,000\.00\)$/);
    expect(screen.getByTestId('payment-pay-instalments').closest('label')?.textContent).toMatch(
      /Pay in 3 monthly instalments \(first SAR\s333\.34 today, then SAR\s333\.33 each month\)/,
    );
    expect(screen.getByTestId('payment-instalments-grant').textContent).toBe('Each month is added as it is paid.');
    await userEvent.click(screen.getByTestId('payment-pay-instalments'));
    expect(screen.getByTestId('payment-instalments-schedule').querySelectorAll('li')).toHaveLength(3);
    // Instalments are charged to the saved card: Proceed waits for the consent.
    expect(screen.getByTestId('payment-instalments-needs-card')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Proceed to payment' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByTestId('payment-save-card'));
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await screen.findByTitle('Secure card payment');
    expect(calls.find((c) => c.route === 'POST /api/subscriptions/paytabs/payment')?.body).toEqual({
      subscriptionId: ID,
      lang: 'en',
      saveCard: true,
      instalments: true,
    });
    english.unmount();

    stubApi({
      [`GET /api/subscriptions/${ID}/payment-details`]: () => json({ ...offered, instalments: { ...offered.instalments, grant: 'whole' } }),
    });
    renderAt(`/initial-subscription/${ID}`, 'ar');
    expect((await screen.findByTestId('payment-instalments-grant')).textContent).toBe('تبدأ فترة طفلك كاملة الآن.');
    expect(screen.getByTestId('payment-pay-instalments').closest('label')?.textContent).toContain('الدفع على 3 أقساط شهرية');
    cleanup();
    // Twelve instalments, in the Arabic plural of 11 and more.
    stubApi({
      [`GET /api/subscriptions/${ID}/payment-details`]: () => json({ ...offered, instalments: { ...offered.instalments, count: 12 } }),
    });
    renderAt(`/initial-subscription/${ID}`, 'ar');
    expect((await screen.findByTestId('payment-pay-instalments')).closest('label')?.textContent).toContain('الدفع على 12 قسطاً شهرياً');
  });

  it("shows a sibling price: the package's price, the discount for the child's place and the amount to pay (en and ar)", async () => {
    const discounted = { ...details(), price: { list: 450.5, allowance: 45.05, total: 405.45, sibling: { position: 2, percent: 10 } } };
    const calls = stubApi({
      [`GET /api/subscriptions/${ID}/payment-details`]: () => json(discounted),
      'POST /api/subscriptions/paytabs/payment': () =>
        json({ success: true, paymentUrl: 'https://secure.paytabs.sa/payment/page/ABC', subscriptionId: ID }),
    });
    const english = renderAt(`/initial-subscription/${ID}`);
    expect((await screen.findByTestId('payment-list-price')).textContent).toMatch(/^SAR\s450\.50$/);
    expect(screen.getByText('Package price')).toBeTruthy();
    expect(screen.getByTestId('payment-sibling').textContent).toBe('Sibling discount — 2nd child, 10%');
    expect(screen.getByTestId('payment-allowance').textContent).toMatch(/^-SAR\s45\.05$/);
    // The amount to pay is the discounted total, with its own label.
    expect(screen.getByTestId('payment-price').textContent).toMatch(/^SAR\s405\.45$/);
    expect(screen.getByText('Amount to pay')).toBeTruthy();
    expect(screen.queryByText('Price')).toBeNull();
    expect(screen.getByTestId('payment-details').textContent).not.toMatch(/450\.50.*450\.50/);
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await screen.findByTitle('Secure card payment');
    expect(calls.find((c) => c.route === 'POST /api/subscriptions/paytabs/payment')?.body).toEqual({ subscriptionId: ID, lang: 'en' });
    english.unmount();

    renderAt(`/renew-subscription/${ID}`, 'ar');
    expect((await screen.findByTestId('payment-sibling')).textContent).toBe('خصم الإخوة — الطفل الثاني، 10%');
    expect(screen.getByText('سعر الباقة')).toBeTruthy();
    expect(screen.getByText('المبلغ المستحق')).toBeTruthy();
    expect(screen.getByTestId('payment-list-price').textContent).toContain('450.50');
    expect(screen.getByTestId('payment-allowance').textContent).toContain('-45.05');
    expect(screen.getByTestId('payment-price').textContent).toContain('405.45');
    expect(screen.getByTestId('payment-price').textContent).toContain('ر.س');
  });

  it("names the child's place in words: ordinals in English, Arabic ordinals to the tenth, then the child's number", () => {
    const say = (locale: string, messages: Record<string, string>, position: number) =>
      createIntl({ locale, messages }).formatMessage({ id: 'paymentPage.sibling' }, { position, percent: 15 });
    expect([2, 3, 4, 11, 12, 21, 22].map((p) => say('en', en, p))).toEqual([
      'Sibling discount — 2nd child, 15%',
      'Sibling discount — 3rd child, 15%',
      'Sibling discount — 4th child, 15%',
      'Sibling discount — 11th child, 15%',
      'Sibling discount — 12th child, 15%',
      'Sibling discount — 21st child, 15%',
      'Sibling discount — 22nd child, 15%',
    ]);
    expect([3, 5, 10, 11, 25].map((p) => say('ar-SA-u-nu-latn', ar, p))).toEqual([
      'خصم الإخوة — الطفل الثالث، 15%',
      'خصم الإخوة — الطفل الخامس، 15%',
      'خصم الإخوة — الطفل العاشر، 15%',
      'خصم الإخوة — الطفل رقم 11، 15%',
      'خصم الإخوة — الطفل رقم 25، 15%',
    ]);
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
      'Subscription is already Active. Payment cannot be initiated.',
    );
    expect(screen.getByRole('button', { name: 'Proceed to payment' }).hasAttribute('disabled')).toBe(true);
    // Running: the renewal page is one link away.
    expect(screen.getByTestId('payment-to-renew').getAttribute('href')).toBe(`/renew-subscription/${ID}`);
  });

  it('lets the renewal page pay an ended subscription', async () => {
    stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json(details({ status: 'INACTIVE' })) });
    renderAt(`/renew-subscription/${ID}`);
    const renew = await screen.findByRole('button', { name: 'Renew and pay' });
    expect(renew.hasAttribute('disabled')).toBe(false);
    expect(screen.getByText(/This subscription has ended/)).toBeTruthy();
  });

  it('lets the renewal page renew an ACTIVE subscription before its end, saying what it adds (the reminder link)', async () => {
    const calls = stubApi({
      [`GET /api/subscriptions/${ID}/payment-details`]: () => json(details({ status: 'ACTIVE' })),
      'POST /api/subscriptions/paytabs/payment': () =>
        json({ success: true, paymentUrl: 'https://secure.paytabs.sa/payment/page/ABC', subscriptionId: ID }),
    });
    renderAt(`/renew-subscription/${ID}`);
    const renew = await screen.findByRole('button', { name: 'Renew and pay' });
    expect(renew.hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('payment-extends').textContent).toBe(
      'Your subscription runs until 2026/12/22. Paying now adds 1 month after that date.',
    );
    await userEvent.click(renew);
    await screen.findByTitle('Secure card payment');
    expect(calls.find((c) => c.route === 'POST /api/subscriptions/paytabs/payment')?.body).toEqual({
      subscriptionId: ID,
      lang: 'en',
      renew: true,
    });
  });

  it("names the ways the provider's page takes money, as the profile offers them (en and ar)", async () => {
    stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json(details()) });
    const { unmount } = renderAt(`/initial-subscription/${ID}`);
    const methods = await screen.findByTestId('payment-methods');
    expect(methods.textContent).toBe('Pay withmadaVisa/MastercardSTC Pay');
    expect(screen.queryByTestId('payment-method-applepay')).toBeNull();
    unmount();
    stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json({ ...details(), methods: ['mada', 'applepay'] }) });
    renderAt(`/initial-subscription/${ID}`, 'ar');
    expect((await screen.findByTestId('payment-methods')).textContent).toBe('ادفع عبرمدىأبل باي');
  });

  it('offers "save this card for automatic renewals" unticked, with the consent in Arabic on the Arabic page, and sends it when ticked', async () => {
    const calls = stubApi({
      [`GET /api/subscriptions/${ID}/payment-details`]: () => json(details()),
      'POST /api/subscriptions/paytabs/payment': () =>
        json({ success: true, paymentUrl: 'https://secure.paytabs.sa/payment/page/ABC', subscriptionId: ID }),
    });
    renderAt(`/initial-subscription/${ID}`, 'ar');
    const box = await screen.findByTestId('payment-save-card');
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(box.closest('label')?.textContent).toBe(CARD_CONSENT.ar);
    await userEvent.click(box);
    await userEvent.click(screen.getByTestId('payment-proceed'));
    await screen.findByTestId('payment-frame');
    expect(calls.find((c) => c.route === 'POST /api/subscriptions/paytabs/payment')?.body).toEqual({
      subscriptionId: ID,
      lang: 'ar',
      saveCard: true,
    });
  });

  it('on the Arabic page: Arabic names and the status in Arabic', async () => {
    stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json(details({ status: 'CANCELLED' })) });
    renderAt(`/initial-subscription/${ID}`, 'ar');
    expect((await screen.findByTestId('payment-not-pending')).textContent).toBe('الاشتراك ملغى بالفعل. لا يمكن بدء الدفع.');
    expect(screen.getByText('فيصل العتيبي')).toBeTruthy();
    expect(screen.getByText('صقور الرياض')).toBeTruthy();
  });

  it('refuses when the academy has online payment off', async () => {
    stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json(details({}, { enableOnlinePayments: false })) });
    renderAt(`/initial-subscription/${ID}`);
    await screen.findByText('Online payment is not enabled for this academy');
    expect(screen.getByRole('button', { name: 'Proceed to payment' }).hasAttribute('disabled')).toBe(true);
  });

  it.each([
    ['declined', 'Payment declined', 'Your card was declined and nothing was charged.'],
    ['expired', 'Payment expired', 'The card has expired or the payment timed out, and nothing was charged.'],
    ['cancelled', 'Payment cancelled', 'The payment was cancelled on the card page and nothing was charged.'],
  ] as const)(
    'says what the server recorded of the payment named by ?payment= (%s), and lets the payer try again',
    async (outcome, title, text) => {
      const calls = stubApi({
        [`GET /api/subscriptions/${ID}/payment-details`]: () => json(details()),
        [RESULT]: () => json(result({ outcome, invoice: null, subscription: { ...result().subscription, status: 'PENDING' } })),
      });
      renderAt(`/initial-subscription/${ID}?payment=${REF}`);
      const banner = await screen.findByTestId('payment-outcome');
      expect(banner.getAttribute('data-outcome')).toBe(outcome);
      expect(banner.textContent).toContain(title);
      expect(banner.textContent).toContain(text);
      expect(screen.getByRole('button', { name: 'Proceed to payment' }).hasAttribute('disabled')).toBe(false);
      expect(calls.some((c) => c.route === RESULT)).toBe(true);
    },
  );

  it('shows no verdict from the address alone: ?error=declined or a malformed reference says nothing', async () => {
    const calls = stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json(details()) });
    renderAt(`/initial-subscription/${ID}?error=declined&payment=FAKE123`);
    await screen.findByText('Faisal Al-Otaibi');
    expect(screen.queryByTestId('payment-outcome')).toBeNull();
    expect(screen.queryByText(/declined/)).toBeNull();
    expect(calls.some((c) => c.route.includes('/api/payments/'))).toBe(false);
  });

  it('says "VAT included" with the VAT number, and keeps an Arabic-only description Arabic on the English page', async () => {
    const d = details({}, { vatNumber: '310123456700003' });
    d.package.description = 'ثلاثة تمارين في الأسبوع';
    stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json(d) });
    renderAt(`/initial-subscription/${ID}`);
    expect((await screen.findByTestId('payment-vat-included')).textContent).toBe('VAT included');
    expect(screen.getByTestId('payment-vat-number').textContent).toBe('310123456700003');
    const description = screen.getByText('ثلاثة تمارين في الأسبوع');
    expect([description.getAttribute('lang'), description.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    expect(screen.getByTestId('refund-policy-link')).toBeTruthy();
  });

  it("shows the package's description in the page's language when the academy wrote it in both", async () => {
    const d = details();
    d.package.description = 'Three sessions a week';
    d.package.descriptionArabic = 'ثلاثة تمارين في الأسبوع';
    stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json(d) });
    const english = renderAt(`/initial-subscription/${ID}`);
    expect((await screen.findByText('Three sessions a week')).getAttribute('lang')).toBe('en');
    expect(screen.queryByText('ثلاثة تمارين في الأسبوع')).toBeNull();
    english.unmount();
    renderAt(`/initial-subscription/${ID}`, 'ar');
    expect((await screen.findByText('ثلاثة تمارين في الأسبوع')).getAttribute('lang')).toBe('ar');
    expect(screen.queryByText('Three sessions a week')).toBeNull();
  });

  it('shows the period and the end a renewal extends in the calendars chosen on the device', async () => {
    localStorage.setItem('calendar', 'hijri');
    stubApi({ [`GET /api/subscriptions/${ID}/payment-details`]: () => json(details({ status: 'ACTIVE' })) });
    const hijri = renderAt(`/renew-subscription/${ID}`, 'ar');
    const extendsText = await screen.findByTestId('payment-extends');
    // 2026-12-22 is 13 Rajab 1448; the period runs from 12 Jumada II.
    expect(extendsText.textContent).toContain('يسري اشتراكك حتى 13 رجب 1448 هـ.');
    const period = screen.getByTestId('plan-range');
    expect(period.textContent).toBe('12 جمادى الآخرة – 13 رجب 1448 هـ');
    expect(screen.getByTestId('payment-details').textContent).not.toMatch(/2026/);
    hijri.unmount();

    localStorage.setItem('calendar', 'both');
    renderAt(`/renew-subscription/${ID}`);
    const both = await screen.findByTestId('plan-range');
    expect(screen.getByTestId('payment-extends').textContent).toBe(
      'Your subscription runs until 2026/12/22 · Rajab 13, 1448 AH. Paying now adds 1 month after that date.',
    );
    expect([...both.children].map((c) => c.textContent)).toEqual([
      '2026/11/22\u00A0– 2026/12/22',
      'Jumada II 12\u2009–\u2009Rajab 13, 1448 AH',
    ]);
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

describe('the payment result page', () => {
  it('a paid payment: the amount, the period and the invoice number linked, from the server', async () => {
    const calls = stubApi({ [RESULT]: () => json(result({ academy: { ...result().academy, vatNumber: '310123456700003' } })) });
    renderAt(`/payment/success?ref=${REF}`);
    const page = await screen.findByTestId('payment-success');
    expect(page.textContent).toContain('Payment successful');
    expect(screen.getByTestId('payment-result-amount').textContent).toMatch(/SAR\s450\.50.*VAT included/);
    expect(screen.getByTestId('payment-result-period').textContent).toBe('2026/11/22\u00A0– 2026/12/22');
    expect(screen.getByTestId('payment-result-invoice').textContent).toBe('#41');
    expect(screen.getByRole('link', { name: 'View invoice' }).getAttribute('href')).toBe(`/subscription-invoice/${INVOICE}`);
    // Back to the academy's public page, not the staff login.
    expect(screen.getByRole('link', { name: 'Back to Riyadh Falcons' }).getAttribute('href')).toBe('/auth/register/parent?academy=demo');
    expect(calls.map((c) => c.route)).toEqual([RESULT]);
  });

  it('shows the period paid for in the Hijri calendar when the device chose it', async () => {
    localStorage.setItem('calendar', 'hijri');
    stubApi({ [RESULT]: () => json(result()) });
    renderAt(`/payment/success?ref=${REF}`, 'ar');
    await screen.findByTestId('payment-success');
    expect(screen.getByTestId('payment-result-period').textContent).toBe('12 جمادى الآخرة – 13 رجب 1448 هـ');
  });

  it('never says "successful" for a reference it cannot verify', async () => {
    const calls = stubApi({});
    const fake = renderAt('/payment/success?ref=FAKE123');
    await screen.findByText('We could not find this payment');
    expect(screen.queryByText(/successful/i)).toBeNull();
    expect(calls).toEqual([]);
    fake.unmount();

    stubApi({ [RESULT]: () => json({ message: 'We could not find this payment', code: 'payment.not_found' }, 404) });
    renderAt(`/payment/success?ref=${REF}`);
    await screen.findByTestId('payment-not-found');
    expect(screen.queryByText(/successful/i)).toBeNull();
  });

  it('a pending payment says it is being confirmed, then shows it paid once the server says so', async () => {
    let answers = 0;
    stubApi({
      [RESULT]: () => {
        answers++;
        return json(
          answers < 2
            ? result({ outcome: 'pending', invoice: null, subscription: { ...result().subscription, status: 'PENDING' } })
            : result(),
        );
      },
    });
    renderAt(`/payment/success?ref=${REF}`);
    expect((await screen.findByTestId('payment-outcome')).textContent).toContain('Your payment is being confirmed');
    expect(screen.queryByText(/successful/i)).toBeNull();
    await screen.findByTestId('payment-success', {}, { timeout: 6000 });
    expect(answers).toBeGreaterThanOrEqual(2);
  });

  it('a declined one says so and offers to try again; in Arabic, with Arabic names', async () => {
    stubApi({ [RESULT]: () => json(result({ outcome: 'declined', invoice: null, retry: { page: 'renew', subscriptionId: ID } })) });
    renderAt(`/payment/success?ref=${REF}`, 'ar');
    const banner = await screen.findByTestId('payment-outcome');
    expect(banner.textContent).toContain('رُفضت عملية الدفع');
    expect(screen.getByText('فيصل العتيبي')).toBeTruthy();
    expect(screen.getByTestId('payment-try-again').getAttribute('href')).toBe(`/renew-subscription/${ID}`);
    await waitFor(() => expect(screen.queryByText('تم الدفع بنجاح')).toBeNull());
  });
});
