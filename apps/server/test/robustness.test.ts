import { ERROR_CODES, ROUTES } from '@kora/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api } from './api.js';
import { useTestApp } from './fixture.js';
import { asMember, registerAndLogin } from './harness.js';

const t = useTestApp({ academies: 1 });
const [a] = t.academies;

const id = '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f';
/**
 * Every route of the contract map (but logout, which would end the member's session for the rest of
 * the run), with each path parameter once as an id and once as garbage; plus odd queries.
 */
const CALLS: [string, string][] = [
  ...Object.entries(ROUTES)
    .filter(([key]) => key !== 'logout')
    .flatMap(([, [method, path]]): [string, string][] => [
      [method, path.replace(/:\w+/g, id)],
      [method, path.replace(/:\w+/g, 'not-an-id%00')],
    ]),
  ['GET', '/api/packages?handle=%00%ff'],
  ['GET', '/api/users?role[]=x'],
];
const KNOWN_CODES = new Set<string>(ERROR_CODES);

describe('anything a client can send', () => {
  it('never gets a 5xx or a stack trace, from any route', async () => {
    const body = fc.oneof(
      fc.json(),
      fc.string(),
      fc.constant('{"a":'),
      fc.jsonValue().map((v) => JSON.stringify({ name: v, playerIds: v, handle: v, email: v, status: v, parentInfo: v })),
    );
    const contentType = fc.constantFrom(
      'application/json',
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CALLS), body, contentType, async ([method, url], payload, type) => {
        const res = await asMember(t.app, a)({ method: method as 'POST', url, payload, headers: { 'content-type': type } });
        expect(res.statusCode, `${method} ${url} ${type} ${payload.slice(0, 80)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        expect(res.body).not.toMatch(/\s+at\s.+:\d+:\d+|node_modules/);
        if (res.statusCode >= 400) {
          // Every error carries a code the web can translate, and so does each of its issues.
          const answer = res.json();
          expect(KNOWN_CODES.has(answer.code), `${method} ${url} answered code ${answer.code}`).toBe(true);
          for (const issue of answer.issues ?? []) expect(KNOWN_CODES.has(issue.code), `issue code ${issue.code}`).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('a NUL character', () => {
  it('answers 400 with its code in a JSON body, a path or a query, and changes nothing', async () => {
    const a = await registerAndLogin(t.app);
    const cases = [
      { method: 'POST' as const, url: '/api/auth/login', payload: { handle: a.handle, email: 'x\u0000@y.z', password: 'p' } },
      { method: 'POST' as const, url: '/api/teams', payload: { name: 'Team\u0000A' } },
      { method: 'GET' as const, url: '/api/academies/check/ab%00cd' },
      { method: 'GET' as const, url: '/api/users?role=PLAYER%00' },
    ];
    for (const c of cases) {
      const res = await asMember(t.app, a)(c);
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json().code, c.url).toBe('request.invalid_characters');
    }
    const teams = await api(t.app, a)('listTeams');
    expect(teams.json()).toEqual([]);
  });
});
