// Where the offline worker is registered (offline/register.ts): on an academy's app and portal pages, once the
// screen has settled; never on the public payment pages a parent opens from a link (nothing is installed for paying,
// and no worker starts while the provider's page in the frame takes the card).
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOffline } from './register';

/** An academy host at `pathname`, a production build, and a browser whose worker registrations are recorded. */
function browserAt(pathname: string) {
  vi.stubEnv('PROD', true);
  vi.stubGlobal('location', { ...window.location, hostname: 'demo.kora.test', port: '', host: 'demo.kora.test', pathname });
  const register = vi.fn(async () => ({ active: null }));
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: { register, addEventListener: vi.fn(), controller: null, ready: new Promise(() => {}) },
  });
  return register;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('the offline worker', () => {
  it('is registered on an app page once the screen has settled', async () => {
    vi.useFakeTimers();
    const register = browserAt('/players');
    startOffline(new QueryClient());
    await vi.advanceTimersByTimeAsync(11_000);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it.each(['/initial-subscription/1', '/renew-subscription/1', '/family-payment/abc', '/payment/success', '/subscription-invoice/1'])(
    'is never registered on the payment page %s',
    async (path) => {
      vi.useFakeTimers();
      const register = browserAt(path);
      startOffline(new QueryClient());
      await vi.advanceTimersByTimeAsync(11_000);
      expect(register).not.toHaveBeenCalled();
    },
  );
});
