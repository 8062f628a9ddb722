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
  it('ends loading at once without a stored token', () => {
    renderAuth();
    expect(probe()).toBe('unauthenticated|-|false|false');
  });

  it('loads the user and selects the stored academy when the response names none', async () => {
    localStorage.setItem('token', 't1');
    localStorage.setItem('currentAcademyId', 'b');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ user: user([academy('a'), academy('b')]) }), { status: 200 })),
    );
    renderAuth();
    expect(probe()).toBe('loading|-|false|false');
    await waitFor(() => expect(probe()).toBe('authenticated|b|true|false'));
  });

  it('discards the token on a non-OK answer to the current-user call', async () => {
    localStorage.setItem('token', 'expired');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    renderAuth();
    await waitFor(() => expect(probe()).toBe('unauthenticated|-|false|false'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the token on a network failure', async () => {
    localStorage.setItem('token', 'kept');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    renderAuth();
    await waitFor(() => expect(probe()).toBe('unauthenticated|-|false|false'));
    expect(localStorage.getItem('token')).toBe('kept');
  });

  it('does not accept a user without academies', async () => {
    localStorage.setItem('token', 't');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ user: user([]), currentAcademyId: 'a' }), { status: 200 })),
    );
    renderAuth();
    await waitFor(() => expect(probe()).toBe('unauthenticated|-|false|false'));
  });

  it('removes the token and goes to login on a 401 of an authenticated call', async () => {
    localStorage.setItem('token', 't');
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
    expect(localStorage.getItem('token')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/auth/login');
    expect(probe()).toBe('unauthenticated|-|false|false');
  });

  it('signing out offline forgets the token at once and ends the server session when the network returns', async () => {
    localStorage.setItem('token', 'signed-in');
    let reachable = true;
    const logouts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/auth/me')
          return new Response(JSON.stringify({ user: user([academy('a')]), currentAcademyId: 'a' }), { status: 200 });
        if (!reachable) throw new TypeError('Failed to fetch');
        logouts.push(new Headers(init?.headers).get('authorization') ?? '');
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
    expect(localStorage.getItem('token')).toBeNull();
    expect(logouts).toEqual([]);
    reachable = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(logouts).toEqual(['Bearer signed-in']));
  });

  it('throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useAuth must be used inside <AuthProvider>');
  });
});
