import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { matchesEtag } from '../src/http/caching.js';
import { api } from './api.js';
import { useTestApp } from './fixture.js';
import { addPlayer } from './fixtures.js';

const t = useTestApp({ academies: 1 });
const [a] = t.academies;
beforeAll(async () => {
  for (const name of ['Badr Al-Harbi', 'Faisal Al-Ghamdi', 'Omar Al-Zahrani']) await addPlayer(t.app, a, { name });
});

const players = (headers: Record<string, string> = {}) => api(t.app, a)('listUsers', { query: { role: 'PLAYER' }, headers });

describe('compressed API answers', () => {
  it('answers brotli and gzip that decode to the same JSON, and identity to others', async () => {
    const plain = await players();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await players({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await players({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect((await players({ 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('leaves answers under 1 KB as they are', async () => {
    const small = await api(t.app)('checkHandle', { params: { handle: a.handle }, headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never inflates a compressed request body (no zip bombs): a gzip body is refused and nothing is created', async () => {
    const member = api(t.app, a);
    const res = await member('createTeam', {
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ name: 'Zipped FC' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toMatch(/^request\./);
    const teams = await member('listTeams');
    expect(teams.json().map((team: { name: string }) => team.name)).not.toContain('Zipped FC');
  });
});

describe('revalidated API answers (ETag / 304)', () => {
  it('tags a list, answers 304 without a body while it is unchanged, whatever the encoding', async () => {
    const first = await players();
    const etag = String(first.headers.etag);
    // A cached list is tagged by its academy's data version, day and list (http/list-cache.ts).
    expect(etag).toMatch(/^W\/"\d+\.\d{4}-\d{2}-\d{2}\.[\w-]{16}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const br = await players({ 'accept-encoding': 'br' });
    expect(br.headers.etag).toBe(etag);
    for (const header of [etag, etag.slice(2), `W/"other", ${etag}`, '*']) {
      const again = await players({ 'if-none-match': header, 'accept-encoding': 'gzip, br' });
      expect(again.statusCode, header).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['content-encoding']).toBeUndefined();
    }
    expect((await players({ 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
  });

  it('gives a changed list a new tag, and its old tag gets the new list', async () => {
    const before = await players();
    await addPlayer(t.app, a, { name: 'Zaid Al-Otaibi' });
    const after = await players({ 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json()).toHaveLength(before.json().length + 1);
  });

  it('tags only successful GET answers of the API', async () => {
    const created = await api(t.app, a)('createTeam', { body: { name: 'Tagless FC' } });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBeUndefined();
    const missing = await api(t.app, a)('getTeam', { params: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const unauthenticated = await api(t.app)('listUsers', { query: { role: 'PLAYER' }, headers: { host: `${a.handle}.kora.test` } });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers.etag).toBeUndefined();
  });

  it('compares entity tags weakly', () => {
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", W/"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('"b"', 'W/"a"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"a"')).toBe(false);
  });
});
