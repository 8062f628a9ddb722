import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TRUST_MS, SessionCache } from '../src/http/session-cache.js';
import { type AuthContext, TOUCH_AFTER_MS } from '../src/modules/auth/sessions.js';
import { useTestApp } from './fixture.js';
import { addPlayer } from './fixtures.js';
import { type Academy, academyHost, countStatements, eventually, loginAs, registerAndLogin } from './harness.js';

/**
 * Sessions kept in memory (http/session-cache.ts, docs/performance.md): a trusted session's
 * repeated list costs no statement; a revocation or a removed permission on one process is refused
 * by another within a second (PostgreSQL: two app instances on one database; PGlite: one process,
 * at once); with the listener's connection killed the next request checks the database.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const t = useTestApp();
let a: Academy;
/** The process that changes things. */
let first: FastifyInstance;
/** The process that must hear of them: a second app instance on PostgreSQL, the same one on PGlite. */
let other: FastifyInstance;

type Who = { handle: string; token: string };
const call = (
  app: FastifyInstance,
  who: Who,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  extra: { payload?: object; headers?: Record<string, string> } = {},
) =>
  countStatements(() =>
    app.inject({
      method,
      url,
      payload: extra.payload,
      headers: { host: academyHost(who.handle), authorization: `Bearer ${who.token}`, ...extra.headers },
    }),
  );
const PLAYERS = '/api/users?role=PLAYER';

/** A staff login whose account type reads players only. */
async function deskStaff() {
  const type = await call(first, a, 'POST', '/api/account-types', { payload: { name: `Desk ${Math.random()}`, canReadPlayers: true } });
  expect(type.result.statusCode, type.result.body).toBe(201);
  const email = `desk${Math.random().toString(16).slice(2, 8)}@${a.handle}.sa`;
  const user = await call(first, a, 'POST', '/api/users', { payload: { name: 'Desk Staff', email, accountTypeId: type.result.json().id } });
  expect(user.result.statusCode, user.result.body).toBe(201);
  const token = await loginAs(first, a.handle, email, user.result.json().password);
  return { typeId: type.result.json().id as string, userId: user.result.json().user.id as string, handle: a.handle, token };
}

/** Reads until the answer is one the trusted session gives: twice, the second without a statement. */
async function trusted(app: FastifyInstance, who: Who, url = PLAYERS) {
  await call(app, who, 'GET', url);
  const again = await call(app, who, 'GET', url);
  expect(again.result.statusCode, again.result.body).toBe(200);
  expect(again.statements).toBe(0);
  return again;
}

beforeAll(async () => {
  first = t.app;
  other = onPostgres ? await t.context.secondProcess() : t.app;
  a = await registerAndLogin(first);
  await addPlayer(first, a, { name: 'Faisal Alharbi' });
});

