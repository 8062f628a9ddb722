import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/**
 * The one way to touch tenant data: a transaction running as `kora_app` (which cannot bypass
 * row-level security) with `app.academy_id` set, so the database itself keeps academies apart.
 */
export function withTenant<T>(db: Db, academyId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await enterTenant(tx, academyId);
    return work(tx);
  });
}

/** Switches an open transaction to the tenant role and academy; there is no way back within it. */
export async function enterTenant(tx: Tx, academyId: string) {
  await tx.execute(sql`select set_config('role', 'kora_app', true), set_config('app.academy_id', ${academyId}, true)`);
}

/** Global tables (academies, sessions, reset tokens, mails) outside any tenant; still one transaction so PGlite never interleaves it with a tenant's. */
export function withSystem<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}
