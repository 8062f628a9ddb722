// Makes one migrated database for the whole run; each test file starts from a copy of it (harness.ts):
// a PGlite data directory dump, or, when TEST_DATABASE_URL is set, a PostgreSQL template database
// (CREATE DATABASE … TEMPLATE copies it in a fraction of the time 28 migrations take per file).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migratePostgres } from '../src/db/migrate.js';
import { migrationsFolder } from './harness.js';

export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  return url ? postgresTemplate(url) : pgliteTemplate();
}

async function pgliteTemplate() {
  const dir = mkdtempSync(join(tmpdir(), 'kora-template-'));
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create('memory://');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const path = join(dir, 'template.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  process.env.KORA_PGLITE_TEMPLATE = path;
  return () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(url: string) {
  const name = `kora_template_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  // Migrated as the tables' owner, as each file's own database was; no connection may stay open on a template.
  const owner = new pg.Pool({ connectionString: u.toString(), max: 1 });
  try {
    await migratePostgres(owner, migrationsFolder);
  } finally {
    await owner.end();
  }
  process.env.KORA_PG_TEMPLATE = name;
  return () => run(`drop database if exists ${name} with (force)`);
}
