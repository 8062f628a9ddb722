import type { Area, MeReply, SessionUser } from '@kora/contracts';
import { canRead, canWrite } from '@kora/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { signOutSession } from '../offline/sign-out';
import { selectAcademy } from './academy-selection';
import { forgetEarlyAnswers, replyOf, setUnauthorizedHandler } from './api';
import { storage } from './storage';

type Academy = SessionUser['academyUsers'][number]['academy'];
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface Auth {
  status: AuthStatus;
  user: SessionUser | null;
  academies: Academy[];
  currentAcademyId: string | null;
  /** After the login call set the session cookie: loads the user and selects the academy. */
  login(): Promise<boolean>;
  logout(): Promise<void>;
  switchAcademy(id: string): void;
  /** Re-reads the signed-in user (e.g. the academy's new name and logo) without a loading state. */
  refresh(): Promise<void>;
  canRead(area: Area): boolean;
  canWrite(area: Area): boolean;
}

const AuthContext = createContext<Auth | null>(null);

interface State {
  status: AuthStatus;
  user: SessionUser | null;
  academies: Academy[];
  currentAcademyId: string | null;
}
const signedOut: State = { status: 'unauthenticated', user: null, academies: [], currentAcademyId: null };

/**
 * The latest auth state, updated synchronously with React state: route guards run right after
 * `login()` resolves, before React has re-rendered the provider.
 */
let snapshot: State = signedOut;
export const authSnapshot = () => ({
  ...snapshot,
  canRead: (area: Area) => canRead(snapshot.user?.accountType, area),
});

/**
 * The current-user call (docs/domain.md, "Shared controls and waits"): its own 401 handling (no redirect), so it
 * uses fetch directly. The session is the cookie (docs/architecture.md, "Sessions in cookies").
 */
async function fetchMe(): Promise<{ ok: true; body: MeReply } | { ok: false; network: boolean }> {
  try {
    const res = await fetch('/api/auth/me', { headers: { 'x-kora-request': '1' }, credentials: 'same-origin' });
    if (!res.ok) return { ok: false, network: false };
    return { ok: true, body: replyOf('me', await res.json()) };
  } catch {
    return { ok: false, network: true };
  }
}

/** The page's first `/api/auth/me`, sent before the first render (main.tsx), beside the language's messages and the screen's code. */
let early: ReturnType<typeof fetchMe> | null = null;

/** Starts checking the session at once when this device was signed in; the provider's first load takes this answer. */
export function startSessionCheck() {
  if (storage.signedIn()) early = fetchMe();
}

/** The signed-in state of a `/api/auth/me` answer (null when it names no academy), keeping the chosen academy. */
function stateOf(me: MeReply): State | null {
  const academies = me.user.academyUsers?.map((a) => a.academy) ?? [];
  if (academies.length === 0) return null;
  const currentAcademyId = selectAcademy(
    academies.map((a) => a.id),
    me.currentAcademyId,
    storage.academyId(),
  );
  if (currentAcademyId) storage.setAcademyId(currentAcademyId);
  storage.setSignedIn();
  return { status: 'authenticated', user: me.user, academies, currentAcademyId };
}

/** Set by `seedSession`: the provider starts from this state instead of asking the server. */
let seeded: State | null = null;

/**
 * The session the signed-in document carried (main.tsx, `kora-boot`): the app's first render is signed in at
 * once, with no `/api/auth/me` asked (docs/architecture.md, "First paint from the server").
 */
export function seedSession(me: MeReply) {
  seeded = stateOf(me);
  if (seeded) snapshot = seeded;
  return seeded !== null;
}

const takeEarly = () => {
  const reply = early ?? fetchMe();
  early = null;
  return reply;
};

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setReactState] = useState<State>(() => {
    snapshot = seeded ?? { ...signedOut, status: storage.signedIn() ? 'loading' : 'unauthenticated' };
    return snapshot;
  });
  const setState = useCallback((next: State | ((s: State) => State)) => {
    snapshot = typeof next === 'function' ? next(snapshot) : next;
    setReactState(snapshot);
  }, []);

  const load = useCallback(async () => {
    setState((s) => ({ ...s, status: 'loading' }));
    const me = await takeEarly();
    if (!me.ok) {
      // A network failure keeps the marker for the next try; any other answer (a 401: no session) clears it.
      if (!me.network) storage.clearSignedIn();
      setState(signedOut);
      return false;
    }
    const next = stateOf(me.body);
    setState(next ?? signedOut);
    return next !== null;
  }, [setState]);

  // A seeded session is taken by the first provider only: a later one (a test's) asks the server again.
  const fromDocument = useRef(seeded !== null);
  useEffect(() => {
    seeded = null;
    if (!fromDocument.current && storage.signedIn()) void load();
  }, [load]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      storage.clearSignedIn();
      forgetEarlyAnswers();
      setState(signedOut);
      window.location.assign('/auth/login');
    });
  }, [setState]);

  const value = useMemo<Auth>(
    () => ({
      ...state,
      login: async () => {
        // A fresh session: nothing the page asked for before is its answer.
        early = null;
        forgetEarlyAnswers();
        return load();
      },
      logout: async () => {
        // Without a network the server's session is ended once the connection returns (offline/sign-out.ts).
        await signOutSession();
        storage.clearSignedIn();
        forgetEarlyAnswers();
        storage.clearAcademyId();
        setState(signedOut);
      },
      switchAcademy: (id) => {
        if (!state.academies.some((a) => a.id === id)) {
          console.warn(`Cannot switch to academy ${id}: not among the user's academies.`);
          return;
        }
        storage.setAcademyId(id);
        setState((s) => ({ ...s, currentAcademyId: id }));
      },
      refresh: async () => {
        const me = storage.signedIn() ? await fetchMe() : null;
        if (!me?.ok) return;
        const academies = me.body.user.academyUsers?.map((a) => a.academy) ?? [];
        setState((s) => (s.status === 'authenticated' ? { ...s, user: me.body.user, academies } : s));
      },
      canRead: (area) => canRead(state.user?.accountType, area),
      canWrite: (area) => canWrite(state.user?.accountType, area),
    }),
    [state, load, setState],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
