/**
 * Cheap refusals: what an unauthenticated client can make the server do is
 * bounded before anything expensive runs. A body nested too deep or not UTF-8 is refused as it is
 * read (before JSON.parse), a body over its route's limit before it is read, every public limit is
 * counted when the request arrives (so refused bodies count), one address cannot hold every
 * connection, and names that print as nothing or spill over their line are refused.
 */

import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { MAX_MARKS_PER_LETTER } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { teams } from '../src/db/schema.js';
import { withTenant } from '../src/db/tenant.js';
import { MAX_JSON_DEPTH } from '../src/http/json-guard.js';
import { BODY_LIMITS } from '../src/http/rate-limits.js';
import { api } from './api.js';
import { useTestApp } from './fixture.js';
import { createTestApp, type TestContext } from './harness.js';

const t = useTestApp({ academies: 1 });
const [a] = t.academies;

const json = { 'content-type': 'application/json' };
/** `[[[[…]]]]` of this many bytes: what cost a second of CPU a request. */
const nested = (bytes: number) => '['.repeat(bytes / 2) + ']'.repeat(bytes / 2);
const teamNames = () => withTenant(t.deps.db, a.id, (tx) => tx.select({ name: teams.name }).from(teams));

describe('a JSON body nested too deep', () => {
  it('answers 400 request.too_deep on a public and on a member route, signed in or not, before parsing', async () => {
    const deep = `{"handle":"x","email":${'['.repeat(MAX_JSON_DEPTH)}1${']'.repeat(MAX_JSON_DEPTH)}}`;
    for (const res of [
      await api(t.app)('forgotPassword', { headers: json, payload: nested(4000) }),
      await api(t.app)('forgotPassword', { headers: json, payload: deep }),
      await api(t.app)('createTeam', { headers: json, payload: nested(60_000) }),
      await api(t.app, a)('createTeam', { headers: json, payload: nested(60_000) }),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: 'The request is nested too deeply', code: 'request.too_deep' });
    }
  });

  it('lets the deepest body allowed through, and brackets inside strings count for nothing', async () => {
    const inside = `{"handle":"x","email":${'['.repeat(MAX_JSON_DEPTH - 1)}1${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    const res = await api(t.app)('forgotPassword', { headers: json, payload: inside });
    // Parsed, then refused by the contract (an e-mail is a string), not by its depth.
    expect([res.statusCode, res.json().code]).not.toEqual([400, 'request.too_deep']);
    expect(res.statusCode).toBe(400);
    const brackets = await api(t.app, a)('createTeam', { body: { name: `U12 ${'['.repeat(40)}"\\` } });
    expect(brackets.statusCode, brackets.body).toBe(201);
  });
});

describe('invalid UTF-8 in a JSON body', () => {
  it('answers 400 request.invalid_characters and stores nothing (it was stored as U+FFFD, 201)', async () => {
    const before = await teamNames();
    for (const bytes of [
      Buffer.concat([Buffer.from('{"name":"Team '), Buffer.from([0xff]), Buffer.from('"}')]),
      // A character cut off by the end of its string: the lead byte of a two-byte one.
      Buffer.concat([Buffer.from('{"name":"Team '), Buffer.from([0xd8]), Buffer.from('"}')]),
      // An overlong encoding of '/'.
      Buffer.concat([Buffer.from('{"name":"Team '), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]),
    ]) {
      const res = await api(t.app, a)('createTeam', { headers: json, payload: bytes });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('request.invalid_characters');
    }
    expect(await teamNames()).toEqual(before);
    // Arabic, as UTF-8, is of course fine.
    const arabic = await api(t.app, a)('createTeam', { headers: json, payload: Buffer.from('{"name":"الصقور"}') });
    expect(arabic.statusCode, arabic.body).toBe(201);
  });
});

describe("a body over its route's limit", () => {
  it('answers 413 request.too_large: a few KB on public routes, more for members, before the body is read', async () => {
    const padded = (bytes: number) => JSON.stringify({ handle: 'x', email: `${'a'.repeat(bytes)}@x.sa` });
    const cases = [
      { method: 'POST' as const, url: '/api/auth/forgot-password', payload: padded(BODY_LIMITS.public) },
      { method: 'POST' as const, url: '/api/auth/login', payload: padded(BODY_LIMITS.public) },
      { method: 'POST' as const, url: '/api/auth/register/academy', payload: JSON.stringify({ academyName: 'x'.repeat(2_000_000) }) },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ ...c, headers: json });
      expect(res.statusCode, c.url).toBe(413);
      expect(res.json(), c.url).toEqual({ message: 'The request is too large', code: 'request.too_large' });
    }
    const member = await api(t.app, a)('createTeam', {
      headers: json,
      payload: JSON.stringify({ name: 'U9', playerIds: [], pad: 'x'.repeat(BODY_LIMITS.member) }),
    });
    expect([member.statusCode, member.json().code]).toEqual([413, 'request.too_large']);
    // Under the limit, the same kind of body is read and answered.
    const small = await api(t.app)('forgotPassword', { headers: json, payload: padded(100) });
    expect(small.statusCode, small.body).toBe(202);
  });

  it("documents each route's limit in the OpenAPI description", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(doc.paths['/api/auth/forgot-password'].post.description).toContain('at most 4 KB');
    expect(doc.paths['/api/teams'].post.description).toContain('at most 64 KB');
    expect(doc.paths['/api/auth/register/parent'].post.description).toContain('at most 16 KB');
    expect(Object.keys(doc.paths['/api/teams'].post.responses)).toContain('413');
  });
});

