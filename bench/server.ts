// A Kora server with a realistic benchmark academy (BENCH_PLAYERS players), listening on BENCH_PORT.
// Prints one JSON line `{ ready, port, handle, token }` once it accepts requests.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { createMailer } from '../apps/server/src/mail/mailer.js';
import { paymentProviderFor } from '../apps/server/src/payments/index.js';
import { DEMO_LOGINS, seedDemo } from '../apps/server/src/seed/demo.js';
import { createDiskStorage } from '../apps/server/src/storage/storage.js';

const players = Number(process.env.BENCH_PLAYERS ?? 300);
const dataDir = mkdtempSync(join(tmpdir(), 'kora-bench-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  RATE_LIMIT_SCALE: '100000',
  LOG_LEVEL: 'silent',
  BASE_DOMAIN: 'bench.test',
});
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATABASE_URL ? undefined : join(dataDir, 'pglite'),
  migrationsFolder: new URL('../apps/server/src/db/migrations', import.meta.url).pathname,
});
const deps = {
  db: database.db,
  config,
  clock: systemClock,
  mailer: createMailer(database.db, { from: config.mailFrom, log: { info() {}, error() {} } }),
  storage: createDiskStorage(join(dataDir, 'uploads')),
  payments: paymentProviderFor(config),
};
const handle = `bench${Date.now().toString(36)}`;
const seedStarted = performance.now();
await seedDemo(deps, { handle, players });
const seedMs = Math.round(performance.now() - seedStarted);
const app = await buildApp(deps);
await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { handle, email: `admin@${handle}.kora.sa`, password: DEMO_LOGINS.admin.password },
});
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(JSON.stringify({ ready: true, port, handle, token: login.json().token, players, seedMs, database: database.kind }));
