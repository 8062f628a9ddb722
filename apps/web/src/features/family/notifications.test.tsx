// The parent's message choices (docs/domain.md, "Messages: every one accounted for"): channels per kind,
// quiet hours and stopping everything, WhatsApp only after the explicit opt-in, and this device's push.
import type { FamilyMe, NotificationPreferences } from '@kora/contracts';
import { DEFAULT_PARENT_CHANNELS } from '@kora/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, type StubAnswer, stubRoutes } from '../../test-render';
import { renderPortal } from './test-portal';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
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
  children: [],
};
const PREFS: NotificationPreferences = {
  channels: DEFAULT_PARENT_CHANNELS,
  usesDefaults: true,
  quietHours: true,
  optedOut: false,
  whatsapp: { configured: true, optedIn: false, optedInAt: null, optedInVia: null },
  available: { email: true, sms: true, whatsapp: false, push: false },
  declined: { sms: false, email: false },
  pushDevices: 0,
};

/** The portal's API with the parent's choices kept as the server would: a PUT changes what the next GET answers. */
function stubPortal(
  extra: Record<string, StubAnswer> = {},
  publicKey: string | null = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
) {
  let prefs = structuredClone(PREFS);
  return stubRoutes({
    'GET /api/family/me': () => json(ME),
    'GET /api/family/notifications': () => json(prefs),
    'PUT /api/family/notifications': ({ body }) => {
      const b = body as {
        channels?: Partial<NotificationPreferences['channels']>;
        whatsappOptIn?: boolean;
        quietHours?: boolean;
        optedOut?: boolean;
      };
      prefs = {
        ...prefs,
        channels: { ...prefs.channels, ...b.channels },
        usesDefaults: b.channels ? false : prefs.usesDefaults,
        quietHours: b.quietHours ?? prefs.quietHours,
        optedOut: b.optedOut ?? prefs.optedOut,
        whatsapp:
          b.whatsappOptIn === undefined
            ? prefs.whatsapp
            : b.whatsappOptIn
              ? { configured: true, optedIn: true, optedInAt: '2026-12-01T09:00:00.000Z', optedInVia: 'portal' }
              : { configured: true, optedIn: false, optedInAt: null, optedInVia: null },
      };
      return json(prefs);
    },
    'GET /api/push/public-key': () => json({ publicKey }),
    ...extra,
  }).requests;
}

/** A browser with a service worker and the Push API: the subscription it makes, and what unsubscribing did. */
function stubPushBrowser(permission: NotificationPermission = 'granted') {
  const state = { subscribed: false, unsubscribed: false, options: undefined as PushSubscriptionOptionsInit | undefined };
  const subscription = {
    endpoint: 'https://push.example.test/send/abc',
    toJSON: () => ({ endpoint: 'https://push.example.test/send/abc', keys: { p256dh: 'BPk3Yt_key', auth: 'auth_secret' } }),
    unsubscribe: async () => {
      state.unsubscribed = true;
      state.subscribed = false;
      return true;
    },
  };
  const registration = {
    pushManager: {
      getSubscription: async () => (state.subscribed ? subscription : null),
      subscribe: async (options: PushSubscriptionOptionsInit) => {
        state.options = options;
        state.subscribed = true;
        return subscription;
      },
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn(async () => permission) });
  return state;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  localStorage.clear();
});
vi.setConfig({ testTimeout: 20_000 });

