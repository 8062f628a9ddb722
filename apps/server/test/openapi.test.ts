import { ROUTES, type RouteKey } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedPath } from '../src/http/openapi.js';
import { createTestApp, type TestContext } from './harness.js';

let t: TestContext;
type Content = Record<string, { schema: unknown }>;
let paths: Record<
  string,
  Record<
    string,
    {
      operationId?: string;
      security?: Record<string, unknown>[];
      requestBody?: { content: Content };
      responses?: Record<string, { content?: Content }>;
    }
  >
>;
beforeAll(async () => {
  t = await createTestApp();
  paths = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json().paths;
});
afterAll(() => t.close());

const operation = (key: RouteKey) => paths[documentedPath(key)]?.[ROUTES[key][0].toLowerCase()];

describe('the OpenAPI document', () => {
  it('documents every endpoint of the contract map under its operation id', () => {
    for (const key of Object.keys(ROUTES) as RouteKey[]) expect(operation(key)?.operationId, key).toBe(key);
  });

  it('documents the two operations of GET /api/packages apart, the public one under its query key', () => {
    expect(paths['/api/packages']?.get?.operationId).toBe('listPackages');
    expect(paths['/api/packages?handle']?.get?.operationId).toBe('listPublicPackages');
  });

  it('documents multipart bodies with their fields and files, and both forms of the player edit', () => {
    const add = operation('createParentPlayer')?.requestBody?.content['multipart/form-data'].schema;
    expect(add).toMatchObject({ properties: { parentInfo: { type: 'string' }, photo: { type: 'string', format: 'binary' } } });
    const edit = operation('updateUser')?.requestBody?.content;
    expect(Object.keys(edit ?? {}).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(edit?.['multipart/form-data'].schema).toMatchObject({ properties: { name: { type: 'string' }, birthdate: {} } });
  });

  it('documents answers that are not JSON with their media type', () => {
    expect(Object.keys(operation('calendarFeed')?.responses?.['200']?.content ?? {})).toEqual(['text/calendar']);
    expect(Object.keys(operation('listEvents')?.responses?.['200']?.content ?? {})).toEqual(['application/json']);
  });

  it("documents each route's real security and its refusals: none for public ones, the parent's session, a member's", () => {
    const security = (key: RouteKey) => operation(key)?.security?.flatMap((s) => Object.keys(s));
    const refusals = (key: RouteKey) => ['401', '403'].filter((status) => status in (operation(key)?.responses ?? {}));
    expect([security('checkHandle'), refusals('checkHandle')]).toEqual([[], []]);
    expect([security('familySignIn'), refusals('familySignIn')]).toEqual([[], []]);
    // Parents' routes: their own session; a child not theirs is 404, never 403.
    expect([security('familyHome'), refusals('familyHome')]).toEqual([['parentSession', 'parentCookie'], ['401']]);
    expect([security('updateFamilyChild'), refusals('updateFamilyChild')]).toEqual([['parentSession', 'parentCookie'], ['401']]);
    // Members' routes: the bearer token, or the same session as a cookie.
    expect([security('listPackages'), refusals('listPackages')]).toEqual([
      ['bearer', 'sessionCookie'],
      ['401', '403'],
    ]);
    // Every route says one of the three.
    const undeclared = (Object.keys(ROUTES) as RouteKey[]).filter((key) => security(key) === undefined);
    expect(undeclared).toEqual([]);
  });
});
