import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Academy, asMember, createTestApp, registerAndLogin, type TestContext } from './harness.js';

let t: TestContext;
let a: Academy;
beforeAll(async () => {
  t = await createTestApp();
  a = await registerAndLogin(t.app);
});
afterAll(() => t.close());

const id = '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f';
const ROUTES: [string, string][] = [
  ['POST', '/api/auth/register/academy'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/forgot-password'],
  ['POST', '/api/auth/reset-password'],
  ['POST', '/api/auth/register/parent'],
  ['GET', '/api/packages?handle=%00%ff'],
  ['POST', '/api/teams'],
  ['PUT', `/api/teams/${id}`],
  ['PUT', '/api/users/not-an-id'],
  ['PUT', `/api/users/${id}`],
  ['POST', '/api/users/parent-player'],
  ['POST', '/api/users/coaches'],
  ['PUT', `/api/users/coaches/${id}`],
  ['PATCH', `/api/events/${id}/participants/${id}`],
  ['PATCH', `/api/participants/${id}/status`],
  ['GET', '/api/users?role[]=x'],
];

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
      fc.asyncProperty(fc.constantFrom(...ROUTES), body, contentType, async ([method, url], payload, type) => {
        const res = await asMember(t.app, a)({ method: method as 'POST', url, payload, headers: { 'content-type': type } });
        expect(res.statusCode, `${method} ${url} ${type} ${payload.slice(0, 80)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        expect(res.body).not.toMatch(/\s+at\s.+:\d+:\d+|node_modules/);
      }),
      { numRuns: 300 },
    );
  });
});