describe('rate limits count before the body is read', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => limited.close());

  it('ten refused nested bodies use up forgot-password: the next, small and valid, is 429', async () => {
    const from = { remoteAddress: '10.28.5.1' };
    for (let i = 0; i < 10; i++) {
      const res = await api(limited.app)('forgotPassword', {
        headers: json,
        payload: nested(4000),
        ...from,
      });
      expect(res.json().code).toBe('request.too_deep');
    }
    const valid = { handle: 'some-academy', email: 'someone@example.com' };
    const res = await api(limited.app)('forgotPassword', { body: valid, ...from });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().code).toBe('request.too_many');
    // Another address is not held back.
    const other = await api(limited.app)('forgotPassword', { body: valid, remoteAddress: '10.28.5.2' });
    expect(other.statusCode).toBe(202);
  });

  it('login, whose limit reads the e-mail, is also counted per address before its body', async () => {
    const from = { remoteAddress: '10.28.5.3' };
    let last = 0;
    for (let i = 0; i < 61; i++) {
      const res = await api(limited.app)('login', { headers: json, payload: nested(4000), ...from });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('names', () => {
  const blank = [
    '\u3164\u3164\u3164',
    '\u2800\u2800',
    `a${'\u0301'.repeat(50)}`,
    `Omar${'\u0651'.repeat(MAX_MARKS_PER_LETTER + 1)}`,
    '\u3164 \u2800',
  ];

  it('of teams, coaches, players, parents and academies need a letter or digit and at most a few marks on a letter', async () => {
    const admin = api(t.app, a);
    for (const name of blank) {
      for (const [what, res] of [
        ['team', await admin('createTeam', { body: { name } })],
        ['team arabic', await admin('createTeam', { body: { name: 'U10', nameArabic: name } })],
        ['coach', await admin('createCoach', { body: { name } })],
        [
          'academy',
          await api(t.app)('registerAcademy', {
            body: { academyName: name, handle: 'names-test', email: 'n@names.sa', phone: '+966501234567', password: 'long-enough-1' },
          }),
        ],
      ] as const) {
        expect(res.statusCode, `${what} ${JSON.stringify(name)} → ${res.body}`).toBe(400);
        const codes = [res.json().code, ...(res.json().issues ?? []).map((i: { code: string }) => i.code)];
        expect(codes, what).toContain('name.unreadable');
      }
    }
    expect((await teamNames()).map((r) => r.name)).not.toContain('U10');
  });

  it('take Arabic with its marks, other scripts and digits', async () => {
    for (const name of ['مُحَمَّد', 'Nguyễn Văn', 'फ़ैसल', 'U12', '7']) {
      const res = await api(t.app, a)('createTeam', { body: { name } });
      expect(res.statusCode, `${name} → ${res.body}`).toBe(201);
    }
  });
});

describe('connections', () => {
  let capped: TestContext;
  let port: number;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    capped = await createTestApp({ MAX_CONNECTIONS_PER_ADDRESS: '3' });
    await capped.app.listen({ port: 0, host: '127.0.0.1' });
    port = (capped.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await capped.close();
  });

  /** A raw connection from a local address; resolves once connected, with a promise of its closing. */
  const open = (localAddress: string) =>
    new Promise<{ socket: Socket; closed: Promise<void> }>((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1', localAddress });
      sockets.push(socket);
      const closed = new Promise<void>((done) => socket.once('close', () => done()));
      socket.once('error', () => {});
      socket.once('connect', () => resolve({ socket, closed }));
      socket.once('close', () => reject(new Error('closed before connecting')));
    });
  const isClosed = (closed: Promise<void>) => Promise.race([closed.then(() => true), new Promise((r) => setTimeout(() => r(false), 2000))]);

  /** A plain HTTP request over a new connection from an address. */
  const get = (localAddress: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1', localAddress });
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
      socket.on('connect', () => socket.write('GET /healthz HTTP/1.1\r\nHost: kora.test\r\nConnection: close\r\n\r\n'));
    });

  it('closes the connections one address opens over its cap, while another address is still answered', async () => {
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await open('127.0.0.1'));
    const extra = [await open('127.0.0.1'), await open('127.0.0.1')];
    for (const e of extra) expect(await isClosed(e.closed)).toBe(true);
    // The three held ones stay open, and a client at another address is answered.
    expect(held.map((h) => h.socket.destroyed)).toEqual([false, false, false]);
    expect(await get('127.0.0.2')).toMatch(/^HTTP\/1\.1 200/);
    // Once one held connection closes, the address may open another.
    held[0].socket.destroy();
    await held[0].closed;
    // The server hears of the close a moment after the client: asked again until it has.
    await vi.waitFor(async () => expect(await get('127.0.0.1')).toMatch(/^HTTP\/1\.1 200/), { timeout: 2000, interval: 10 });
  });

  it('caps the process as a whole (MAX_CONNECTIONS); behind a trusted proxy, one address is the proxy and is not capped', () => {
    expect(capped.app.server.maxConnections).toBe(10_000);
    expect(loadConfig({ MAX_CONNECTIONS: '500' }).connections).toEqual({ max: 500, perAddress: 128 });
    expect(loadConfig({ TRUST_PROXY: '1' }).connections.perAddress).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1', MAX_CONNECTIONS_PER_ADDRESS: '2000' }).connections.perAddress).toBe(2000);
  });
});
