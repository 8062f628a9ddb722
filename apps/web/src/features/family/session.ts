import { FAMILY_SIGNED_IN_KEY } from '../../lib/storage';

/**
 * Whether a parent is signed in on this device: a marker, no secret (the session is the HttpOnly
 * `kora_family` cookie, docs/architecture.md "Sessions in cookies"), kept apart from the staff one.
 */
export const familySignedIn = (): boolean => {
  try {
    return localStorage.getItem(FAMILY_SIGNED_IN_KEY) === '1';
  } catch {
    return false;
  }
};

export const setFamilySignedIn = (signedIn: boolean) => {
  try {
    if (signedIn) localStorage.setItem(FAMILY_SIGNED_IN_KEY, '1');
    else localStorage.removeItem(FAMILY_SIGNED_IN_KEY);
  } catch {
    // Private mode without storage: nothing is kept.
  }
};
