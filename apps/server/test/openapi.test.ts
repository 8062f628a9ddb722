import { ROUTES, type RouteKey } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedPath } from '../src/http/openapi.js';
import { createTestApp, type TestContext } from './harness.js';

let t: TestContext;
type Content = Record<string, { schema: unknown }>;
let paths: Record<
  string,
  Record<string, { operationId?: string; requestBody?: { content: Content }; responses?: Record<string, { content?: Content }> }>
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
});
