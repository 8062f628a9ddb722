// The benchmark's server process (started by bench/run.mjs): one Node process, three listeners, so
// the endpoint, its floor and its ceiling run on the same runtime and are measured one at a time:
// - the Kora app (buildApp) on the seeded database (npm run bench:seed), EXPOSE_SQL_COUNT on and
//   rate limits raised (RATE_LIMIT_SCALE), logging off;
// - the floor (bench/floor.ts): each endpoint's data by one raw SQL statement, same driver;
// - the ceiling: a bare Fastify route answering bytes from memory (`PUT /__body/<key>` stores the
//   endpoint's answer, `GET|POST /c/<key>` replays it with the same content type and encoding).
// BENCH_TARGET = postgres | pglite; BENCH_DATABASE_URL overrides the database (the 10 vs 1000
// academies comparison). Prints one JSON line `{ "ready": true, … }` once all three listen.
import { pbkdf2 } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDaysIso, riyadhToday } from '@kora/contracts';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { createMailer } from '../apps/server/src/mail/mailer.js';
import { zatcaApiFor } from '../apps/server/src/modules/e-invoicing/zatca/index.js';
import { paymentProviderFor } from '../apps/server/src/modules/payments/providers/index.js';
import { riyadhMonth } from '../apps/server/src/modules/stats/service.js';
import { BENCH_LOGIN, BENCH_SMALL_LOGIN, benchSettings, readMarker } from '../apps/server/src/seed/scale.js';
import { createDiskStorage } from '../apps/server/src/storage/storage.js';
import { type FloorContext, type QueryClient, registerFloor } from './floor.js';

const settings = benchSettings();
const target = process.env.BENCH_TARGET === 'pglite' ? 'pglite' : 'postgres';
const databaseUrl = target === 'postgres' ? process.env.BENCH_DATABASE_URL || settings.databaseUrl : undefined;
const scratch = mkdtempSync(join(tmpdir(), 'kora-bench-'));
const config = loadConfig({
  ...process.env,
  DATABASE_URL: databaseUrl,
  DATA_DIR: scratch,
  RATE_LIMIT_SCALE: '1000000',
  LOG_LEVEL: 'silent',
  BASE_DOMAIN: 'bench.test',
  EXPOSE_SQL_COUNT: 'true',
  SEED_DEMO: 'never',
});
const database = await openDatabase({
  databaseUrl,
  dataDir: databaseUrl ? undefined : settings.pgliteDir,
  migrationsFolder: new URL('../apps/server/src/db/migrations', import.meta.url).pathname,
  poolSize: config.databasePoolSize,
});
/** The server's own driver: its pg.Pool or its PGlite instance (both answer `query(text, params) → { rows }`). */
const driver = (database.db as unknown as { $client: QueryClient }).$client;
const fail = (message: string) => {
  console.error(message);
  process.exit(2);
};

const marker = await readMarker({ rows: async <T>(sql: string) => (await driver.query(sql)).rows as T[] });
if (marker?.state !== 'done') {
  fail(`${databaseUrl ?? settings.pgliteDir} is not seeded for the benchmark: run \`npm run bench:seed\` first (same BENCH_* settings)`);
}
const seededDay = marker?.today ?? riyadhToday(new Date());
const { rows: academyRows } = (await driver.query(
  'select id, handle, (select count(*)::int from academies) as total from academies where handle = any($1)',
  [[BENCH_LOGIN.handle, BENCH_SMALL_LOGIN.handle]],
)) as { rows: { id: string; handle: string; total: number }[] };
const academyOf = (handle: string) => academyRows.find((r) => r.handle === handle) ?? fail(`academy ${handle} missing`);
const bench = academyOf(BENCH_LOGIN.handle) as { id: string; total: number };

const deps = {
  db: database.db,
  config,
  clock: systemClock,
  mailer: createMailer(database.db, { from: config.mailFrom, log: { info() {}, error() {} } }),
  storage: createDiskStorage(join(scratch, 'uploads')),
  payments: paymentProviderFor(config),
  zatca: zatcaApiFor(config.zatca).api,
};
const app = await buildApp(deps);
await app.listen({ port: 0, host: '127.0.0.1' });

async function login(who: typeof BENCH_LOGIN) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host: `${who.handle}.bench.test` },
    payload: { handle: who.handle, email: who.email, password: who.password },
  });
  if (res.statusCode !== 200) fail(`login of ${who.email} answered ${res.statusCode}: ${res.body}`);
  return res.json().token as string;
}

// The days of the calls: a week around the seeding day, the month before it (payments history),
// and this month and the last in Riyadh for the monthly stats (which follow the clock).
const monthOf = (day: string) => riyadhMonth(`${day.slice(0, 7)}-01`);
const invoiceMonth = monthOf(addDaysIso(`${seededDay.slice(0, 7)}-01`, -1));
const thisMonth = monthOf(riyadhToday(new Date()));
const lastMonth = monthOf(addDaysIso(thisMonth.start, -1));
const ctx: FloorContext = {
  academyId: bench.id,
  handle: BENCH_LOGIN.handle,
  email: BENCH_LOGIN.email,
  weekStart: addDaysIso(seededDay, -3),
  weekEnd: addDaysIso(seededDay, 3),
  invoicesFrom: invoiceMonth.from,
  invoicesTo: invoiceMonth.to,
  monthStart: thisMonth.start,
  monthEnd: thisMonth.end,
  lastStart: lastMonth.start,
  lastEnd: lastMonth.end,
  monthFrom: thisMonth.from,
  monthTo: thisMonth.to,
};

