// A sign-out made without a network: the device forgets the session at once, and the
// server's session is ended when the connection returns. Until then the token waits in the browser's
// storage (where it was kept while signed in) and is sent with the logout call each time the browser
// comes online or the app starts, until the server answers; a 401 means the session is already over.
import { ApiError, call } from '../lib/api';

const KEY = 'kora-pending-sign-outs';

function pending(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

function keep(tokens: string[]) {
  if (tokens.length === 0) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, JSON.stringify(tokens));
}

/** Ends a session on the server; true once the server has no such session (ended now, or before). */
async function revoke(token: string): Promise<boolean> {
  try {
    await call('logout', { auth: token });
    return true;
  } catch (err) {
    // 401: the session had already ended (expired, revoked). Anything else, an answer or none, is tried again.
    return err instanceof ApiError && err.status === 401;
  }
}

let listening = false;

/** Sends every waiting sign-out; those the server did not take stay for the next time. */
export async function flushSignOuts() {
  for (const token of pending()) {
    if (await revoke(token)) keep(pending().filter((t) => t !== token));
  }
}

/** Signs a session out on the server now, or, without an answer, as soon as the connection returns. */
export async function signOutSession(token: string | null | undefined) {
  if (!token) return;
  if (navigator.onLine && (await revoke(token))) return;
  keep([...pending().filter((t) => t !== token), token]);
  if (!listening) {
    listening = true;
    window.addEventListener('online', () => void flushSignOuts());
  }
}

/** The sign-outs still waiting for the server (tests, and a screen that would show them). */
export const pendingSignOuts = () => pending().length;
