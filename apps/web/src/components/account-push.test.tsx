// The account menu's notifications on this device (a coach's own sessions added or changed): offered only
// where the browser can take them and the page has its service worker; on with the server's key, and off.
import { COACH_FLAGS } from '@kora/contracts';
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderInApp, signedInAs, stubRoutes } from '../test-render';
import { Shell } from './Shell';

const ENDPOINT = 'https://push.example.test/send/coach';

/** A browser with a worker and the Push API; `subscribed` says whether this device has a subscription. */
function stubPushBrowser() {
  const state = { subscribed: false };
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'BPk3Yt_key', auth: 'auth_secret' } }),
    unsubscribe: async () => {
      state.subscribed = false;
      return true;
    },
  };
  const registration = {
    pushManager: {
      getSubscription: async () => (state.subscribed ? subscription : null),
      subscribe: async () => {
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
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn(async () => 'granted') });
  return state;
}

function renderShell() {
  localStorage.setItem('signedIn', '1');
  const rootRoute = createRootRoute();
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <Shell>home</Shell> });
  renderInApp(createRouter({ routeTree: rootRoute.addChildren([home]), history: createMemoryHistory({ initialEntries: ['/'] }) }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  localStorage.clear();
});
vi.setConfig({ testTimeout: 20_000 });

describe("the account menu's notifications", () => {
  it('turns them on for this device with the server key, then off', async () => {
    const push = stubPushBrowser();
    const { requests } = stubRoutes({
      'GET /api/auth/me': () => json(signedInAs(COACH_FLAGS, { role: 'COACH', name: 'Coach' })),
      'GET /api/push/public-key': () =>
        json({ publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U' }),
      'POST /api/push-subscriptions': () => json({ id: '00000000-0000-4000-8000-000000000050' }, 201),
      'POST /api/push-subscriptions/remove': () => new Response(null, { status: 204 }),
    });
    renderShell();
    await userEvent.click(await screen.findByTestId('avatar-menu'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Turn on notifications' }));
    expect(await screen.findByText('Notifications are on for this device')).toBeTruthy();
    expect(push.subscribed).toBe(true);
    expect(requests.find((r) => r.path === '/api/push-subscriptions')?.body).toMatchObject({
      endpoint: ENDPOINT,
      keys: { auth: 'auth_secret' },
    });
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Turn off notifications' }));
    expect(await screen.findByText('Notifications are off for this device')).toBeTruthy();
    expect(push.subscribed).toBe(false);
    expect(requests.find((r) => r.path === '/api/push-subscriptions/remove')?.body).toEqual({ endpoint: ENDPOINT });
  });

  it('is not offered where the browser cannot take notifications', async () => {
    stubRoutes({ 'GET /api/auth/me': () => json(signedInAs(COACH_FLAGS, { role: 'COACH', name: 'Coach' })) });
    renderShell();
    await userEvent.click(await screen.findByTestId('avatar-menu'));
    await screen.findByRole('menuitem', { name: 'Change password' });
    expect(screen.queryByTestId('account-push')).toBeNull();
  });
});
