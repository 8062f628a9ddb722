/** The two browser storage keys (docs/domain.md, "Shared controls and waits"). */
export const TOKEN_KEY = 'token';
export const ACADEMY_KEY = 'currentAcademyId';

const safe = <T>(work: () => T, fallback: T) => {
  try {
    return work();
  } catch {
    return fallback;
  }
};

export const storage = {
  token: () => safe(() => localStorage.getItem(TOKEN_KEY), null),
  setToken: (t: string) => safe(() => localStorage.setItem(TOKEN_KEY, t), undefined),
  clearToken: () => safe(() => localStorage.removeItem(TOKEN_KEY), undefined),
  academyId: () => safe(() => localStorage.getItem(ACADEMY_KEY), null),
  setAcademyId: (id: string) => safe(() => localStorage.setItem(ACADEMY_KEY, id), undefined),
  clearAcademyId: () => safe(() => localStorage.removeItem(ACADEMY_KEY), undefined),
};
