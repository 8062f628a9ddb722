import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ConnectionFailed } from '../lib/pg-errors.js';
import { grantServerRoles, migratePostgres } from './migrate.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** What both drivers answer to a raw `execute`: its rows (node-postgres' QueryResult, PGlite's Results). */
export interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<this['row']>;
}
interface RowsResult<T> {
  rows: T[];
}
export type Db = PgDatabase<RowsResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Counts SQL statements per async context, so tests can assert a request's statement count; a
 * store with `texts` also keeps each statement's text (test/data-versions.test.ts reads the tables).
 */
export const statementCounter = new AsyncLocalStorage<{ count: number; texts?: string[] }>();
const countingLogger: Logger = {
  logQuery(query) {
    const c = statementCounter.getStore();
    if (!c) return;
    c.count++;
    c.texts?.push(query);
  },
};

export interface OpenOptions {
  /** PostgreSQL URL; absent ⇒ embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; absent ⇒ in memory. */
  dataDir?: string;
  migrationsFolder: string;
  /** Owner's URL for the migrations when `databaseUrl` is an ordinary login role (least privilege). */
  migrationUrl?: string;
  poolSize?: number;
  /** A PGlite data directory dump to start from, into memory or an empty `dataDir` (tests start from one migrated template). */
  loadDataDir?: Blob;
  /** Told about connections the server lost (a restart, a network cut); the pool replaces them. */
  onConnectionError?: (err: Error) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // A lost connection must never crash the process: idle clients report on the pool, busy ones
    // on themselves (the query in flight fails on its own and answers 503).
    const lost = (err: Error) => opts.onConnectionError?.(err);
    const pool = new ConnectingPool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, connectionTimeoutMillis: 2000 });
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    const db = drizzlePg(pool, { schema, logger: countingLogger });
    if (opts.migrationUrl && opts.migrationUrl !== opts.databaseUrl) await migrateAsOwner(opts.migrationUrl, opts.migrationsFolder, pool);
    else await migratePostgres(pool, opts.migrationsFolder);
    return { db: withReleasingTransactions(db, pool), kind: 'postgres', close: () => pool.end() };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir ?? 'memory://', loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema, logger: countingLogger });
  await migratePglite(db, { migrationsFolder: opts.migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

type PoolCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pool whose failures to give a connection (`connect`, and `query`, which connects through it)
 * are `ConnectionFailed`: whatever PostgreSQL answers a new connection (closed to connections,
 * no slot left, starting up) the request answers 503, never 500.
 */
class ConnectingPool extends pg.Pool {
  connect(): Promise<pg.PoolClient>;
  connect(callback: PoolCallback): void;
  connect(callback?: PoolCallback): Promise<pg.PoolClient> | undefined {
    if (callback) {
      super.connect((err, client, done) => callback(err && new ConnectionFailed(err), client, done));
      return;
    }
    return super.connect().catch((err: unknown) => {
      throw new ConnectionFailed(err);
    });
  }
}

/**
 * Migrates as the tables' owner, then lets the server's own login role use the two roles the
 * server switches between (docs/architecture.md, "Database roles"); the login itself owns nothing.
 */
async function migrateAsOwner(migrationUrl: string, migrationsFolder: string, serverPool: pg.Pool) {
  const owner = new pg.Pool({ connectionString: migrationUrl, max: 1 });
  try {
    await migratePostgres(owner, migrationsFolder);
    const { rows } = await serverPool.query<{ login: string }>('select current_user as login');
    await grantServerRoles(owner, rows[0].login);
  } finally {
    await owner.end();
  }
}

/**
 * drizzle's pooled transaction sends BEGIN before its `try`, so a connection cut during BEGIN is
 * never released and, a few cuts later, every request waits on an empty pool. Each transaction
 * here runs on a client we check out and always release (the pool drops it if it is broken).
 * One drizzle instance per connection, kept as long as the connection lives.
 */
function withReleasingTransactions(db: Db, pool: pg.Pool): Db {
  const onClient = new WeakMap<pg.PoolClient, Db>();
  const transaction: Db['transaction'] = async (work, config) => {
    const client = await pool.connect();
    try {
      let clientDb = onClient.get(client);
      if (!clientDb) {
        clientDb = drizzlePg(client, { schema, logger: countingLogger });
        onClient.set(client, clientDb);
      }
      return await clientDb.transaction(work, config);
    } finally {
      client.release();
    }
  };
  return Object.assign(db, { transaction });
}

/** Rows of a raw `tx.execute(sql…)` result (PGlite and node-postgres both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
