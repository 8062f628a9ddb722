import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './api';
import { AuthProvider, useAuth } from './auth';

const user = (academyUsers: unknown[]) => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Admin',
  email: 'a@x.sa',
  avatar: null,
  role: 'ADMIN',
  accountType: { canReadPlayers: true, canWritePlayers: false },
  academyUsers,
});
const academy = (id: string) => ({ academy: { id, name: id, handle: id, logo: null } });

function Probe() {
  const auth = useAuth();
  return (
    <p data-testid="probe">
      {auth.status}|{auth.currentAcademyId ?? '-'}|{String(auth.canRead('Players'))}|{String(auth.canWrite('Players'))}
    </p>
  );
}
const renderAuth = () =>
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
const probe = () => screen.getByTestId('probe').textContent;

/** The provider's sign-out, for a test to call. */
const signingOut = { logout: async () => {} };
function SignOut() {
  signingOut.logout = useAuth().logout;
  return null;
}

afterEach(() => vi.unstubAllGlobals());

describe('auth state', () => {
  it('ends loading at once on a device not signed in (no marker)', () => {
    renderAuth();
    expect(probe()).toBe('unauthenticated|-|false|false');
  });

  it('loads the user and selects the stored academy when the response names none', async () => {
    localStorage.setItem('signedIn', '1');
    localStorage.setItem('currentAcademyId', 'b');
    const sent: Headers[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent.push(new Headers(init?.headers));
        expect(init?.credentials).toBe('same-origin');
        return new Response(JSON.stringify({ user: user([academy('a'), academy('b')]) }), { status: 200 });
      }),
    );
    renderAuth();
    expect(probe()).toBe('loading|-|false|false');
    await waitFor(() => expect(probe()).toBe('authenticated|b|true|false'));
    // The session is the cookie: the current-user call carries the CSRF header and no token.
    expect(sent.map((h) => [h.get('x-kora-request'), h.has('authorization')])).toEqual([['1', false]]);
    expect(localStorage.getItem('signedIn')).toBe('1');
  });

  it('clears the marker on a non-OK answer to the current-user call (no session cookie)', async () => {
    localStorage.setItem('signedIn', '1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    renderAuth();
    await waitFor(() => expect(probe()).toBe('unauthenticated|-|false|false'));
    expect(localStorage.getItem('signedIn')).toBeNull();
  });

  it('keeps the marker on a network failure', async () => {
    localStorage.setItem('signedIn', '1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    renderAuth();
    await waitFor(() => expect(probe()).toBe('unauthenticated|-|false|false'));
    expect(localStorage.getItem('signedIn')).toBe('1');
  });

  it('does not accept a user without academies', async () => {
    localStorage.setItem('signedIn', '1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ user: user([]), currentAcademyId: 'a' }), { status: 200 })),
    );
    renderAuth();
    await waitFor(() => expect(probe()).toBe('unauthenticated|-|false|false'));
  });

  it('clears the marker and goes to login on a 401 of a signed-in call', async () => {
    localStorage.setItem('signedIn', '1');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/me'
          ? new Response(JSON.stringify({ user: user([academy('a')]), currentAcademyId: 'a' }), { status: 200 })
          : new Response(JSON.stringify({ message: 'Unauthorized', code: 'auth.unauthorized' }), { status: 401 }),
      ),
    );
    renderAuth();
    await waitFor(() => expect(probe()).toBe('authenticated|a|true|false'));
    await act(async () => {
      await expect(call('listTeams')).rejects.toThrow('Unauthorized');
    });
    expect(localStorage.getItem('signedIn')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/auth/login');
    expect(probe()).toBe('unauthenticated|-|false|false');
  });

  it('signing out offline forgets the session at once and ends it on the server when the network returns', async () => {
    localStorage.setItem('signedIn', '1');
    let reachable = true;
    const logouts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/auth/me')
          return new Response(JSON.stringify({ user: user([academy('a')]), currentAcademyId: 'a' }), { status: 200 });
        if (!reachable) throw new TypeError('Failed to fetch');
        const headers = new Headers(init?.headers);
        logouts.push(`${headers.get('x-kora-request')}, ${headers.has('authorization') ? 'a token' : 'no token'}`);
        return new Response(null, { status: 204 });
      }),
    );
    render(
      <AuthProvider>
        <Probe />
        <SignOut />
      </AuthProvider>,
    );
    await waitFor(() => expect(probe()).toBe('authenticated|a|true|false'));
    reachable = false;
    await act(() => signingOut.logout());
    expect(probe()).toBe('unauthenticated|-|false|false');
    expect(localStorage.getItem('signedIn')).toBeNull();
    expect(logouts).toEqual([]);
    reachable = true;
    window.dispatchEvent(new Event('online'));
    // The cookie, still in the browser, goes with the logout; the page holds no token to send.
    await waitFor(() => expect(logouts).toEqual(['1, no token']));
  });

  it('throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useAuth must be used inside <AuthProvider>');
  });
});
