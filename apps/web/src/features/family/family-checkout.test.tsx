// One checkout per family (docs/domain.md): the portal's payments page lists the children's periods waiting for
// payment, ticked, with their prices and total; pays two or more of them in one card payment on the provider's
// page (the whole window); and, back from a checkout that did not go through, says what happened.
import type { FamilyCheckoutOffer, FamilyMe, FamilyMoney, PaymentResultReply } from '@kora/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ar from '../../locales/ar.json';
import { jsonResponse as json } from '../../test-render';
import { renderPortal } from './test-portal';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const OMAR = { id: ID(1), name: 'Omar Alharbi', nameArabic: 'عمر الحربي' };
const SARA = { id: ID(2), name: 'Sara Alharbi', nameArabic: 'سارة الحربي' };
const YOUSEF = { id: ID(3), name: 'Yousef Alharbi', nameArabic: null };
const child = (c: typeof OMAR | typeof YOUSEF) => ({ ...c, avatar: null, birthdate: '2015-04-02', teams: [] });
const ME: FamilyMe = {
  parent: {
    id: ID(10),
    name: 'Fahad Alharbi',
    nameArabic: 'فهد الحربي',
    email: 'parent@demo.kora.sa',
    phoneNumber: '+966500000001',
    emergencyPhone1: null,
    emergencyPhone2: null,
    language: 'ar',
  },
  academy: { id: ID(11), handle: 'demo', name: 'Riyadh Falcons', nameArabic: 'صقور الرياض', logo: null, availabilityCutoffMinutes: 120 },
  children: [child(OMAR), child(SARA), child(YOUSEF)],
};
const MONEY: FamilyMoney = { subscriptions: [], invoices: [] };
const MONTHLY = { name: 'Monthly', nameArabic: 'شهري' };
const OFFER: FamilyCheckoutOffer = {
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
    {
      subscriptionId: ID(23),
      status: 'PENDING',
      child: YOUSEF,
      package: { name: 'Goalkeepers', nameArabic: 'حراس المرمى' },
      price: { list: 200.5, allowance: 0, total: 200.5, sibling: null },
    },
  ],
  total: 770.5,
};
const REF = ID(50);
const result = (over: Partial<PaymentResultReply> = {}): PaymentResultReply => ({
  ref: REF,
  outcome: 'declined',
  amount: 570,
  academy: { name: 'Riyadh Falcons', nameArabic: 'صقور الرياض', logo: null, handle: 'demo', vatNumber: null },
  player: { name: OMAR.name, nameArabic: OMAR.nameArabic },
  package: { ...MONTHLY, packageType: 'TIME_BASED' },
  subscription: { id: ID(21), status: 'PENDING', startDate: '2026-12-01', endDate: '2026-12-31', totalSessions: null },
  invoice: null,
  retry: { page: 'family', subscriptionId: ID(21) },
  items: [
    { player: { name: OMAR.name, nameArabic: OMAR.nameArabic }, package: MONTHLY, amount: 300, invoice: null },
    { player: { name: SARA.name, nameArabic: SARA.nameArabic }, package: MONTHLY, amount: 270, invoice: null },
  ],
  ...over,
});

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** A fake family API: the page's reads answered (the offer as given), every request recorded. */
function stubApi(answers: Record<string, (body: unknown) => Response>, offer: FamilyCheckoutOffer | null = OFFER) {
  const sent: Sent[] = [];
  const all: Record<string, (body: unknown) => Response> = {
    'GET /api/family/me': () => json(ME),
    [`GET /api/family/children/${OMAR.id}/money`]: () => json(MONEY),
    'GET /api/family/saved-cards': () => json({ cards: [] }),
    ...(offer ? { 'GET /api/family/checkout': () => json(offer) } : {}),
    ...answers,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://demo.kora.test');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path: url.pathname, body });
      const answer = all[`${method} ${url.pathname}`];
      return answer ? answer(body) : json({ message: 'Not found', code: 'not_found' }, 404);
    }),
  );
  return sent;
}

/** The window's navigation to the provider's page, caught. */
function catchAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

const lines = () => screen.getAllByTestId('family-checkout-item');
const total = () => screen.getByTestId('family-checkout-total').textContent;
const pay = () => screen.getByTestId('family-checkout-pay') as HTMLButtonElement;

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 20_000 });

