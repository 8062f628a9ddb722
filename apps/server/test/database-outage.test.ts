import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { api } from './api.js';
import { type Academy, createTestApp, registerAndLogin, type TestContext } from './harness.js';

// Only PostgreSQL has connections that can be cut from outside; the embedded database has none.
describe.runIf(process.env.TEST_DATABASE_URL)('the database connections are cut mid-burst', () => {
  let t: TestContext;
  let a: Academy;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAndLogin(t.app);
  });
  // Closing waits for every checked-out connection: a connection lost by a cut transaction
  // would keep it waiting past the hook's time limit.
  afterAll(() => t.close());

  it('keeps the process up, answers 503 (never 500) while cut, and serves again within 5 s', async () => {
    const [{ name: database }] = rowsOf<{ name: string }>(await t.deps.db.execute('select current_database() as name'));
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const statuses: number[] = [];
    const burst = async (n: number) => {
      for (let i = 0; i < n; i++) statuses.push((await api(t.app, a)('listTeams')).statusCode);
    };
    const load = Promise.all([burst(60), burst(60), burst(60)]);
    // Many cuts at varied moments, so some land on BEGIN, some mid-query, some on COMMIT.
    for (let i = 0; i < 12; i++) {
      await new Promise((r) => setTimeout(r, 10 + ((i * 7) % 25)));
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
        database,
      ]);
    }
    await load;
    await admin.end();
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);

    const started = Date.now();
    let ok = false;
    while (!ok && Date.now() - started < 5000) ok = (await api(t.app, a)('listTeams')).statusCode === 200;
    expect(ok).toBe(true);
  });
});
