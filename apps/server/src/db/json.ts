import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf } from './client.js';
import type { TenantTx } from './tenant.js';

const dialect = new PgDialect();

/**
 * Lists built by the database (docs/performance.md): one statement answers one row whose `body`
 * is the whole list as JSON text, already in the contract's shape (keys in camelCase, dates as
 * yyyy-MM-dd, money in SAR, enum values as stored), so the server only passes it through.
 */
export async function jsonList(tx: TenantTx, query: SQL): Promise<string> {
  const [row] = rowsOf<{ body: string | null }>(await named(tx, query).execute());
  return row?.body ?? '[]';
}

/**
 * A statement prepared under a name derived from its text: node-postgres parses it once per
 * connection and PostgreSQL keeps its plan (planning these statements costs about as much as a
 * quarter of running them). PGlite ignores the name. Still one statement per request.
 */
function named(tx: TenantTx, query: SQL) {
  const built = dialect.sqlToQuery(query);
  const name = `kora_list_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 22)}`;
  return tx._.session.prepareQuery(built, undefined, name, false);
}

/** The same list parsed, for the answers of one record that go through the response serializer. */
export async function parsedList<T>(tx: TenantTx, query: SQL): Promise<T[]> {
  return JSON.parse(await jsonList(tx, query)) as T[];
}

/** `[...]` of the ordered JSON values, or `[]` when there are none (json_agg answers null then). */
export const jsonArray = (value: SQL, orderBy: SQL) => sql`coalesce(json_agg(${value} order by ${orderBy}), '[]')`;

/** A timestamp as the API writes it: `Date#toISOString()` (UTC, milliseconds). */
export const isoTimestamp = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Halalas as SAR, the same binary double as `halalasToSar` (h / 100), so 45050 → 450.5. */
export const sar = (halalas: SQL) => sql`(${halalas})::float8 / 100`;

/** `and column in (ids…)`; no condition for null (every row). */
export const andIn = (column: SQL, ids: string[] | null) => {
  if (!ids) return sql``;
  return ids.length ? sql`and ${column} in ${ids}` : sql`and false`;
};
