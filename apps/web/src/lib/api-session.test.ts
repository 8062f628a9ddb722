// The API client holds no session token: the session is the HttpOnly cookie the browser sends to its own origin
// (docs/architecture.md, "Sessions in cookies"). Every call sends the CSRF header and never an Authorization
// header; a 401 of a signed-in staff call clears the signed-in marker, one of the family portal's or of a
// sign-in does not.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, callFile, callWithProgress } from './api';
import { forgetStoredTokens, storage } from './storage';

interface Sent {
  url: string;
  method: string;
  csrf: string | null;
  authorization: string | null;
  credentials?: RequestCredentials;
}
const sent: Sent[] = [];
let status = 200;

beforeEach(() => {
  sent.length = 0;
  status = 200;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      sent.push({
        url,
        method: init.method ?? 'GET',
        csrf: headers.get('x-kora-request'),
        authorization: headers.get('authorization'),
        credentials: init.credentials,
      });
      const body = status === 401 ? { message: 'Unauthorized', code: 'auth.unauthorized' } : [];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** A stand-in XMLHttpRequest that records its headers and answers 200 or `status`. */
class FakeXhr {
  static sent: Record<string, string>[] = [];
  private headers: Record<string, string> = {};
  status = 0;
  statusText = '';
  responseText = '';
  upload = { onprogress: null, onload: null as null | (() => void) };
  onload: null | (() => void) = null;
  onerror: null | (() => void) = null;
  onabort: null | (() => void) = null;
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  abort() {}
  send() {
    FakeXhr.sent.push(this.headers);
    this.status = status;
    this.responseText = JSON.stringify(status === 401 ? { message: 'Unauthorized', code: 'auth.unauthorized' } : { ok: true });
    queueMicrotask(() => {
      this.upload.onload?.();
      this.onload?.();
    });
  }
}

describe('the API client and the session cookie', () => {
  it('sends the CSRF header and never an Authorization header, on reads, writes, files and uploads', async () => {
    storage.setSignedIn();
    // Even a token an older version left in storage is never sent, and is removed on start.
    localStorage.setItem('token', 'old-token');
    await call('listTeams');
    await call('logout');
    await call('familyMe', { session: 'family' });
    await callFile('listTeams');
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.sent = [];
    await callWithProgress('listTeams', {}, () => {});
    expect(sent.map((s) => [s.method, s.csrf, s.authorization, s.credentials])).toEqual([
      ['GET', '1', null, 'same-origin'],
      ['POST', '1', null, 'same-origin'],
      ['GET', '1', null, 'same-origin'],
      ['GET', '1', null, 'same-origin'],
    ]);
    expect(FakeXhr.sent).toEqual([{ 'x-kora-request': '1' }]);
    forgetStoredTokens();
    expect(localStorage.getItem('token')).toBeNull();
    expect(storage.signedIn()).toBe(true);
  });

  it('a 401 of a signed-in staff call clears the marker and goes to the login', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    storage.setSignedIn();
    status = 401;
    await expect(call('listTeams')).rejects.toBeInstanceOf(ApiError);
    expect(storage.signedIn()).toBe(false);
    expect(localStorage.getItem('signedIn')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/auth/login');
  });

  it("a 401 of the family portal's call, or of a sign-in, leaves the staff marker alone", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    storage.setSignedIn();
    status = 401;
    await expect(call('familyMe', { session: 'family' })).rejects.toBeInstanceOf(ApiError);
    await expect(call('familyVerify', { body: { token: 'x'.repeat(26), language: 'en' }, session: 'none' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(storage.signedIn()).toBe(true);
    expect(assign).not.toHaveBeenCalled();
  });

  it('moves a family token an older version kept to its own marker', () => {
    localStorage.setItem('familyToken', 'old-family-token');
    forgetStoredTokens();
    expect(localStorage.getItem('familyToken')).toBeNull();
    expect(localStorage.getItem('familySignedIn')).toBe('1');
    expect(storage.signedIn()).toBe(false);
  });
});
