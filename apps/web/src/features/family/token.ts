/** Where the parent's session token is kept on this device, apart from a staff member's (a parent session is its own kind). */
export const FAMILY_TOKEN_KEY = 'familyToken';

export const familyToken = (): string | null => {
  try {
    return localStorage.getItem(FAMILY_TOKEN_KEY);
  } catch {
    return null;
  }
};

export const setFamilyToken = (token: string | null) => {
  try {
    if (token) localStorage.setItem(FAMILY_TOKEN_KEY, token);
    else localStorage.removeItem(FAMILY_TOKEN_KEY);
  } catch {
    // Private mode without storage: the session lasts as long as the page.
  }
};
