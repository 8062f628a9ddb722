import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { api } from './api.js';
import { type Academy, asMember, createTestApp, registerAndLogin, type TestContext } from './harness.js';

/**
 * The probe's outage: PostgreSQL closes the database to new connections and
 * cuts the open ones. Under 50 concurrent requests, every answer that is not a success is a 503
 * with Retry-After (never a 500), and the server serves again once the database is open.
 * Only PostgreSQL has connections that can be refused; the embedded database has none.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL refuses new connections', () => {
  let t: TestContext;
  let members: Academy[];
  let database: string;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    // Tokens are obtained before the outage.
    members = [await registerAndLogin(t.app), await registerAndLogin(t.app)];
    [{ name: database }] = rowsOf<{ name: string }>(await t.deps.db.execute('select current_database() as name'));
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  const cutOpenConnections = () =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);

  const burst = () => {
    const urls = ['/api/teams', '/api/auth/me', '/api/packages', '/api/account-types', '/api/users?role=COACH'];
    return Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const a = members[i % members.length];
        if (i % 10 === 9) {
          return api(t.app)('login', { body: { handle: a.handle, email: a.email, password: a.password }, remoteAddress: `10.16.3.${i}` });
        }
        return asMember(t.app, a)({ method: 'GET', url: urls[i % urls.length] });
      }),
    );
  };

  const servesAgain = async () => {
    const started = Date.now();
    for (;;) {
      const res = await api(t.app, members[0])('listTeams');
      if (res.statusCode === 200 || Date.now() - started > 5000) return res.statusCode;
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it.each([
    ['ALLOW_CONNECTIONS false', 'ALLOW_CONNECTIONS true'],
    ['CONNECTION LIMIT 0', 'CONNECTION LIMIT -1'],
  ])('with %s: 50 concurrent requests answer 2xx or 503 with Retry-After, then 200 once restored', async (close, reopen) => {
    await admin.query(`alter database ${pg.escapeIdentifier(database)} with ${close}`);
    let answers: Awaited<ReturnType<typeof burst>>;
    try {
      // Cut while the burst runs: some requests lose their connection mid-way, the rest find none.
      const answering = burst();
      await new Promise((r) => setTimeout(r, 5));
      await cutOpenConnections();
      answers = await answering;
    } finally {
      await admin.query(`alter database ${pg.escapeIdentifier(database)} with ${reopen}`);
    }
    const failed = answers.filter((r) => r.statusCode >= 300);
    // No connection is left, so the outage must be seen (the test would prove nothing otherwise).
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.map((r) => [r.statusCode, r.headers['retry-after'], r.json().code])).toEqual(
      failed.map(() => [503, '1', 'request.unavailable']),
    );
    expect(await servesAgain()).toBe(200);
  });
});
