import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig, startupRefusals } from './config.js';
import { markRunning } from './db/backup.js';
import { openDatabase } from './db/client.js';
import { academyUrl, rootUrl } from './http/host.js';
import { clockFor } from './lib/clock.js';
import { createMailer } from './mail/mailer.js';
import { startReminders } from './modules/attention/reminders.js';
import { startRenewals } from './modules/collections/runner.js';
import { zatcaApiFor } from './modules/e-invoicing/zatca/index.js';
import { paymentProviderFor } from './modules/payments/providers/index.js';
import { startRefundChecks } from './modules/payments/refunds.js';
import { startPrivacyPurge } from './modules/privacy/retention.js';
import { DEMO_LOGINS, seedDemoIfEmpty } from './seed/demo.js';
import { createDiskStorage } from './storage/storage.js';

const startedAt = performance.now();
const here = dirname(fileURLToPath(import.meta.url));
const config = loadConfig();
const refusals = startupRefusals(config);
if (refusals.length > 0) {
  // Before the database is opened: a production start with a development default changes nothing.
  for (const refusal of refusals) console.error(`Kora did not start: ${refusal}`);
  process.exit(1);
}
const log = pino({ level: config.logLevel, transport: process.stdout.isTTY ? { target: 'pino-pretty' } : undefined });

// The embedded database may be open in one process only; backups wait for it to stop.
const unmark = config.databaseUrl ? () => {} : markRunning(config.dataDir);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  migrationUrl: config.migrationDatabaseUrl,
  dataDir: config.databaseUrl ? undefined : join(config.dataDir, 'pglite'),
  // Source (src/main.ts) and bundle (dist/main.js) both keep migrations at ./db/migrations.
  migrationsFolder: join(here, 'db/migrations'),
  poolSize: config.databasePoolSize,
  onConnectionError: (err) => log.warn({ code: Reflect.get(err, 'code') }, 'database connection lost; the pool reconnects'),
});
// Kora's clock: the system's, moved by CLOCK_OFFSET_DAYS outside production (trying a month of renewals in minutes).
const clock = clockFor(config);
const deps = {
  db: database.db,
  config,
  clock,
  mailer: createMailer(database.db, {
    clock,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log,
    keepBodies: config.exposeOutbox,
    production: config.production,
  }),
  storage: createDiskStorage(join(config.dataDir, 'uploads')),
  payments: paymentProviderFor(config),
  zatca: zatcaApiFor({ ...config.zatca, dataDir: config.dataDir }).api,
};

// The demo's logins are public: printed once, when it is created, never on later starts.
if (config.seedDemo && (await seedDemoIfEmpty(deps))) {
  log.info({ logins: DEMO_LOGINS }, `demo academy created: ${academyUrl(config, 'demo')}`);
}

// WEB_DIST: another web build to serve (npm run bench:web -- --dist).
const app = await buildApp(deps, { logger: log, webDist: process.env.WEB_DIST || join(here, '../../web/dist') });
if (deps.payments.name === 'sandbox') {
  // Test cards activate subscriptions without money: fine locally; production runs it only with PAYMENTS_SANDBOX=1.
  log.warn('card payments use the built-in sandbox provider (set PAYTABS_PROFILE_ID and PAYTABS_SERVER_KEY for PayTabs)');
}
await app.listen({ port: config.port, host: config.host });
// Mails queued before a restart, or whose delivery failed, go out now and on retries.
deps.mailer.start();
void deps.mailer.deliverDue();
// E-invoices waiting to be reported to ZATCA (queued before a restart too) go now and on retries.
app.reporter.start();
// Messages queued before a restart (or waiting for a retry or the end of quiet hours) go now and on the timer.
app.messenger.start();
if (config.production && deps.zatca.environment === 'local')
  log.warn('e-invoices are reported to the built-in ZATCA simulator (set ZATCA_ENV to simulation or core to report to ZATCA)');
// Parents' subscription reminders: every academy, once at start and then hourly (each mail once, whatever the number of processes).
const reminders = startReminders({ ...app.deps, messaging: app.messenger.messaging }, log);
// Card refunds the provider has not confirmed: asked about every minute until each is final.
const refundChecks = startRefundChecks({ ...app.deps, messaging: app.messenger.messaging }, log);
// Automatic renewals and their retries: once at start, then every COLLECTIONS_EVERY_MINUTES (each charge claimed once, whatever the processes).
const renewals = startRenewals(app.deps, log);
if (config.clockOffsetDays !== 0)
  log.warn({ days: config.clockOffsetDays, now: clock.now().toISOString() }, 'the clock is moved by CLOCK_OFFSET_DAYS');
// The audit trail and login records past their time, data exports past 24 hours, and erasures a restore brought back: daily (docs/domain.md, "Privacy requests").
const privacyPurge = startPrivacyPurge(
  { data: app.deps.data, dataDir: config.dataDir, now: () => app.deps.clock.now(), removeFile: (path) => app.deps.storage.remove(path) },
  log,
);
log.info({ database: database.kind, startupMs: Math.round(performance.now() - startedAt) }, `Kora is up: ${rootUrl(config)}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    // One stop only: a terminal's Ctrl-C reaches a worker twice (from the terminal and from the primary).
    if (stopping) return;
    stopping = true;
    // Drain in-flight requests, then close the database; a connection lost mid-transaction must not hold the stop forever.
    await reminders.stop();
    await refundChecks.stop();
    await renewals.stop();
    await privacyPurge.stop();
    await app.close();
    await Promise.race([database.close(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    unmark();
    process.exit(0);
  });
}
