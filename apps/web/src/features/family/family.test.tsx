import type { FamilyAnnouncement, FamilyEvent, FamilyHome, FamilyMe, FamilyMoney, FamilyProgress } from '@kora/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '../../lib/i18n';
import { FAMILY_SIGNED_IN_KEY, storage } from '../../lib/storage';
import { jsonResponse as json } from '../../test-render';
import { CantComeNote, ExpectedPlayers } from '../schedule/CantCome';
import { renderPortal } from './test-portal';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CHILD = {
  id: ID(1),
  name: 'Omar Alharbi',
  nameArabic: 'عمر الحربي',
  avatar: null,
  birthdate: '2015-04-02',
  teams: [{ id: ID(2), name: 'U12 Eagles', nameArabic: 'نسور تحت 12', color: 'BLUE' as const }],
};
const ME: FamilyMe = {
  parent: {
    id: ID(3),
    name: 'Fahad Alharbi',
    nameArabic: 'فهد الحربي',
    email: 'parent@demo.kora.sa',
    phoneNumber: '+966500000001',
    emergencyPhone1: null,
    emergencyPhone2: null,
    language: 'ar',
  },
  academy: { id: ID(4), handle: 'demo', name: 'Riyadh Falcons', nameArabic: 'صقور الرياض', logo: null, availabilityCutoffMinutes: 120 },
  children: [CHILD],
};
const event = (n: number, over: Partial<FamilyEvent> = {}): FamilyEvent => ({
  participantId: ID(100 + n),
  childId: CHILD.id,
  event: { id: ID(200 + n), type: 'TRAINING_SESSION', date: `2026-12-0${n}`, time: '17:00', endTime: '18:30', field: 'Field A' },
  teams: [{ id: ID(2), name: 'U12 Eagles', nameArabic: 'نسور تحت 12', color: 'BLUE' }],
  status: 'PENDING',
  cantCome: null,
  changeableUntil: `2026-12-0${n}T12:00:00.000Z`,
  canChange: true,
  ...over,
});
const SUBSCRIPTION = {
  id: ID(5),
  status: 'ACTIVE' as const,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  sessionsLeft: null,
  totalSessions: null,
  package: { id: ID(6), name: 'Monthly', nameArabic: 'شهري', packageType: 'TIME_BASED' as const, price: 345 },
  payPath: `/renew-subscription/${ID(5)}`,
};
const HOME: FamilyHome = {
  children: [
    {
      child: CHILD,
      upcoming: [event(3), event(5, { cantCome: { reason: 'School trip', at: '2026-11-25T10:00:00.000Z' } })],
      subscription: SUBSCRIPTION,
      lastAttendance: { date: '2026-11-24', time: '17:00', eventType: 'TRAINING_SESSION', field: 'Field A', status: 'ATTENDED' },
    },
  ],
  unreadAnnouncements: 2,
};
const MONEY: FamilyMoney = {
  subscriptions: [SUBSCRIPTION],
  invoices: [
    {
      id: ID(7),
      number: 12,
      kind: 'credit_note',
      creditedInvoiceNumber: 11,
      packageName: 'Monthly',
      packageNameArabic: 'شهري',
      paidAt: '2026-11-20T09:00:00.000Z',
      total: -345,
      vat: -45,
      paymentMethod: 'Card',
      pdfPath: `/api/invoices/${ID(7)}`,
    },
    {
      id: ID(8),
      number: 11,
      kind: 'invoice',
      creditedInvoiceNumber: null,
      packageName: 'Monthly',
      packageNameArabic: 'شهري',
      paidAt: '2026-11-01T09:00:00.000Z',
      total: 345,
      vat: 45,
      paymentMethod: 'Card',
      pdfPath: `/api/invoices/${ID(8)}`,
    },
  ],
};
const PROGRESS: FamilyProgress = {
  attendance: {
    months: [
      { month: '2026-10', attended: 6, marked: 8, rate: 75 },
      { month: '2026-11', attended: 4, marked: 4, rate: 100 },
    ],
    attended: 10,
    marked: 12,
    rate: 83,
  },
  growth: [
    { id: ID(9), playerId: CHILD.id, date: '2026-09-10', height: 141, weight: 35 } as FamilyProgress['growth'][number],
    { id: ID(10), playerId: CHILD.id, date: '2026-11-10', height: 143, weight: 36 } as FamilyProgress['growth'][number],
  ],
  medians: { ageGroup: 'U12', months: [] } as unknown as FamilyProgress['medians'],
};
const ANNOUNCEMENT: FamilyAnnouncement = {
  id: ID(11),
  audience: 'team',
  team: { id: ID(2), name: 'U12 Eagles', nameArabic: 'نسور تحت 12' },
  player: null,
  title: 'No training on Thursday',
  titleArabic: 'لا تدريب يوم الخميس',
  body: 'The pitch is being re-turfed.',
  bodyArabic: 'يجري تجديد عشب الملعب.',
  createdAt: '2026-11-24T08:00:00.000Z',
  openedAt: null,
};

