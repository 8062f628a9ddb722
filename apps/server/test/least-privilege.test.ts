/**
 * The least-privilege set-up of docs/architecture.md ("Database roles"), step by step, from a plain
 * owner role: no superuser, no CREATEROLE, no CREATEDB, owning only its database and the schema
 * public. The DBA step (scripts/db-roles.sql) runs once as a superuser; the owner then migrates, and
 * the server logs in as an ordinary role that signs in, lists and finds an invoice's academy.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { DATABASE_ROLES } from '../src/db/migrate.js';
import { createMailer } from '../src/mail/mailer.js';
import { zatcaApiFor } from '../src/modules/e-invoicing/zatca/index.js';
import { paymentProviderFor } from '../src/modules/payments/providers/index.js';
import { createDiskStorage } from '../src/storage/storage.js';
import { asMember, BASE, migrationsFolder, registerAndLogin, testClock } from './harness.js';

const DBA_SCRIPT = readFileSync(fileURLToPath(new URL('../../../scripts/db-roles.sql', import.meta.url)), 'utf8');
const admin = process.env.TEST_DATABASE_URL ?? '';
const suffix = randomBytes(4).toString('hex');
const names = { database: `kora_lp_${suffix}`, owner: `kora_lp_owner_${suffix}`, server: `kora_lp_server_${suffix}` };

/** A URL of the test server for a role (trust authentication: no password) and a database. */
function urlOf(role: string, database: string) {
  const u = new URL(admin);
  u.username = role;
  u.password = '';
  u.pathname = `/${database}`;
  return u.toString();
}

async function run(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

const opened: Database[] = [];
async function open() {
  const database = await openDatabase({
    databaseUrl: urlOf(names.server, names.database),
    migrationUrl: urlOf(names.owner, names.database),
    migrationsFolder,
    poolSize: 2,
  });
  opened.push(database);
  return database;
}

describe.runIf(admin)('the least-privilege PostgreSQL set-up', () => {
  afterAll(async () => {
    for (const d of opened) await d.close();
    await run(admin, `drop database if exists ${names.database} with (force)`);
    // The server login first: the owner granted it its roles.
    await run(admin, `drop role if exists ${names.server}`);
    await run(admin, `drop role if exists ${names.owner}`);
  });

  it('step 1, as the administrator: a plain owner owning its database and schema, and the server login', async () => {
    await run(admin, `create role ${names.owner} login nosuperuser nocreaterole nocreatedb nobypassrls`);
    await run(admin, `create role ${names.server} login nosuperuser nocreaterole nocreatedb nobypassrls`);
    await run(admin, `create database ${names.database} owner ${names.owner}`);
    const [owner] = (
      await run(
        urlOf(names.owner, names.database),
        'select rolsuper, rolcreaterole, rolcreatedb from pg_roles where rolname = current_user',
      )
    ).rows;
    expect(owner).toEqual({ rolsuper: false, rolcreaterole: false, rolcreatedb: false });
  });

  it('without the DBA step, migrating fails in one clear sentence that names the step and carries no SQL', async () => {
    // Other test files leave the four roles in the cluster; the owner is not a member of them yet.
    const failure = await open().then(
      () => null,
      (err: Error) => err.message,
    );
    expect(failure).toMatch(/^(Migrating the database as|The database roles) .*scripts\/db-roles\.sql/);
    expect(failure).not.toMatch(/Failed query|params:|NOLOGIN|OWNER TO|\$\$|select /i);
    expect(failure?.split('\n')).toHaveLength(1);
    // Nothing was left half-migrated.
    const { rows } = await run(urlOf(names.owner, names.database), `select count(*)::int as n from pg_tables where schemaname = 'public'`);
    expect(rows[0].n).toBe(0);
  });

  it('step 2, as the administrator: scripts/db-roles.sql, for the roles the server knows (twice changes nothing)', async () => {
    expect(
      DBA_SCRIPT.match(/ARRAY\[([^\]]+)\]/)?.[1]
        .split(',')
        .map((r) => r.trim().replaceAll("'", '')),
    ).toEqual([...DATABASE_ROLES]);
    await run(urlOf(new URL(admin).username || 'postgres', names.database), DBA_SCRIPT);
    await run(urlOf(new URL(admin).username || 'postgres', names.database), DBA_SCRIPT);
  });

  it('step 3, at start: the owner migrates and the server login does its work', async () => {
    const database = await open();
    const config = loadConfig({
      BASE_DOMAIN: BASE,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kora-lp-')),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_SCALE: '1000',
      DATABASE_URL: urlOf(names.server, names.database),
    });
    const app = await buildApp({
      db: database.db,
      config,
      clock: testClock(),
      mailer: createMailer(database.db, { from: config.mailFrom, log: { info() {}, error() {} } }),
      storage: createDiskStorage(join(config.dataDir, 'uploads')),
      payments: paymentProviderFor(config),
      zatca: zatcaApiFor(config.zatca).api,
    });
    try {
      await app.ready();
      // Registration and login (system transactions, kora_auth's session_member), a tenant list (kora_app).
      const academy = await registerAndLogin(app);
      const teams = await asMember(app, academy)({ method: 'POST', url: '/api/teams', payload: { name: 'U12' } });
      expect(teams.statusCode, teams.body).toBe(201);
      const list = await asMember(app, academy)({ method: 'GET', url: '/api/teams' });
      expect(list.statusCode).toBe(200);
      expect(list.json().map((t: { name: string }) => t.name)).toEqual(['U12']);
      // A public invoice link asks kora_lookup's invoice_academy(): unknown, so 404.
      const invoice = await app.inject({ method: 'GET', url: '/api/invoices/3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f' });
      expect(invoice.statusCode).toBe(404);
    } finally {
      await app.close();
    }
    // The login owns nothing and may not switch to the function owners.
    const [login] = (
      await run(
        urlOf(names.server, names.database),
        `select (select count(*)::int from pg_tables where schemaname = 'public' and tableowner = current_user) as owned,
                pg_has_role(current_user, 'kora_lookup', 'member') as lookup, pg_has_role(current_user, 'kora_app', 'member') as app`,
      )
    ).rows;
    expect(login).toEqual({ owned: 0, lookup: false, app: true });
  });

  it('a second start migrates nothing and still works', async () => {
    const database = await open();
    const { rows } = await run(urlOf(names.owner, names.database), 'select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0].n).toBe(JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')).entries.length);
    await database.close();
    opened.pop();
  });
});