const floor = Fastify({ logger: false });
const floorPool = target === 'postgres' ? new pg.Pool({ connectionString: databaseUrl, max: config.databasePoolSize }) : null;
// A lost idle connection is replaced by the pool; it must not end the process.
floorPool?.on('error', (err) => process.stderr.write(`floor pool: ${err.message}\n`));
const floorClient: QueryClient = floorPool ?? driver;
registerFloor(floor, floorClient, ctx);
await floor.listen({ port: 0, host: '127.0.0.1' });

const ceiling = Fastify({ logger: false });
const bodies = new Map<string, { body: Buffer; headers: Record<string, string> }>();
ceiling.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
ceiling.put<{ Params: { key: string } }>('/__body/:key', async (req) => {
  bodies.set(req.params.key, { body: req.body as Buffer, headers: JSON.parse(String(req.headers['x-replay-headers'] ?? '{}')) });
  return { stored: (req.body as Buffer).length };
});
ceiling.route<{ Params: { key: string } }>({
  method: ['GET', 'POST'],
  url: '/c/:key',
  handler: async (req, reply) => {
    const stored = bodies.get(req.params.key);
    if (!stored) return reply.code(404).send();
    return reply.headers(stored.headers).send(stored.body);
  },
});
// Answers once the work left over from the last measure is done (requests autocannon gave up on
// still run): a statement through each pool (queued behind theirs) and a task on libuv's thread
// pool (queued behind password hashing). bench/run.mjs waits for it to answer fast before measuring.
ceiling.get('/__idle', async () => {
  await Promise.all([
    driver.query('select 1'),
    floorClient.query('select 1'),
    new Promise((resolve) => pbkdf2('', '', 1, 8, 'sha256', resolve)),
  ]);
  return { idle: true };
});
await ceiling.listen({ port: 0, host: '127.0.0.1' });

const portOf = (server: { server: { address(): unknown } }) => (server.server.address() as { port: number }).port;
const week = `startDate=${ctx.weekStart}&endDate=${ctx.weekEnd}`;
const endpoints = [
  // Liveness: no database, every hook; the most this server can answer (each list's req/s is also given ÷ this).
  { key: 'healthz', label: 'GET /healthz', method: 'GET', path: '/healthz', public: true },
  { key: 'players', label: 'GET /api/users?role=PLAYER', method: 'GET', path: '/api/users?role=PLAYER' },
  { key: 'teams', label: 'GET /api/teams', method: 'GET', path: '/api/teams' },
  { key: 'events', label: 'GET /api/events (a week)', method: 'GET', path: `/api/events?${week}` },
  { key: 'stats', label: 'GET /api/stats/monthly', method: 'GET', path: '/api/stats/monthly' },
  { key: 'subscriptions', label: 'GET /api/subscriptions', method: 'GET', path: '/api/subscriptions' },
  { key: 'growth', label: 'GET /api/growth-metrics/players', method: 'GET', path: '/api/growth-metrics/players' },
  {
    key: 'invoices',
    label: 'GET /api/invoices/all (a month)',
    method: 'GET',
    path: `/api/invoices/all?startDate=${invoiceMonth.start}&endDate=${invoiceMonth.end}`,
  },
  { key: 'login', label: 'POST /api/auth/login', method: 'POST', path: '/api/auth/login', login: true },
];

console.log(
  JSON.stringify({
    ready: true,
    startupMs: Math.round(performance.now()),
    database: database.kind,
    databaseName: databaseUrl ? new URL(databaseUrl).pathname.slice(1) : settings.pgliteDir,
    academies: bench.total,
    seededDay,
    seed: marker,
    appPort: portOf(app),
    floorPort: portOf(floor),
    ceilingPort: portOf(ceiling),
    accounts: {
      bench: { ...BENCH_LOGIN, host: `${BENCH_LOGIN.handle}.bench.test`, token: await login(BENCH_LOGIN) },
      small: { ...BENCH_SMALL_LOGIN, host: `${BENCH_SMALL_LOGIN.handle}.bench.test`, token: await login(BENCH_SMALL_LOGIN) },
    },
    endpoints,
  }),
);

// bench/run.mjs stops it with SIGUSR2; any other signal came from elsewhere and is said.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGUSR2'] as const) {
  process.once(signal, async () => {
    if (signal !== 'SIGUSR2') process.stderr.write(`bench server: ${signal} received, stopping\n`);
    await Promise.allSettled([app.close(), floor.close(), ceiling.close()]);
    await floorPool?.end();
    await database.close();
    process.exit(0);
  });
}