interface Sent {
  method: string;
  path: string;
  /** The Authorization header: never sent (the session is the cookie). */
  auth: string | null;
  /** The CSRF header every call sends. */
  csrf: string | null;
  body: unknown;
}

/** A fake family API: answers by method and path, records every request. */
function stubApi(answers: Record<string, (body: unknown) => Response>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://demo.kora.test');
      const method = init.method ?? 'GET';
      const headers = (init.headers ?? {}) as Record<string, string>;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path: url.pathname, auth: headers.authorization ?? null, csrf: headers['x-kora-request'] ?? null, body });
      const answer = answers[`${method} ${url.pathname}`];
      return answer ? answer(body) : json({ message: 'Not found', code: 'not_found' }, 404);
    }),
  );
  return sent;
}
const signedIn = () => localStorage.setItem(FAMILY_SIGNED_IN_KEY, '1');

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 20_000 });

describe('the family portal', () => {
  it('without a parent session, /family opens the sign-in', async () => {
    stubApi({});
    const router = renderPortal('/family', 'en', { signedIn: false });
    expect(await screen.findByRole('heading', { name: "Parents' sign-in" })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/family/sign-in');
    // Installable as the portal (start_url /family), not as the staff app.
    expect(document.head.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/family-en.webmanifest');
  });

  it('signs in with the code sent to the address, in the screen language, and keeps the staff session apart', async () => {
    storage.setSignedIn();
    const sent = stubApi({
      'POST /api/family/sign-in': () => json({ message: 'ok' }, 202),
      'POST /api/family/verify': () => json({ token: 'family-token', ...ME }),
      'GET /api/family/me': () => json(ME),
      'GET /api/family/home': () => json(HOME),
    });
    const user = userEvent.setup();
    const router = renderPortal('/family/sign-in', 'ar', { signedIn: false });
    await user.type(await screen.findByLabelText('البريد الإلكتروني أو رقم الجوال'), '0500000001');
    await user.click(screen.getByRole('button', { name: 'أرسل الرمز' }));
    await user.type(await screen.findByLabelText('الرمز المكوّن من 6 أرقام'), '12a3456');
    await user.click(screen.getByRole('button', { name: 'دخول' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/family'));
    expect(sent.find((s) => s.path === '/api/family/sign-in')?.body).toEqual({ address: '0500000001', language: 'ar' });
    expect(sent.find((s) => s.path === '/api/family/verify')?.body).toEqual({ address: '0500000001', code: '123456', language: 'ar' });
    // No call carried a token (the sessions are cookies, each read by its own routes), every one the CSRF header;
    // the answer's token is not kept, and the parent's marker is apart from the staff one.
    const family = sent.filter((s) => s.path.startsWith('/api/family/'));
    expect(family.map((s) => [s.path, s.auth, s.csrf])).toEqual(family.map((s) => [s.path, null, '1']));
    expect(localStorage.getItem(FAMILY_SIGNED_IN_KEY)).toBe('1');
    expect(JSON.stringify({ ...localStorage })).not.toContain('family-token');
    expect(storage.signedIn()).toBe(true);
    // Home, in Arabic: the child, the next training with its field and team, the subscription and renew.
    const card = await screen.findByTestId('family-child');
    expect(within(card).getByText('عمر الحربي')).toBeTruthy();
    expect(within(card).getAllByTestId('family-upcoming')).toHaveLength(2);
    expect(within(card).getAllByText(/Field A/).length).toBeGreaterThan(0);
    expect(within(card).getByTestId('family-cant-come').textContent).toContain('School trip');
    expect(within(card).getByTestId('family-pay').getAttribute('href')).toBe(`/renew-subscription/${ID(5)}`);
    expect(within(card).getByTestId('family-pay').textContent).toBe('جدّد الاشتراك');
    expect(screen.getByTestId('family-unread').textContent).toContain('إعلانان جديدان');
  });

  it('signs in from the mailed link: the token in the fragment, taken out of the address', async () => {
    const sent = stubApi({
      'POST /api/family/verify': () => json({ token: 'family-token', ...ME }),
      'GET /api/family/me': () => json(ME),
      'GET /api/family/home': () => json(HOME),
    });
    window.history.replaceState(null, '', '/family/sign-in#token=abcdefghijklmnopqrstuvwxyz');
    const router = renderPortal('/family/sign-in', 'en', { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/family'));
    expect(sent.find((s) => s.path === '/api/family/verify')?.body).toEqual({ token: 'abcdefghijklmnopqrstuvwxyz', language: 'en' });
    expect(window.location.hash).toBe('');
  });

  it('a refused code is said in the screen language and nothing is kept', async () => {
    stubApi({
      'POST /api/family/sign-in': () => json({ message: 'ok' }, 202),
      'POST /api/family/verify': () => json({ message: 'invalid', code: 'family.code_invalid' }, 400),
    });
    const user = userEvent.setup();
    renderPortal('/family/sign-in', 'en', { signedIn: false });
    await user.type(await screen.findByLabelText('E-mail or mobile number'), 'parent@demo.kora.sa');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This code is invalid or has expired');
    expect(localStorage.getItem(FAMILY_SIGNED_IN_KEY)).toBeNull();
  });

  it('marks "can\'t come" with a reason, then takes it back', async () => {
    signedIn();
    let current = event(3);
    const sent = stubApi({
      'GET /api/family/me': () => json(ME),
      'GET /api/family/events': () => json([current]),
      [`PUT /api/family/participants/${ID(103)}/availability`]: (body) => {
        const b = body as { cantCome: boolean; reason: string };
        current = { ...current, cantCome: b.cantCome ? { reason: b.reason || null, at: '2026-11-25T10:00:00.000Z' } : null };
        return json(current);
      },
    });
    const user = userEvent.setup();
    renderPortal('/family/availability', 'en', { signedIn: false });
    await user.click(await screen.findByTestId('family-cant-come'));
    await user.type(screen.getByLabelText('Reason (optional)'), 'Dentist');
    await user.click(screen.getByTestId('family-cant-come-confirm'));
    expect(await screen.findByText(/Dentist/)).toBeTruthy();
    const put = sent.find((s) => s.method === 'PUT');
    expect(put?.body).toEqual({ cantCome: true, reason: 'Dentist' });
    expect([put?.auth, put?.csrf]).toEqual([null, '1']);
    await user.click(await screen.findByTestId('family-undo'));
    await waitFor(() => expect(screen.queryByText(/Dentist/)).toBeNull());
    expect(sent.filter((s) => s.method === 'PUT').at(-1)?.body).toEqual({ cantCome: false, reason: '' });
  });

  it('after the cut-off the event says so and offers no change', async () => {
    signedIn();
    stubApi({ 'GET /api/family/me': () => json(ME), 'GET /api/family/events': () => json([event(3, { canChange: false })]) });
    renderPortal('/family/availability', 'en', { signedIn: false });
    expect(await screen.findByText('Too late to change: ask the coach.')).toBeTruthy();
    expect(screen.queryByTestId('family-cant-come')).toBeNull();
  });

  it('shows invoices and credit notes with their viewer and PDF, and the renewal', async () => {
    signedIn();
    stubApi({ 'GET /api/family/me': () => json(ME), [`GET /api/family/children/${CHILD.id}/money`]: () => json(MONEY) });
    renderPortal('/family/money', 'ar', { signedIn: false });
    const rows = await screen.findAllByTestId('family-invoice');
    expect(rows.map((r) => within(r).getByTestId('family-invoice-title').textContent)).toEqual(['إشعار دائن رقم 12', 'فاتورة رقم 11']);
    expect(within(rows[1]).getByTestId('family-invoice-open').getAttribute('href')).toBe(`/subscription-invoice/${ID(8)}`);
    expect(within(rows[1]).getByText('PDF').getAttribute('href')).toBe(`/api/invoices/${ID(8)}`);
    expect(screen.getByTestId('family-pay').getAttribute('href')).toBe(`/renew-subscription/${ID(5)}`);
  });

  it('shows attendance month by month with its rate, and the growth chart read-only', async () => {
    signedIn();
    stubApi({ 'GET /api/family/me': () => json(ME), [`GET /api/family/children/${CHILD.id}/progress`]: () => json(PROGRESS) });
    renderPortal('/family/progress', 'en', { signedIn: false });
    expect((await screen.findByTestId('family-attendance-rate')).textContent).toBe('83%');
    expect(screen.getByText('Attended 10 of 12')).toBeTruthy();
    expect(screen.getByText('October 2026')).toBeTruthy();
    expect(await screen.findByTestId('growth-chart')).toBeTruthy();
    expect(screen.getByText('143.0 cm')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /add|edit/i })).toBeNull();
  });

  it('opening an announcement shows it in full and tells the academy', async () => {
    signedIn();
    const sent = stubApi({
      'GET /api/family/me': () => json(ME),
      'GET /api/family/announcements': () => json([ANNOUNCEMENT]),
      [`POST /api/family/announcements/${ID(11)}/open`]: () => json(undefined, 204),
    });
    const user = userEvent.setup();
    renderPortal('/family/announcements', 'ar', { signedIn: false });
    await user.click(await screen.findByRole('button', { name: /لا تدريب يوم الخميس/ }));
    expect(screen.getAllByText('يجري تجديد عشب الملعب.').length).toBeGreaterThan(0);
    await waitFor(() => expect(sent.some((s) => s.method === 'POST' && s.path.endsWith('/open'))).toBe(true));
  });

  it('an announcement shown in full in the list is read without opening it; a longer one waits to be opened', async () => {
    signedIn();
    const LONG = {
      ...ANNOUNCEMENT,
      id: ID(12),
      title: 'Season plan',
      titleArabic: null,
      body: 'A long text. '.repeat(40),
      bodyArabic: null,
    };
    const sent = stubApi({
      'GET /api/family/me': () => json(ME),
      'GET /api/family/announcements': () => json([ANNOUNCEMENT, LONG]),
      [`POST /api/family/announcements/${ID(11)}/open`]: () => json(undefined, 204),
      [`POST /api/family/announcements/${ID(12)}/open`]: () => json(undefined, 204),
    });
    // The long one's preview is cut (its text is taller than its two lines); the short one fits.
    const heights = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.textContent?.startsWith('A long text.') ? 400 : 0;
    });
    try {
      const user = userEvent.setup();
      renderPortal('/family/announcements', 'en', { signedIn: false });
      await screen.findByText('The pitch is being re-turfed.');
      const opened = () => sent.filter((s) => s.method === 'POST').map((s) => s.path);
      await waitFor(() => expect(opened()).toEqual([`/api/family/announcements/${ID(11)}/open`]));
      await user.click(screen.getByRole('button', { name: /Season plan/ }));
      await waitFor(() => expect(opened()).toContain(`/api/family/announcements/${ID(12)}/open`));
    } finally {
      heights.mockRestore();
    }
  });

  it('names each screen in the browser tab, in the page language', async () => {
    signedIn();
    stubApi({
      'GET /api/family/me': () => json(ME),
      'GET /api/family/home': () => json(HOME),
      [`GET /api/family/children/${CHILD.id}/money`]: () => json(MONEY),
    });
    const router = renderPortal('/family/money', 'ar', { signedIn: false });
    await waitFor(() => expect(document.title).toBe('المدفوعات — Kora'));
    await router.navigate({ to: '/family' });
    await waitFor(() => expect(document.title).toBe('أبنائي — Kora'));
  });

  it('the sign-in page has its own tab title', async () => {
    renderPortal('/family/sign-in', 'ar', { signedIn: false });
    await waitFor(() => expect(document.title).toBe('دخول أولياء الأمور — Kora'));
  });

  it('an expired parent session goes back to the sign-in and leaves the staff session alone', async () => {
    signedIn();
    storage.setSignedIn();
    stubApi({ 'GET /api/family/me': () => json({ message: 'Unauthorized', code: 'auth.unauthorized' }, 401) });
    const router = renderPortal('/family', 'en', { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/family/sign-in'));
    expect(localStorage.getItem(FAMILY_SIGNED_IN_KEY)).toBeNull();
    expect(storage.signedIn()).toBe(true);
  });
});

describe('the coach\'s side of "can\'t come"', () => {
  const participant = (n: number, name: string, cantCome: { reason: string | null; at: string } | null) => ({
    id: ID(300 + n),
    status: 'PENDING' as const,
    user: { id: ID(400 + n), name, nameArabic: null, avatar: null, condition: null, hasMedicalNote: false },
    teamId: null,
    cantCome,
  });

  it('shows the reason beside the player and the expected players of the event', () => {
    const at = '2026-11-25T10:00:00.000Z';
    render(
      <LocaleProvider locale="en">
        <CantComeNote participant={{ cantCome: { reason: 'School trip', at } }} />
        <ExpectedPlayers
          event={{
            id: ID(500),
            type: 'TRAINING_SESSION',
            date: '2026-12-03',
            time: '17:00',
            endTime: '18:00',
            field: 'A',
            seriesId: null,
            teams: [],
            coaches: [],
            participants: [participant(1, 'Omar', { reason: null, at }), participant(2, 'Saad', null), participant(3, 'Ali', null)],
            expectedPlayers: 2,
          }}
        />
      </LocaleProvider>,
    );
    expect(screen.getByTestId('participant-cant-come').textContent).toBe("Can't come (parent): School trip");
    expect(screen.getByTestId('event-expected').textContent).toContain('2 of 3 expected');
    expect(screen.getByTestId('event-expected').textContent).toContain('Omar');
  });
});

describe('saved cards on the payments page', () => {
  const CARD = {
    id: ID(30),
    label: '4111 11## #### 1111',
    consentedAt: '2026-11-01T09:00:00.000Z',
    consentVersion: '2026-12-01',
    unusableReason: null,
    renewals: [
      {
        subscriptionId: ID(5),
        childName: 'Omar Alharbi',
        childNameArabic: 'عمر الحربي',
        packageName: 'Monthly',
        packageNameArabic: 'شهري',
        nextChargeOn: '2026-11-30',
        amount: 345,
        state: 'due' as const,
        nextTryOn: '2026-12-02',
      },
    ],
  };
  const money = { 'GET /api/family/me': () => json(ME), [`GET /api/family/children/${CHILD.id}/money`]: () => json(MONEY) };

  it('shows each card with what it renews, when, for how much and its state, in Arabic', async () => {
    signedIn();
    stubApi({ ...money, 'GET /api/family/saved-cards': () => json({ cards: [{ ...CARD, unusableReason: 'expired' }] }) });
    renderPortal('/family/money', 'ar', { signedIn: false });
    const card = await screen.findByTestId('saved-card');
    expect(within(card).getByText('4111 11## #### 1111').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    const renewal = within(card).getByTestId('saved-card-renewal');
    expect(renewal.textContent).toContain('عمر الحربي · شهري');
    expect(renewal.textContent).toContain('الخصم القادم');
    expect(renewal.textContent).toContain('345.00');
    expect(within(renewal).getByTestId('saved-card-state').textContent).toContain('رُفضت، نحاول مجدداً في');
    expect(within(card).getByRole('status').textContent).toContain('انتهت صلاحية هذه البطاقة');
  });

  it('names the next charge as the instalment it is, when a period is being paid in instalments (en and ar)', async () => {
    const renewal = {
      ...CARD.renewals[0],
      amount: 333.33,
      state: 'scheduled' as const,
      nextTryOn: null,
      instalment: { number: 2, count: 3 },
    };
    signedIn();
    stubApi({ ...money, 'GET /api/family/saved-cards': () => json({ cards: [{ ...CARD, renewals: [renewal] }] }) });
    renderPortal('/family/money', 'en', { signedIn: false });
    const line = await screen.findByTestId('saved-card-renewal');
    expect(line.textContent).toMatch(/Instalment 2 of 3: SAR\s333\.33 on/);
    cleanup();
    renderPortal('/family/money', 'ar', { signedIn: false });
    expect((await screen.findByTestId('saved-card-renewal')).textContent).toContain('القسط 2 من 3');
  });

  it('says so when there is none', async () => {
    signedIn();
    stubApi({ ...money, 'GET /api/family/saved-cards': () => json({ cards: [] }) });
    renderPortal('/family/money', 'en', { signedIn: false });
    expect(await screen.findByText(/No saved cards\./)).toBeTruthy();
  });

  it('removes a card only after the confirmation, then shows the list without it', async () => {
    signedIn();
    let cards = [CARD];
    const sent = stubApi({
      ...money,
      'GET /api/family/saved-cards': () => json({ cards }),
      [`DELETE /api/family/saved-cards/${CARD.id}`]: () => {
        cards = [];
        return json({ deletedAtProvider: true });
      },
    });
    const user = userEvent.setup();
    renderPortal('/family/money', 'en', { signedIn: false });
    await user.click(await screen.findByTestId('saved-card-remove'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('4111 11## #### 1111 will no longer be charged');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);

    await user.click(screen.getByTestId('saved-card-remove'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText('Card \u20664111 11## #### 1111\u2069 removed')).toBeTruthy();
    expect(await screen.findByText(/No saved cards\./)).toBeTruthy();
    const removal = sent.filter((s) => s.method === 'DELETE');
    expect(removal).toEqual([expect.objectContaining({ path: `/api/family/saved-cards/${CARD.id}`, auth: null, csrf: '1' })]);
  });

  it('keeps the dialog open with the refusal in the screen language', async () => {
    signedIn();
    stubApi({
      ...money,
      'GET /api/family/saved-cards': () => json({ cards: [CARD] }),
      [`DELETE /api/family/saved-cards/${CARD.id}`]: () =>
        json({ message: 'We could not find this saved card', code: 'card.not_found' }, 404),
    });
    const user = userEvent.setup();
    renderPortal('/family/money', 'ar', { signedIn: false });
    await user.click(await screen.findByTestId('saved-card-remove'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'حذف البطاقة' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('لم نجد هذه البطاقة المحفوظة');
    expect(screen.getByTestId('saved-card')).toBeTruthy();
  });
});