describe('sessions kept in memory', () => {
  it('answers a trusted session’s repeated list with no statement, 304 or 200 as the data says', async () => {
    const built = await call(first, a, 'GET', PLAYERS);
    expect(built.statements).toBeGreaterThan(0);
    const again = await trusted(first, a);
    expect(again.result.body).toBe(built.result.body);
    const etag = String(again.result.headers.etag);
    const unchanged = await call(first, a, 'GET', PLAYERS, { headers: { 'if-none-match': etag } });
    expect(unchanged.result.statusCode).toBe(304);
    expect(unchanged.statements).toBe(0);

    // A write of this process: the member's next read sees it at once (its academy is read again).
    await addPlayer(first, a, { name: 'Saad Alshehri' });
    const changed = await call(first, a, 'GET', PLAYERS, { headers: { 'if-none-match': etag } });
    expect(changed.result.statusCode).toBe(200);
    expect(changed.statements).toBeGreaterThan(0);
    expect((changed.result.json() as { name: string }[]).map((p) => p.name)).toContain('Saad Alshehri');
    const newTag = String(changed.result.headers.etag);
    expect(newTag).not.toBe(etag);
    // Trusted again once the write's own notification is heard (PostgreSQL; PGlite at once).
    const { answer: revalidated } = await eventually(
      () => call(first, a, 'GET', PLAYERS, { headers: { 'if-none-match': newTag } }),
      (r) => r.result.statusCode !== 304 || r.statements === 0,
      1000,
    );
    expect(revalidated.result.statusCode).toBe(304);
    expect(revalidated.statements).toBe(0);
  });

  it('refuses a session revoked on one process on the other within a second', async () => {
    const staff = await deskStaff();
    await trusted(other, staff, '/api/auth/me');
    const out = await call(first, staff, 'POST', '/api/auth/logout');
    expect(out.result.statusCode, out.result.body).toBeLessThan(300);
    const { answer, asks, ms } = await eventually(
      () => call(other, staff, 'GET', '/api/auth/me'),
      (r) => r.result.statusCode === 401,
      1000,
    );
    expect(answer.result.statusCode).toBe(401);
    // PGlite hears its own notifications as the change commits: the very next request is refused.
    if (!onPostgres) expect(asks).toBe(1);
    console.info(`revocation heard by the other process after ${ms.toFixed(1)} ms`);
  });

  it('refuses a permission removed on one process on the other within a second', async () => {
    const staff = await deskStaff();
    await trusted(other, staff);
    const removed = await call(first, a, 'PUT', `/api/account-types/${staff.typeId}`, { payload: { name: 'Desk, no players' } });
    expect(removed.result.statusCode, removed.result.body).toBe(200);
    const { answer, asks, ms } = await eventually(
      () => call(other, staff, 'GET', PLAYERS),
      (r) => r.result.statusCode === 403,
      1000,
    );
    expect(answer.result.statusCode).toBe(403);
    if (!onPostgres) expect(asks).toBe(1);
    console.info(`removed permission heard by the other process after ${ms.toFixed(1)} ms`);
  });

  it('refuses a member moved to another account type on the other process within a second', async () => {
    const staff = await deskStaff();
    const noPlayers = await call(first, a, 'POST', '/api/account-types', {
      payload: { name: `Schedule only ${Math.random()}`, canReadSchedule: true },
    });
    expect(noPlayers.result.statusCode, noPlayers.result.body).toBe(201);
    await trusted(other, staff);
    const moved = await call(first, a, 'PUT', `/api/users/${staff.userId}`, { payload: { accountTypeId: noPlayers.result.json().id } });
    expect(moved.result.statusCode, moved.result.body).toBe(200);
    const { answer } = await eventually(
      () => call(other, staff, 'GET', PLAYERS),
      (r) => r.result.statusCode === 403,
      1000,
    );
    expect(answer.result.statusCode).toBe(403);
  });

  // Reported as skipped on PGlite: it has no listener connection to lose (its notifications are in process).
  it.runIf(onPostgres)(
    'checks the database on the very next request once the listener’s connection is killed, and trusts again once it is back',
    async () => {
      await trusted(other, a);
      const listener = other.sessionListener;
      const pid = listener.pid;
      expect(pid).not.toBeNull();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        // Waits (up to 5 s) until the backend is gone, so its closing message is on the socket.
        const { rows } = await admin.query<{ done: boolean }>('select pg_terminate_backend($1, 5000) as done', [pid]);
        expect(rows[0].done).toBe(true);
      } finally {
        await admin.end();
      }
      // One turn of the event loop: the process reads its sockets, as it does before any request it receives.
      await new Promise((resolve) => setImmediate(resolve));
      const next = await call(other, a, 'GET', PLAYERS);
      expect(next.result.statusCode).toBe(200);
      expect(next.statements).toBeGreaterThan(0);

      const back = await eventually(
        async () => listener.pid,
        (p) => p !== null && p !== pid && other.sessionCache.listening,
        5000,
      );
      expect(back.answer).not.toBeNull();
      await trusted(other, a);
    },
  );
});

