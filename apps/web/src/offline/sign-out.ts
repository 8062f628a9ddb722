// A sign-out made without a network: the device forgets the session at once (the signed-in marker and
// the local data), and the server's session is ended when the connection returns. The session is an
// HttpOnly cookie (docs/architecture.md, "Sessions in cookies"): the page cannot read or forget it, and
// the server clears it only by answering the logout. So until then a flag waits in the browser's storage,
// and the logout call (carrying the cookie still there) is sent each time the browser comes online or
// the app starts, until the server answers; a 401 means the session is already over. If someone signs in
// before that, their login replaced the cookie: the earlier session then ends at its idle expiry.
import { ApiError, call } from '../lib/api';
import { storage } from '../lib/storage';

const KEY = 'kora-pending-sign-out';

const pending = () => {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
};

function keep(waiting: boolean) {
  try {
    if (waiting) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode without storage: the session ends at its idle expiry.
  }
}

/** Ends the session of the cookie on the server; true once the server has no such session (ended now, or before). */
async function revoke(): Promise<boolean> {
  try {
    await call('logout', { session: 'none' });
    return true;
  } catch (err) {
    // 401: the session had already ended (expired, revoked). Anything else, an answer or none, is tried again.
    return err instanceof ApiError && err.status === 401;
  }
}

let listening = false;

/** Sends the waiting sign-out, unless someone signed in since (the cookie is theirs now); kept if the server did not take it. */
export async function flushSignOuts() {
  if (!pending()) return;
  if (storage.signedIn() || (await revoke())) keep(false);
}

/** Signs the session out on the server now, or, without an answer, as soon as the connection returns. */
export async function signOutSession() {
  if (navigator.onLine && (await revoke())) return;
  keep(true);
  if (!listening) {
    listening = true;
    window.addEventListener('online', () => void flushSignOuts());
  }
}

/** The sign-outs still waiting for the server, 0 or 1 (tests, and a screen that would show them). */
export const pendingSignOuts = () => (pending() ? 1 : 0);
