/**
 * The browser storage keys of a session (docs/domain.md, "Shared controls and waits"). The session
 * itself is an HttpOnly cookie no script reads (docs/architecture.md, "Sessions in cookies"); what is
 * kept here is no secret: whether this device was signed in, so the first paint asks `/api/auth/me`
 * (a spinner) instead of showing the login at once. The cookie decides: a 401 clears the marker.
 */
export const SIGNED_IN_KEY = 'signedIn';
/** The family portal's marker, apart from the staff one (a parent session is its own kind, `kora_family`). */
export const FAMILY_SIGNED_IN_KEY = 'familySignedIn';
export const ACADEMY_KEY = 'currentAcademyId';
/** Dispatched on `window` when this device becomes signed in (a login, not a page opened signed in). */
export const SIGNED_IN_EVENT = 'kora:signed-in';

const safe = <T>(work: () => T, fallback: T) => {
  try {
    return work();
  } catch {
    return fallback;
  }
};

export const storage = {
  signedIn: () => safe(() => localStorage.getItem(SIGNED_IN_KEY) === '1', false),
  setSignedIn: () =>
    safe(() => {
      const was = localStorage.getItem(SIGNED_IN_KEY) === '1';
      localStorage.setItem(SIGNED_IN_KEY, '1');
      if (!was) window.dispatchEvent(new Event(SIGNED_IN_EVENT));
    }, undefined),
  clearSignedIn: () => safe(() => localStorage.removeItem(SIGNED_IN_KEY), undefined),
  academyId: () => safe(() => localStorage.getItem(ACADEMY_KEY), null),
  setAcademyId: (id: string) => safe(() => localStorage.setItem(ACADEMY_KEY, id), undefined),
  clearAcademyId: () => safe(() => localStorage.removeItem(ACADEMY_KEY), undefined),
};

/** Where older versions kept session tokens, and the marker each becomes (`forgetStoredTokens`). */
const OLD_TOKEN_KEYS = [
  { token: 'token', marker: SIGNED_IN_KEY },
  { token: 'familyToken', marker: FAMILY_SIGNED_IN_KEY },
];
/** Offline sign-outs of older versions, waiting with their sessions' tokens. */
const OLD_PENDING_SIGN_OUTS_KEY = 'kora-pending-sign-outs';

/**
 * Removes the session tokens an older version left in storage (run once on start, main.tsx). A device
 * that held one gets the marker, so its first paint asks the server, whose cookie (if any) decides.
 */
export function forgetStoredTokens() {
  safe(() => {
    for (const { token, marker } of OLD_TOKEN_KEYS) {
      if (localStorage.getItem(token) === null) continue;
      localStorage.removeItem(token);
      localStorage.setItem(marker, '1');
    }
    localStorage.removeItem(OLD_PENDING_SIGN_OUTS_KEY);
  }, undefined);
}
