import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { z } from 'zod';

/**
 * The NOLOGIN roles the migrations give rights to. Where the migrating owner may not create roles
 * (no superuser, no CREATEROLE: the least-privilege set-up), a database administrator creates them
 * once with scripts/db-roles.sql (docs/architecture.md, "Database roles").
 */
export const DATABASE_ROLES = ['kora_app', 'kora_system', 'kora_lookup', 'kora_auth', 'kora_family'] as const;

/**
 * A migration statement (after its comment lines) that only creates one of those roles (0001, 0009,
 * 0011, 0017, 0027). PostgreSQL checks CREATEROLE before it looks whether the role exists, so an owner
 * without it fails on the statement even when the role is there: a role that exists is not created
 * again.
 */
const CREATE_ROLE =
  /^(?:\s*--[^\n]*\n)*\s*DO \$\$ BEGIN\s+CREATE ROLE (\w+) NOLOGIN [^;]*;\s+EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;\s+END \$\$;?\s*$/;

const DBA_STEP = 'run scripts/db-roles.sql once as a database administrator (docs/architecture.md, "Database roles")';

/** The migrations journal, as far as it is read here: each migration's tag, in order. */
const journalSchema = z.object({ entries: z.array(z.object({ tag: z.string() })) });

/** SQLSTATEs a missing role or grant of the DBA step gives: insufficient privilege, undefined role. */
const FOR_THE_DBA = new Set(['42501', '42704']);

/**
 * Runs the migrations on PostgreSQL as the pool's role (drizzle's migrator, all in one
 * transaction), without the statements that create roles which already exist. A failure is
 * answered in one sentence: the role, the migration, PostgreSQL's message and code, and, for a
 * missing privilege, the DBA step. It never carries the SQL (drizzle's error starts with the query).
 */
export async function migratePostgres(pool: pg.Pool, migrationsFolder: string) {
  const { rows } = await pool.query<{ login: string; creates_roles: boolean; existing: string[] }>(
    `select current_user as login,
            (select rolsuper or rolcreaterole from pg_roles where rolname = current_user) as creates_roles,
            array(select rolname::text from pg_roles where rolname = any($1)) as existing`,
    [DATABASE_ROLES],
  );
  const { login, creates_roles: createsRoles, existing } = rows[0];
  const missing = DATABASE_ROLES.filter((r) => !existing.includes(r));
  if (missing.length > 0 && !createsRoles)
    throw new Error(`The database roles ${missing.join(', ')} do not exist and ${login} may not create roles: ${DBA_STEP}.`);

  const tags = journalSchema
    .parse(JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')))
    .entries.map((e) => e.tag);
  const migrations = readMigrationFiles({ migrationsFolder }).map((m) => ({
    ...m,
    sql: m.sql.filter((statement) => !existing.includes(CREATE_ROLE.exec(statement)?.[1] ?? '')),
  }));
  try {
    const dialect = new PgDialect();
    const session = new NodePgSession<Record<string, never>, Record<string, never>>(pool, dialect, undefined);
    await dialect.migrate(migrations, session, { migrationsFolder });
  } catch (err) {
    const query: unknown = Reflect.get(Object(err), 'query');
    const failed = migrations.findIndex((m) => m.sql.includes(String(query)));
    const cause: unknown = Reflect.get(Object(err), 'cause') ?? err;
    const code = String(Reflect.get(Object(cause), 'code') ?? '');
    const message = cause instanceof Error ? cause.message : String(cause);
    const where = failed >= 0 ? ` in ${tags[failed] ?? `migration ${failed}`}` : '';
    const hint = FOR_THE_DBA.has(code) ? ` The owner lacks a role or grant: ${DBA_STEP}.` : '';
    throw new Error(`Migrating the database as ${login} failed${where}: ${message}${code ? ` (SQLSTATE ${code})` : ''}.${hint}`);
  }
}

/**
 * Lets the server's login switch to the roles its transactions use (and nothing else): kora_app,
 * kora_system and kora_family (a parent's requests, migration 0027); the owner may hand them on
 * because the DBA step gave them to it WITH ADMIN OPTION.
 */
export async function grantServerRoles(owner: pg.Pool, login: string) {
  try {
    await owner.query(`grant kora_app, kora_system, kora_family to ${pg.escapeIdentifier(login)}`);
  } catch (err) {
    const code = String(Reflect.get(Object(err), 'code') ?? '');
    throw new Error(
      `Granting kora_app, kora_system and kora_family to ${login} failed: ${err instanceof Error ? err.message : err} (SQLSTATE ${code}). ${DBA_STEP}.`,
    );
  }
}