describe("the parent's notification choices", () => {
  it('opens from the header, shows the academy defaults, and saves changed channels with a toast', async () => {
    const sent = stubPortal();
    const router = renderPortal('/family');
    await userEvent.click(await screen.findByTestId('family-notifications-link'));
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/family/notifications');
    expect(screen.getByText(/academy's usual choices/)).toBeTruthy();
    const moved = screen.getByTestId('family-notification-kind-event_moved');
    expect(within(moved).getByLabelText<HTMLInputElement>('E-mail').checked).toBe(true);
    expect(within(moved).getByLabelText<HTMLInputElement>('SMS').checked).toBe(false);
    // WhatsApp is offered only after the opt-in.
    expect(within(moved).getByLabelText<HTMLInputElement>('WhatsApp').disabled).toBe(true);
    const save = screen.getByTestId('family-notifications-save');
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(moved).getByLabelText('SMS'));
    await userEvent.click(save);
    expect(await screen.findByText('Your choices are saved')).toBeTruthy();
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ channels: { ...DEFAULT_PARENT_CHANNELS, event_moved: ['email', 'sms', 'push'] } });
    expect(await screen.findByText('These are your own choices.')).toBeTruthy();
  });

  it('records the WhatsApp opt-in only when the parent ticks the consent, then offers WhatsApp', async () => {
    const sent = stubPortal();
    renderPortal('/family/notifications');
    const box = await screen.findByTestId('family-whatsapp');
    expect(box.textContent).toContain('To stop, untick this box');
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);
    await userEvent.click(within(box).getByLabelText('Yes, send me WhatsApp messages'));
    expect(await screen.findByText('WhatsApp messages are on')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ whatsappOptIn: true }]);
    expect((await within(box).findByTestId('family-whatsapp-since')).textContent).toContain('2026/12/01');
    const cancelled = screen.getByTestId('family-notification-kind-event_cancelled');
    expect(within(cancelled).getByLabelText<HTMLInputElement>('WhatsApp').disabled).toBe(false);
  });

  it("says why texts are off when the parent said no to them in a child's consents, and where to change it", async () => {
    const declined = { ...PREFS, available: { ...PREFS.available, sms: false }, declined: { sms: true, email: false } };
    stubPortal({ 'GET /api/family/notifications': () => json(declined) });
    renderPortal('/family/notifications');
    const notice = await screen.findByTestId('family-notifications-declined');
    expect(notice.textContent).toBe(
      "You said no to text messages in your children's consents, so none is sent. You can change it under Details.",
    );
    expect(within(notice).getByRole('link', { name: 'Details' }).getAttribute('href')).toBe('/family/details');
    // Not the missing-mobile hint: the mobile is there.
    expect(screen.queryByText('Text messages need a mobile number: add it in My details.')).toBeNull();
    const moved = screen.getByTestId('family-notification-kind-event_moved');
    expect(within(moved).getByLabelText<HTMLInputElement>('SMS').disabled).toBe(true);
  });

  it('says it in Arabic when e-mails and texts were both refused', async () => {
    const declined = { ...PREFS, available: { ...PREFS.available, sms: false, email: false }, declined: { sms: true, email: true } };
    stubPortal({ 'GET /api/family/notifications': () => json(declined) });
    renderPortal('/family/notifications', 'ar');
    const notice = await screen.findByTestId('family-notifications-declined');
    expect(notice.textContent).toContain('رفضتَ الرسائل النصية ورسائل البريد الإلكتروني');
    expect(within(notice).getByRole('link', { name: 'بياناتي' })).toBeTruthy();
  });

  it('stops everything with one box, and the channels cannot be changed meanwhile', async () => {
    const sent = stubPortal();
    renderPortal('/family/notifications');
    await userEvent.click(await screen.findByLabelText('Stop all messages'));
    expect(await screen.findByText('Your choices are saved')).toBeTruthy();
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ optedOut: true });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Quiet hours').disabled).toBe(true));
    // The kinds' fieldset is disabled: every box in it is (`:disabled`, not each box's own attribute).
    expect(within(screen.getByTestId('family-notification-kind-announcement')).getByLabelText('E-mail').matches(':disabled')).toBe(true);
  });

  it("turns this device's notifications on with the server's key, and off again", async () => {
    const push = stubPushBrowser();
    const sent = stubPortal({
      'POST /api/family/push-subscriptions': () => json({ id: ID(50) }, 201),
      'POST /api/family/push-subscriptions/remove': () => new Response(null, { status: 204 }),
    });
    renderPortal('/family/notifications');
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications on this device' }));
    expect(await screen.findByText('Notifications are on for this device')).toBeTruthy();
    expect(push.options?.userVisibleOnly).toBe(true);
    expect(push.options?.applicationServerKey).toBeInstanceOf(Uint8Array);
    // The VAPID key as its 65 raw bytes (an uncompressed P-256 point).
    expect((push.options?.applicationServerKey as Uint8Array | undefined)?.length).toBe(65);
    const subscribe = sent.find((r) => r.path === '/api/family/push-subscriptions');
    expect(subscribe?.body).toMatchObject({
      endpoint: 'https://push.example.test/send/abc',
      keys: { p256dh: 'BPk3Yt_key', auth: 'auth_secret' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Turn off notifications on this device' }));
    expect(await screen.findByText('Notifications are off for this device')).toBeTruthy();
    expect(push.unsubscribed).toBe(true);
    expect(sent.find((r) => r.path === '/api/family/push-subscriptions/remove')?.body).toEqual({
      endpoint: 'https://push.example.test/send/abc',
    });
  });

  it('says why when the parent refused the permission (Arabic)', async () => {
    stubPushBrowser('denied');
    const sent = stubPortal({ 'POST /api/family/push-subscriptions': () => json({ id: ID(50) }, 201) });
    renderPortal('/family/notifications', 'ar');
    await userEvent.click(await screen.findByRole('button', { name: 'فعّل الإشعارات على هذا الجهاز' }));
    expect((await screen.findByTestId('family-push-unavailable')).textContent).toContain('الإشعارات محظورة');
    expect(sent.some((r) => r.path === '/api/family/push-subscriptions')).toBe(false);
  });

  it('explains that a browser without a service worker cannot take notifications, and a server without push', async () => {
    stubPortal();
    renderPortal('/family/notifications');
    expect((await screen.findByTestId('family-push-unavailable')).textContent).toContain('This browser cannot receive notifications');
  });

  it('says the academy cannot push yet when the server has no key', async () => {
    stubPushBrowser();
    stubPortal({}, null);
    renderPortal('/family/notifications');
    expect((await screen.findByTestId('family-push-unavailable')).textContent).toContain('cannot send notifications to devices yet');
    expect(screen.queryByRole('button', { name: 'Turn on notifications on this device' })).toBeNull();
  });

  it('shows the failure with Retry when the choices cannot be read', async () => {
    stubRoutes({
      'GET /api/family/me': () => json(ME),
      'GET /api/family/notifications': () => json({ message: 'Something went wrong', code: 'request.failed' }, 500),
    });
    renderPortal('/family/notifications');
    expect(await screen.findByRole('button', { name: /retry/i })).toBeTruthy();
  });
});
