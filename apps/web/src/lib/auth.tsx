import type { Area, MeReply, SessionUser } from '@kora/contracts';
import { canRead, canWrite } from '@kora/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { signOutSession } from '../offline/sign-out';
import { selectAcademy } from './academy-selection';
import { replyOf, setUnauthorizedHandler } from './api';
import { storage } from './storage';

type Academy = SessionUser['academyUsers'][number]['academy'];
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface Auth {
  status: AuthStatus;
  user: SessionUser | null;
  academies: Academy[];
  currentAcademyId: string | null;
  /** Stores the token, loads the user and selects the academy. */
  login(token: string): Promise<boolean>;
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

/** The current-user call (docs/domain.md, "Shared controls and waits"): its own 401 handling (no redirect), so it uses fetch directly. */
async function fetchMe(token: string): Promise<{ ok: true; body: MeReply } | { ok: false; network: boolean }> {
  try {
    const res = await fetch('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) return { ok: false, network: false };
    return { ok: true, body: replyOf('me', await res.json()) };
  } catch {
    return { ok: false, network: true };
  }
}

/** The page's first `/api/auth/me`, sent before the first render (main.tsx), beside the language's messages and the screen's code. */
let early: { token: string; reply: ReturnType<typeof fetchMe> } | null = null;

/** Starts checking the stored session at once; the provider's first load takes this answer instead of asking again. */
export function startSessionCheck() {
  const token = storage.token();
  if (token) early = { token, reply: fetchMe(token) };
}

const takeEarly = (token: string) => {
  const reply = early?.token === token ? early.reply : fetchMe(token);
  early = null;
  return reply;
};

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setReactState] = useState<State>(() => {
    snapshot = { ...signedOut, status: storage.token() ? 'loading' : 'unauthenticated' };
    return snapshot;
  });
  const setState = useCallback((next: State | ((s: State) => State)) => {
    snapshot = typeof next === 'function' ? next(snapshot) : next;
    setReactState(snapshot);
  }, []);

  const load = useCallback(
    async (token: string) => {
      setState((s) => ({ ...s, status: 'loading' }));
      const me = await takeEarly(token);
      if (!me.ok) {
        // A network failure keeps the token for the next try; any other answer discards it.
        if (!me.network) storage.clearToken();
        setState(signedOut);
        return false;
      }
      const academies = me.body.user.academyUsers?.map((a) => a.academy) ?? [];
      if (academies.length === 0) {
        setState(signedOut);
        return false;
      }
      const currentAcademyId = selectAcademy(
        academies.map((a) => a.id),
        me.body.currentAcademyId,
        storage.academyId(),
      );
      if (currentAcademyId) storage.setAcademyId(currentAcademyId);
      setState({ status: 'authenticated', user: me.body.user, academies, currentAcademyId });
      return true;
    },
    [setState],
  );

  useEffect(() => {
    const token = storage.token();
    if (token) void load(token);
  }, [load]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      storage.clearToken();
      setState(signedOut);
      window.location.assign('/auth/login');
    });
  }, [setState]);

  const value = useMemo<Auth>(
    () => ({
      ...state,
      login: async (token) => {
        storage.setToken(token);
        return load(token);
      },
      logout: async () => {
        // Without a network the server's session is ended once the connection returns (offline/sign-out.ts).
        await signOutSession(storage.token());
        storage.clearToken();
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
        const token = storage.token();
        const me = token ? await fetchMe(token) : null;
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
