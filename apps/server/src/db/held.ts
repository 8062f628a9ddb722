import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client.js';

/**
 * A transaction begun before the work that ends it is known. A member's GET begins one with its
 * authentication and its handler's first tenant work runs in it, so a list is BEGIN, session,
 * list, COMMIT: four statements, not two transactions of four and five (docs/performance.md).
 * It waits open only across validation; whatever the request does first, it is finished before
 * the request opens another transaction (so a request never holds two pooled connections).
 */
export interface HeldTransaction {
  readonly tx: Tx;
  /** Commits (true) or rolls back (false) and releases the connection; later calls answer the same outcome. */
  finish(commit: boolean): Promise<void>;
}

const rolledBack = new Error('held transaction rolled back');

export function holdTransaction(db: Db): Promise<HeldTransaction> {
  return new Promise((opened, failed) => {
    let decide: (commit: boolean) => void = () => {};
    const decided = new Promise<boolean>((resolve) => {
      decide = resolve;
    });
    let outcome: Promise<void> | undefined;
    const finish = (commit: boolean) => {
      decide(commit);
      outcome ??= closed.catch((err) => {
        if (err !== rolledBack) throw err;
      });
      return outcome;
    };
    const closed = db.transaction(async (tx) => {
      opened({ tx, finish });
      if (!(await decided)) throw rolledBack;
    });
    // Before it opened this reports the failed BEGIN; afterwards `finish` answers the outcome.
    closed.catch(failed);
  });
}

/** The held transaction of the request in whose async context the code runs (set up per request). */
export interface HeldSlot {
  held: HeldTransaction | null;
  /** The request is a GET or HEAD: its tenant transactions read (db/tenant.ts `onTenantCommitted`). */
  reading?: boolean;
  /** Ends the parked transaction if nobody takes it in time (`park`). */
  watchdog?: NodeJS.Timeout;
}

/**
 * How long a parked transaction may wait for the request's first tenant work. It waits only across
 * validation, which takes microseconds; a request that never gets there (a hook that hangs) would
 * otherwise keep a pooled connection, and the pool has few.
 */
export const HELD_WAIT_MS = 5_000;

/**
 * Leaves a transaction in the slot for the request's first tenant work. If nobody takes it within
 * `waitMs` it is committed (it holds at most the session's last-seen touch) and taken out of the
 * slot, so nothing can run in it afterwards, and `expired` is told.
 */
export function park(slot: HeldSlot, held: HeldTransaction, expired: () => void, waitMs = HELD_WAIT_MS) {
  clearTimeout(slot.watchdog);
  slot.held = held;
  slot.watchdog = setTimeout(() => {
    if (slot.held !== held) return;
    slot.held = null;
    held.finish(true).catch(() => {});
    expired();
  }, waitMs);
  slot.watchdog.unref();
}

export const heldOfRequest = new AsyncLocalStorage<HeldSlot>();

/** Takes the slot's transaction for the work that ends it; null when there is none (or it was taken). */
export function takeHeld(slot: HeldSlot | undefined = heldOfRequest.getStore()): HeldTransaction | null {
  const held = slot?.held ?? null;
  if (slot) {
    slot.held = null;
    clearTimeout(slot.watchdog);
  }
  return held;
}

/** Ends the slot's transaction if nobody took it (committed: it may hold the session's last-seen touch). */
export async function finishHeld(slot: HeldSlot | undefined = heldOfRequest.getStore(), commit = true) {
  await takeHeld(slot)?.finish(commit);
}

/** Runs work in a held transaction and ends it: committed with the work, rolled back when the work fails. */
export async function runHeld<T>(held: HeldTransaction, work: (tx: Tx) => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await work(held.tx);
  } catch (err) {
    await held.finish(false).catch(() => {});
    throw err;
  }
  await held.finish(true);
  return result;
}