describe('one checkout per family, on the portal payments page', () => {
  it("lists each child's period, ticked, with its package, price and sibling discount, and the total", async () => {
    stubApi({});
    renderPortal('/family/money', 'en');
    const section = await screen.findByTestId('family-checkout');
    expect(within(section).getByRole('heading', { name: 'Pay for your children together' })).toBeTruthy();
    expect(lines()).toHaveLength(3);
    expect(screen.getAllByTestId('family-checkout-child').map((c) => c.textContent)).toEqual([
      'Omar Alharbi',
      'Sara Alharbi',
      'Yousef Alharbi',
    ]);
    expect(screen.getAllByTestId('family-checkout-tick').every((t) => (t as HTMLInputElement).checked)).toBe(true);
    expect(lines()[0].textContent).toContain('Monthly · First payment');
    expect(lines()[1].textContent).toContain('Monthly · Renewal');
    expect(screen.getAllByTestId('family-checkout-price').map((p) => p.textContent)).toEqual([
      expect.stringMatching(/^SAR\s300\.00$/),
      expect.stringMatching(/^SAR\s270\.00$/),
      expect.stringMatching(/^SAR\s200\.50$/),
    ]);
    // The sibling price as the payment page names it, with the package's price crossed out.
    expect(within(lines()[1]).getByTestId('family-checkout-sibling').textContent).toBe('Sibling discount — 2nd child, 10%');
    expect(within(lines()[1]).getByTestId('family-checkout-list-price').textContent).toMatch(/^SAR\s300\.00$/);
    expect(within(lines()[0]).queryByTestId('family-checkout-sibling')).toBeNull();
    expect(total()).toMatch(/^SAR\s770\.50$/);
    expect(section.textContent).toContain('Total for 3 periods');
    expect(pay().textContent).toMatch(/^Pay SAR\s770\.50$/);
    expect(pay().disabled).toBe(false);
    // The card is saved only when the parent ticks it.
    expect((screen.getByTestId('family-checkout-save-card') as HTMLInputElement).checked).toBe(false);
    expect(section.textContent).toContain('Save this card for automatic renewals');
  });

  it("says what paying a child's waiting period asks now on its subscription card: the sibling price, not the package's", async () => {
    const waiting = {
      id: ID(21),
      status: 'PENDING' as const,
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      sessionsLeft: null,
      totalSessions: null,
      package: { id: ID(31), name: 'Monthly', nameArabic: 'شهري', packageType: 'TIME_BASED' as const, price: 300 },
      payPath: `/initial-subscription/${ID(21)}`,
    };
    const offer: FamilyCheckoutOffer = {
      items: [
        { ...OFFER.items[0], price: { list: 300, allowance: 30, total: 270, sibling: { position: 2, percent: 10 } } },
        OFFER.items[1],
      ],
      total: 540,
    };
    stubApi({ [`GET /api/family/children/${OMAR.id}/money`]: () => json({ subscriptions: [waiting], invoices: [] }) }, offer);
    renderPortal('/family/money', 'en');
    const card = await screen.findByTestId('family-subscription');
    await waitFor(() => expect(card.textContent).toMatch(/SAR\s270\.00/));
    expect(card.textContent).not.toMatch(/SAR\s300\.00/);
  });

  it('names the children and packages in Arabic on the Arabic page (the Latin name when there is no Arabic one)', async () => {
    stubApi({});
    renderPortal('/family/money', 'ar');
    const section = await screen.findByTestId('family-checkout');
    expect(within(section).getByRole('heading', { name: 'ادفع لأطفالك معاً' })).toBeTruthy();
    expect(screen.getAllByTestId('family-checkout-child').map((c) => c.textContent)).toEqual([
      'عمر الحربي',
      'سارة الحربي',
      'Yousef Alharbi',
    ]);
    expect(lines()[1].textContent).toContain('شهري · تجديد');
    expect(lines()[2].textContent).toContain('حراس المرمى · الدفعة الأولى');
    expect(within(lines()[1]).getByTestId('family-checkout-sibling').textContent).toBe('خصم الإخوة — الطفل الثاني، 10%');
    expect(total()).toContain('770.50');
    expect(section.textContent).toContain('الإجمالي (3 فترات)');
    expect(pay().textContent).toMatch(/^ادفع .*770\.50/);
    expect(section.textContent).toContain('احفظ هذه البطاقة للتجديد التلقائي');
  });

  it('unticking a period takes it out of the total; under two the button waits with a hint', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderPortal('/family/money', 'en');
    await screen.findByTestId('family-checkout');
    const ticks = screen.getAllByTestId('family-checkout-tick');
    await user.click(ticks[2]);
    expect(total()).toMatch(/^SAR\s570\.00$/);
    expect(pay().textContent).toMatch(/^Pay SAR\s570\.00$/);
    expect(pay().disabled).toBe(false);
    expect(screen.queryByTestId('family-checkout-few')).toBeNull();

    await user.click(ticks[0]);
    expect(total()).toMatch(/^SAR\s270\.00$/);
    expect(screen.getByText('Total for 1 period')).toBeTruthy();
    expect(pay().disabled).toBe(true);
    expect(screen.getByTestId('family-checkout-few').textContent).toContain('Tick at least two');

    await user.click(ticks[2]);
    expect(total()).toMatch(/^SAR\s470\.50$/);
    expect(pay().disabled).toBe(false);
  });

  it('pays the ticked periods in the page language, saving the card when ticked, then sends the window to the provider', async () => {
    const assign = catchAssign();
    const sent = stubApi({
      'POST /api/family/checkout': () => json({ success: true, paymentUrl: 'https://secure.paytabs.sa/payment/page/ABC', ref: REF }),
    });
    const user = userEvent.setup();
    renderPortal('/family/money', 'ar');
    await screen.findByTestId('family-checkout');
    await user.click(screen.getAllByTestId('family-checkout-tick')[1]);
    await user.click(screen.getByTestId('family-checkout-save-card'));
    await user.click(pay());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://secure.paytabs.sa/payment/page/ABC'));
    expect(sent.filter((s) => s.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/family/checkout', body: { subscriptionIds: [ID(21), ID(23)], lang: 'ar', saveCard: true } },
    ]);
    // Leaving: the button stays busy and nothing can be changed meanwhile.
    expect(pay().disabled).toBe(true);
    expect(screen.getAllByTestId('family-checkout-tick').every((t) => (t as HTMLInputElement).disabled)).toBe(true);
  });

  it('without the consent ticked, the card is not saved', async () => {
    catchAssign();
    const sent = stubApi({
      'POST /api/family/checkout': () => json({ success: true, paymentUrl: 'https://secure.paytabs.sa/payment/page/ABC', ref: REF }),
    });
    const user = userEvent.setup();
    renderPortal('/family/money', 'en');
    await screen.findByTestId('family-checkout');
    await user.click(pay());
    await waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ subscriptionIds: [ID(21), ID(22), ID(23)], lang: 'en', saveCard: false });
  });

  it("the provider's refusal is said by its code in Arabic words, and the parent may try again", async () => {
    const assign = catchAssign();
    stubApi({
      'POST /api/family/checkout': () =>
        json(
          { success: false, error: 'initiate_failed', message: 'Failed to initiate payment session.', code: 'payment.initiate_failed' },
          502,
        ),
    });
    const user = userEvent.setup();
    renderPortal('/family/money', 'ar');
    await screen.findByTestId('family-checkout');
    await user.click(pay());
    const alert = await within(screen.getByTestId('family-checkout')).findByRole('alert');
    expect(alert.textContent).toBe(ar['errors.payment.initiate_failed']);
    expect(alert.textContent).not.toMatch(/[A-Za-z]/);
    expect(assign).not.toHaveBeenCalled();
    expect(pay().disabled).toBe(false);
  });

  it('a period that changed meanwhile is said by its code and the offer is read again', async () => {
    let offers = 0;
    stubApi({
      'GET /api/family/checkout': () => {
        offers++;
        return json(OFFER);
      },
      'POST /api/family/checkout': () =>
        json(
          {
            message: 'Subscription is already ACTIVE. Payment cannot be initiated.',
            code: 'payment.not_pending',
            params: { status: 'ACTIVE' },
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderPortal('/family/money', 'ar');
    await screen.findByTestId('family-checkout');
    await user.click(pay());
    const alert = await within(screen.getByTestId('family-checkout')).findByRole('alert');
    expect(alert.textContent).toContain(ar['status.ACTIVE']);
    expect(alert.textContent).not.toMatch(/[A-Za-z]/);
    await waitFor(() => expect(offers).toBe(2));
  });

  it('is not shown with a single period to pay', async () => {
    const sent = stubApi({}, { items: [OFFER.items[0]], total: 300 });
    renderPortal('/family/money', 'en');
    await screen.findByTestId('saved-cards');
    await waitFor(() => expect(sent.some((s) => s.path === '/api/family/checkout')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('family-checkout')).toBeNull();
    expect(screen.queryByTestId('family-checkout-loading')).toBeNull();
  });

  it('a family of one child never sees it load, even when the offer fails', async () => {
    stubApi(
      {
        'GET /api/family/me': () => json({ ...ME, children: [child(OMAR)] }),
        'GET /api/family/checkout': () => json({ message: 'Internal error', code: 'request.failed' }, 500),
      },
      null,
    );
    renderPortal('/family/money', 'en');
    await screen.findByTestId('saved-cards');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('family-checkout')).toBeNull();
    expect(screen.queryByTestId('family-checkout-loading')).toBeNull();
  });

  it('a failed read of the offer is said, with a retry, to a family of several children', async () => {
    let fail = true;
    stubApi({
      'GET /api/family/checkout': () => (fail ? json({ message: 'Internal error', code: 'request.failed' }, 500) : json(OFFER)),
    });
    const user = userEvent.setup();
    renderPortal('/family/money', 'en');
    const section = await screen.findByTestId('family-checkout');
    expect(within(section).getByRole('alert').textContent).toContain('Could not load');
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('family-checkout-item')).toHaveLength(3);
  });
});

describe('back from a family checkout that did not go through', () => {
  it('says what happened (declined) above the section, which is still there to try again, in Arabic', async () => {
    stubApi({ [`GET /api/payments/${REF}/result`]: () => json(result()) });
    renderPortal(`/family/money?payment=${REF}`, 'ar');
    const notice = await screen.findByTestId('family-checkout-attempt');
    expect(within(notice).getByTestId('payment-outcome').getAttribute('data-outcome')).toBe('declined');
    expect(notice.textContent).toContain(ar['paymentResult.declined.title']);
    expect(notice.textContent).toContain(ar['paymentResult.declined.text']);
    expect(within(notice).queryByRole('link')).toBeNull();
    expect(await screen.findAllByTestId('family-checkout-item')).toHaveLength(3);
    expect(pay().disabled).toBe(false);
    // The notice comes first, then the section.
    expect(notice.compareDocumentPosition(screen.getByTestId('family-checkout')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('cancelled, in English', async () => {
    stubApi({ [`GET /api/payments/${REF}/result`]: () => json(result({ outcome: 'cancelled' })) });
    renderPortal(`/family/money?payment=${REF}`, 'en');
    const notice = await screen.findByTestId('family-checkout-attempt');
    expect(notice.textContent).toContain('Payment cancelled');
    expect(notice.textContent).toContain('nothing was charged');
  });

  it('a checkout being confirmed links its result instead', async () => {
    stubApi({ [`GET /api/payments/${REF}/result`]: () => json(result({ outcome: 'pending' })) });
    renderPortal(`/family/money?payment=${REF}`, 'en');
    const notice = await screen.findByTestId('family-checkout-attempt');
    expect(notice.textContent).toContain('Your payment is being confirmed');
    expect(within(notice).getByRole('link', { name: 'See the payment' }).getAttribute('href')).toBe(`/payment/success?ref=${REF}`);
  });

  it("shows nothing for another page's payment", async () => {
    const sent = stubApi({
      [`GET /api/payments/${REF}/result`]: () => json(result({ retry: { page: 'initial', subscriptionId: ID(21) }, items: undefined })),
    });
    renderPortal(`/family/money?payment=${REF}`, 'en');
    await screen.findAllByTestId('family-checkout-item');
    await waitFor(() => expect(sent.some((s) => s.path === `/api/payments/${REF}/result`)).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('family-checkout-attempt')).toBeNull();
  });

  it('asks nothing about a reference that is not a payment reference', async () => {
    const sent = stubApi({});
    renderPortal('/family/money?payment=FAKE', 'en');
    await screen.findAllByTestId('family-checkout-item');
    expect(sent.some((s) => s.path.startsWith('/api/payments/'))).toBe(false);
    expect(screen.queryByTestId('family-checkout-attempt')).toBeNull();
  });
});
