/**
 * Builds the real application on a fresh real database for one test file: in-memory PGlite by
 * default, or a new PostgreSQL database of its own when TEST_DATABASE_URL is set (dropped after).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { academies } from '../src/db/schema.js';
import type { Deps } from '../src/deps.js';
import { createMailer } from '../src/mail/mailer.js';
import { zatcaApiFor } from '../src/modules/e-invoicing/zatca/index.js';
import { paymentProviderFor } from '../src/modules/payments/providers/index.js';
import { createDiskStorage } from '../src/storage/storage.js';

export const migrationsFolder = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
export const BASE = 'kora.test';

/** A clock tests can move. */
export function testClock(start = '2026-11-22T09:00:00Z') {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => (now += ms),
    set: (iso: string) => (now = new Date(iso).getTime()),
  };
}

async function freshDatabaseUrl() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return null;
  const name = `kora_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // Copied from the run's migrated template (global-setup.ts) when there is one; migrations then find nothing to do.
  const template = process.env.KORA_PG_TEMPLATE;
  await admin.query(`create database ${name}${template ? ` template ${pg.escapeIdentifier(template)}` : ''}`);
  // The server logs in as an ordinary role, as in production (docs/architecture.md, "Database roles").
  await admin.query(`do $$ begin create role ${SERVER_LOGIN} login nosuperuser nobypassrls nocreatedb nocreaterole;
    exception when duplicate_object or unique_violation then null; end $$`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const server = new URL(u);
  server.username = SERVER_LOGIN;
  server.password = '';
  const drop = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  return { url: server.toString(), migrationUrl: u.toString(), drop };
}
const SERVER_LOGIN = 'kora_server_test';

export interface TestContext {
  app: FastifyInstance;
  deps: Deps;
  clock: ReturnType<typeof testClock>;
  /** Another API process on the same database (PostgreSQL), with memory of its own; closed with this one. */
  secondProcess(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** PGlite's initdb takes seconds; every test file starts from the migrated template made by global-setup.ts instead. */
async function pgliteTemplate() {
  const path = process.env.KORA_PGLITE_TEMPLATE;
  return path && existsSync(path) ? new Blob([await readFile(path)]) : undefined;
}

/**
 * Makes `dataDir/pglite` (where main.ts keeps the embedded database) a copy of the run's migrated template, for a
 * test that starts or opens a server's data directory: PGlite's initdb and the migrations take up to a minute on a
 * loaded machine, which such a test (about backups, a crash, the start's settings) need not spend again. Without a
 * template (the PostgreSQL run) the directory is left empty and the first open makes it as main.ts would. The start on
 * an empty directory is the journeys' (e2e/global-setup.ts).
 */
export async function migratedDataDir(dataDir: string) {
  const template = await pgliteTemplate();
  if (!template) return;
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: join(dataDir, 'pglite'), loadDataDir: template });
  await db.close();
}

export async function createTestApp(
  env: Record<string, string> = {},
  appOptions: AppOptions = {},
  /** Replaces parts of the deps (a payment provider answering recorded PayTabs answers). */
  overrides: Partial<Pick<Deps, 'payments' | 'zatca'>> = {},
): Promise<TestContext> {
  // Files share a worker (isolate: false): forget the development sealing key an earlier file's app
  // put in the environment (e-invoicing/keys.ts), so this app reads or makes its own, as a new process would.
  if (!env.ZATCA_KEY_ENCRYPTION_KEY) delete process.env.ZATCA_KEY_ENCRYPTION_KEY;
  const fresh = await freshDatabaseUrl();
  // A test that names DATA_DIR keeps the embedded database there, as main.ts does, to open it again after closing.
  const pgliteDir = !fresh && env.DATA_DIR ? join(env.DATA_DIR, 'pglite') : undefined;
  const database = await openDatabase({
    databaseUrl: fresh?.url,
    migrationUrl: fresh?.migrationUrl,
    migrationsFolder,
    poolSize: 4,
    dataDir: pgliteDir,
    loadDataDir: fresh || (pgliteDir && existsSync(pgliteDir)) ? undefined : await pgliteTemplate(),
  });
  const clock = testClock();
  const config = loadConfig({
    BASE_DOMAIN: BASE,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'kora-test-')),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '1000',
    EXPOSE_SQL_COUNT: 'true',
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    ...env,
  });
  const silent = { info() {}, error() {} };
  const deps: Deps = {
    db: database.db,
    config,
    clock,
    mailer: createMailer(database.db, { from: config.mailFrom, log: silent }),
    storage: createDiskStorage(join(config.dataDir, 'uploads')),
    payments: overrides.payments ?? paymentProviderFor(config),
    zatca: overrides.zatca ?? zatcaApiFor({ ...config.zatca, dataDir: config.dataDir, now: clock.now }).api,
  };
  const app = await buildApp(deps, appOptions);
  await app.ready();
  const others: { app: FastifyInstance; close(): Promise<void> }[] = [];
  return {
    app,
    deps,
    clock,
    async secondProcess() {
      if (!fresh) throw new Error('a second process shares a PostgreSQL database (TEST_DATABASE_URL)');
      const other = await openDatabase({ databaseUrl: fresh.url, migrationUrl: fresh.migrationUrl, migrationsFolder, poolSize: 2 });
      const second = await buildApp(
        { ...deps, db: other.db, mailer: createMailer(other.db, { from: config.mailFrom, log: silent }) },
        appOptions,
      );
      await second.ready();
      others.push({ app: second, close: other.close });
      return second;
    },
    async close() {
      for (const o of others) {
        await o.app.close();
        await o.close();
      }
      await app.close();
      await database.close();
      await fresh?.drop();
    },
  };
}

/** Host header of an academy subdomain (Node does not resolve *.localhost, so tests send Host). */
export const academyHost = (handle: string) => `${handle}.${BASE}`;

let seq = 0;
/** A unique handle per call, so tests in one file never collide. */
export const uniqueHandle = (prefix = 'acad') => `${prefix}-${++seq}-${randomBytes(3).toString('hex')}`;

export interface Academy {
  id: string;
  handle: string;
  email: string;
  password: string;
  token: string;
  userId: string;
}

/** Registers an academy through the API and logs its owner in. */
/**
 * Signs an academy up and logs its owner in. The owner has also confirmed their e-mail (the link
 * mailed at sign-up; its own test: modules/family/sms-caps.test.ts), as every academy that texts
 * parents must have, unless `ownerConfirmed: false` keeps the academy as just signed up.
 */
export async function registerAndLogin(
  app: FastifyInstance,
  handle = uniqueHandle(),
  { ownerConfirmed = true }: { ownerConfirmed?: boolean } = {},
): Promise<Academy> {
  const email = `owner@${handle}.sa`;
  const password = 'owner-pass-1';
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register/academy',
    payload: { academyName: `Academy ${handle}`, handle, email, phone: '+966501234567', password },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  if (ownerConfirmed)
    await app.deps.data.system((tx) =>
      tx.update(academies).set({ ownerVerifiedAt: new Date(), ownerVerifyTokenHash: null }).where(eq(academies.id, reg.json().academy.id)),
    );
  const token = await loginAs(app, handle, email, password);
  return { id: reg.json().academy.id, handle, email, password, token, userId: reg.json().user.id };
}

export async function loginAs(app: FastifyInstance, handle: string, email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { handle, email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().token as string;
}

/** Injects as a member: bearer token and the academy's Host. */
export function asMember(app: FastifyInstance, academy: { handle: string; token: string }) {
  return (opts: InjectOptions) =>
    app.inject({ ...opts, headers: { host: academyHost(academy.handle), authorization: `Bearer ${academy.token}`, ...opts.headers } });
}

/**
 * Most statements a list request may run, authentication included: BEGIN, the session
 * look-up that enters the academy, the list, COMMIT (PGlite does not count BEGIN and COMMIT).
 */
export const LIST_STATEMENTS = 4;

/** Injects a request and answers how many SQL statements the server ran for it (EXPOSE_SQL_COUNT). */
export async function countStatements(work: () => Promise<LightMyRequestResponse>) {
  const result = await work();
  return { result, statements: Number(result.headers['x-sql-statements']) };
}

/**
 * Asks again until `done` holds of the answer or `withinMs` has passed (a bound, never a fixed
 * sleep), and answers the last answer, how many times it asked and how long it took.
 */
export async function eventually<T>(ask: () => Promise<T>, done: (answer: T) => boolean, withinMs: number) {
  const started = performance.now();
  let answer = await ask();
  let asks = 1;
  while (!done(answer) && performance.now() - started < withinMs) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    answer = await ask();
    asks++;
  }
  return { answer, asks, ms: performance.now() - started };
}

/**
 * A 400 that says what is wrong: its catalogued code and, for a field, the path the form shows it
 * at — a status alone would pass for any other refusal too.
 */
export function expectInvalid(res: LightMyRequestResponse, code: string, path?: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.code).toBe(code);
  if (path) expect(body.issues?.map((issue: { path: string }) => issue.path)).toContain(path);
}
