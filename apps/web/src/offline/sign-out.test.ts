// A sign-out made offline: the server's session is ended once the network returns, not
// left alive. The logout call carries the session's cookie (no token: the page has none) and the
// CSRF header; without an answer it waits and is sent when the browser comes online; a 401 (the
// session already ended) or a success forgets it, a failure keeps it for the next time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushSignOuts, pendingSignOuts, signOutSession } from './sign-out';

let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

/** Logout calls the server received, by their headers; `reachable` says whether the network carries them. */
const received: string[] = [];
let reachable = true;
let answer = 204;

beforeEach(() => {
  localStorage.clear();
  received.length = 0;
  reachable = true;
  answer = 204;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      expect([init.method, url]).toEqual(['POST', '/api/auth/logout']);
      const headers = new Headers(init.headers);
      received.push(headers.has('authorization') ? 'with a token' : `x-kora-request: ${headers.get('x-kora-request')}`);
      return new Response(answer === 204 ? null : JSON.stringify({ message: 'Unauthorized', code: 'auth.unauthorized' }), {
        status: answer,
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  online = true;
});

/** A logout as the page sends it: the cookie (the browser's to add) and the CSRF header, never a token. */
const SENT = 'x-kora-request: 1';

const goOnline = async () => {
  online = true;
  reachable = true;
  window.dispatchEvent(new Event('online'));
  // The flush runs on the event; let its calls finish.
  await vi.waitFor(() => expect(pendingSignOuts()).toBe(0));
};

describe('signing out', () => {
  it('online: ends the session on the server at once, and nothing waits', async () => {
    await signOutSession();
    expect(received).toEqual([SENT]);
    expect(pendingSignOuts()).toBe(0);
  });

  it('offline: the session is ended on the server once the connection returns, once', async () => {
    online = false;
    reachable = false;
    await signOutSession();
    expect(received).toEqual([]);
    expect(pendingSignOuts()).toBe(1);
    await goOnline();
    expect(received).toEqual([SENT]);
    // Coming online again sends nothing more.
    window.dispatchEvent(new Event('online'));
    await flushSignOuts();
    expect(received).toEqual([SENT]);
  });

  it('no answer while the browser thinks it is online: kept, and sent at the next start', async () => {
    reachable = false;
    await signOutSession();
    expect(pendingSignOuts()).toBe(1);
    // The app starts again (offline/sync.ts startSync flushes): still no network, still kept.
    await flushSignOuts();
    expect(pendingSignOuts()).toBe(1);
    reachable = true;
    await flushSignOuts();
    expect(received).toEqual([SENT]);
    expect(pendingSignOuts()).toBe(0);
  });

  it('a server error keeps the sign-out to try again; a 401 (the session already over) forgets it', async () => {
    answer = 503;
    await signOutSession();
    expect(pendingSignOuts()).toBe(1);
    answer = 401;
    await flushSignOuts();
    expect(received).toEqual([SENT, SENT]);
    expect(pendingSignOuts()).toBe(0);
  });

  it('does not send a waiting sign-out once someone signed in again: the cookie is theirs now', async () => {
    reachable = false;
    await signOutSession();
    expect(pendingSignOuts()).toBe(1);
    localStorage.setItem('signedIn', '1');
    reachable = true;
    await flushSignOuts();
    expect(received).toEqual([]);
    expect(pendingSignOuts()).toBe(0);
  });
});
