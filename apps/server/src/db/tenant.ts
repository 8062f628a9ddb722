import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, Tx } from './client.js';
import { finishHeld, type HeldTransaction, heldOfRequest, holdTransaction } from './held.js';

/** The brands: set only here, on the transactions `enterTenant`/`enteredBySession` and `withSystem` make. */
const tenantBrand = Symbol('tenant');
const systemBrand = Symbol('system');

/**
 * A transaction inside one academy: running as `kora_app` (which cannot bypass row-level
 * security) with `app.academy_id` set, so the database itself keeps academies apart. Only
 * `withTenant` and `enterTenant` make one; services of tenant tables accept nothing else.
 */
export type TenantTx = Tx & { readonly [tenantBrand]: true; readonly academyId: string };

/** A transaction on the global tables (academies, sessions, reset tokens, mails); only `withSystem` makes one. */
export type SystemTx = Tx & { readonly [systemBrand]: true };

/** A standalone statement on the global tables: a system transaction, or the pool itself on PostgreSQL (`DataAccess.statement`). */
export type SystemStatement = Db & { readonly [systemBrand]: true };

export async function withTenant<T>(db: Db, academyId: string, work: (tx: TenantTx) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => work(await enterTenant(tx, academyId)));
  // A change this process made (outside a read request) is known here before any notification.
  if (!heldOfRequest.getStore()?.reading) tenantCommitted.get(db)?.(academyId);
  return result;
}

const tenantCommitted = new WeakMap<Db, (academyId: string) => void>();

/**
 * Tells `listener` of every tenant transaction on `db` committed by this process outside a
 * `GET`/`HEAD` request (a write, a background job, a script): the session cache reads that
 * academy's sessions again at once instead of waiting for the notification (http/session-cache.ts).
 */
export function onTenantCommitted(db: Db, listener: (academyId: string) => void) {
  tenantCommitted.set(db, listener);
}

/** Switches an open transaction to the tenant role and academy; there is no way back within it. */
export async function enterTenant(tx: Tx, academyId: string): Promise<TenantTx> {
  await tx.execute(sql`select set_config('role', 'kora_app', true), set_config('app.academy_id', ${academyId}, true)`);
  // The brand is the proof that the two settings above ran on this transaction.
  return Object.assign(tx, { academyId, [tenantBrand]: true as const });
}

/**
 * A transaction in which the session look-up (`session_member`, migration 0017) switched to the
 * tenant role and set the academy in the same statement, the way `enterTenant` does.
 */
export function enteredBySession(tx: Tx, academyId: string): TenantTx {
  return Object.assign(tx, { academyId, [tenantBrand]: true as const });
}

/** Global tables outside any tenant; still one transaction so PGlite never interleaves it with a tenant's. */
export function withSystem<T>(db: Db, work: (tx: SystemTx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(Object.assign(tx, { [systemBrand]: true as const })));
}

/** How modules reach the database: only through these doors (routes never see the pool). */
export interface DataAccess {
  tenant<T>(academyId: string, work: (tx: TenantTx) => Promise<T>): Promise<T>;
  system<T>(work: (tx: SystemTx) => Promise<T>): Promise<T>;
  /** A transaction left open for the request's next work (db/held.ts); authentication begins it. */
  hold(): Promise<HeldTransaction>;
  /**
   * One statement on the global tables that stands alone (a counter's upsert): on PostgreSQL it
   * runs on the pool in its own implicit transaction, without BEGIN and COMMIT round trips; PGlite's
   * one connection may be inside another transaction, so there it is a system transaction.
   */
  statement<T>(work: (tx: SystemStatement) => Promise<T>): Promise<T>;
}

export const dataAccess = (db: Db): DataAccess => {
  // On PostgreSQL a standalone statement may run on the pool: the pool carries the system brand for it.
  const pool: SystemStatement | null = isPooled(db) ? Object.assign(db, { [systemBrand]: true as const }) : null;
  return {
    // A request's transaction that nobody took ends before the request opens another one.
    tenant: async (academyId, work) => {
      await finishHeld();
      return withTenant(db, academyId, work);
    },
    system: async (work) => {
      await finishHeld();
      return withSystem(db, work);
    },
    hold: async () => {
      await finishHeld();
      return holdTransaction(db);
    },
    statement: async (work) => {
      await finishHeld();
      return pool ? work(pool) : withSystem(db, work);
    },
  };
};

const isPooled = (db: Db) => Reflect.get(db, '$client') instanceof pg.Pool;