describe('the cache itself', () => {
  const auth = (over: Partial<AuthContext> = {}): AuthContext => ({
    sessionId: 's1',
    academyId: 'acad-1',
    handle: 'falcons',
    dataVersion: '7',
    user: { id: 'u1', name: 'Admin', nameArabic: null, email: null, avatar: null, role: 'ADMIN', accountType: null, academyUsers: [] },
    ...over,
  });
  const listening = () => {
    const cache = new SessionCache(SESSION_TRUST_MS);
    cache.listenerUp();
    return cache;
  };

  it('trusts an entry for at most its window, and nothing while the listener is down', () => {
    const cache = listening();
    cache.keep(cache.begin(), 'h1', auth(), 1000);
    expect(cache.get('h1', 1000 + SESSION_TRUST_MS - 1)?.auth.sessionId).toBe('s1');
    expect(cache.get('h1', 1000 + SESSION_TRUST_MS)).toBeNull();

    cache.keep(cache.begin(), 'h1', auth(), 1000);
    cache.listenerDown();
    expect(cache.get('h1', 1000)).toBeNull();
    // Read while down: never kept, even once the listener is back.
    const whileDown = cache.begin();
    cache.listenerUp();
    cache.keep(whileDown, 'h1', auth(), 1000);
    expect(cache.get('h1', 1000)).toBeNull();
  });

  it('keeps nothing read before a notification about its academy, and is never trusted with a dropped listener in between', () => {
    const cache = listening();
    const before = cache.begin();
    cache.heard('s:acad-1:other-session');
    cache.keep(before, 'h1', auth(), 0);
    expect(cache.get('h1', 0)).toBeNull();
    // Another academy's notification does not matter.
    const ticket = cache.begin();
    cache.heard('v:acad-2:99');
    cache.keep(ticket, 'h1', auth(), 0);
    expect(cache.get('h1', 0)).not.toBeNull();
    const beforeDrop = cache.begin();
    cache.listenerDown();
    cache.listenerUp();
    cache.keep(beforeDrop, 'h2', auth({ sessionId: 's2' }), 0);
    expect(cache.get('h2', 0)).toBeNull();
  });

  it('drops the session, the user or the academy a notification names, and moves data versions on', () => {
    const cache = listening();
    cache.keep(cache.begin(), 'h1', auth(), 0);
    cache.keep(cache.begin(), 'h2', auth({ sessionId: 's2', user: { ...auth().user, id: 'u2' } }), 0);
    cache.keep(cache.begin(), 'h3', auth({ sessionId: 's3', academyId: 'acad-2' }), 0);
    cache.heard('v:acad-1:9');
    expect(cache.get('h1', 0)?.auth.dataVersion).toBe('9');
    cache.heard('v:acad-1:8'); // an older version heard late changes nothing
    expect(cache.get('h1', 0)?.auth.dataVersion).toBe('9');
    cache.heard('s:acad-1:s1');
    expect(cache.get('h1', 0)).toBeNull();
    expect(cache.get('h2', 0)).not.toBeNull();
    cache.heard('u:acad-1:u2');
    expect(cache.get('h2', 0)).toBeNull();
    cache.keep(cache.begin(), 'h1', auth(), 0);
    cache.heard('t:acad-1');
    expect(cache.get('h1', 0)).toBeNull();
    expect(cache.get('h3', 0)).not.toBeNull();
    cache.forgetAcademy('acad-2');
    expect(cache.get('h3', 0)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('never trusts an entry past the moment its session could expire by idleness', () => {
    // SESSION_IDLE_DAYS so short that a session last touched a minute ago expires within 30 s.
    const cache = new SessionCache(Math.min(SESSION_TRUST_MS, 90_000 - TOUCH_AFTER_MS));
    cache.listenerUp();
    cache.keep(cache.begin(), 'h1', auth(), 0);
    expect(cache.get('h1', 29_999)).not.toBeNull();
    expect(cache.get('h1', 30_000)).toBeNull();
    const none = new SessionCache(0);
    none.listenerUp();
    none.keep(none.begin(), 'h1', auth(), 0);
    expect(none.get('h1', 0)).toBeNull();
  });
});
