import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Db, rowsOf } from './client.js';
import { finishHeld, type HeldSlot, heldOfRequest, holdTransaction, park, runHeld, takeHeld } from './held.js';
import { dataAccess } from './tenant.js';

/**
 * The transaction a member's read keeps open from its authentication to its first tenant work
 * (db/held.ts; docs/architecture.md, "The held transaction"). PGlite has one connection, so a
 * transaction left open by mistake would make the next one wait for ever: each case here would hang.
 */
let client: PGlite;
let db: Db;

const values = async () => rowsOf<{ x: number }>(await db.execute(sql`select x from marks order by x`)).map((r) => r.x);
/** A second transaction, bounded: it only starts once every held one has ended. */
const inOtherTransaction = () =>
  Promise.race([
    db.transaction(async (tx) => rowsOf<{ one: number }>(await tx.execute(sql`select 1 as one`))[0].one),
    new Promise((_, reject) => setTimeout(() => reject(new Error('the connection is still held')), 2000)),
  ]);

beforeAll(async () => {
  // The suite's migrated template (test/global-setup.ts) opens faster than a new initdb.
  const template = process.env.KORA_PGLITE_TEMPLATE;
  client = await PGlite.create(template && existsSync(template) ? { loadDataDir: new Blob([await readFile(template)]) } : {});
  db = drizzle(client) as unknown as Db;
  await db.execute(sql`create table marks (x int)`);
});
afterAll(() => client.close());
beforeEach(async () => {
  await db.execute(sql`delete from marks`);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a held transaction', () => {
  it('runs the work in the transaction it holds and commits it with the work', async () => {
    const held = await holdTransaction(db);
    await held.tx.execute(sql`insert into marks values (1)`);
    const answer = await runHeld(held, async (tx) => {
      await tx.execute(sql`insert into marks values (2)`);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await values()).toEqual([1, 2]);
    // Finishing again answers the same outcome and changes nothing.
    await held.finish(false);
    expect(await values()).toEqual([1, 2]);
  });

  it('rolls everything back when the work fails, and releases the connection', async () => {
    const held = await holdTransaction(db);
    await held.tx.execute(sql`insert into marks values (1)`);
    await expect(
      runHeld(held, async (tx) => {
        await tx.execute(sql`insert into marks values (2)`);
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(await values()).toEqual([]);
    expect(await inOtherTransaction()).toBe(1);
  });

  it('is taken once from its slot; ending an empty slot does nothing', async () => {
    const slot: HeldSlot = { held: await holdTransaction(db) };
    const taken = takeHeld(slot);
    expect(taken).not.toBeNull();
    expect(takeHeld(slot)).toBeNull();
    await finishHeld(slot);
    await taken?.finish(true);
    await finishHeld({ held: null });
    expect(await inOtherTransaction()).toBe(1);
  });

  it('is ended by the doors before the request opens another transaction (one connection per request)', async () => {
    const data = dataAccess(db);
    const slot: HeldSlot = { held: null };
    const answer = await heldOfRequest.run(slot, async () => {
      slot.held = await holdTransaction(db);
      await slot.held.tx.execute(sql`insert into marks values (3)`);
      // Without the door ending the held one first, PGlite's single connection would wait for ever.
      return data.system(async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from marks`))[0].n);
    });
    expect(answer).toBe(1); // the held transaction was committed before
    expect(slot.held).toBeNull();
  });

  it('is ended by its watchdog when nobody takes it in time, and can no longer be taken', async () => {
    const slot: HeldSlot = { held: null };
    let expired = 0;
    const held = await holdTransaction(db);
    await held.tx.execute(sql`insert into marks values (4)`);
    // The watchdog's clock only: the database keeps real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    park(slot, held, () => expired++, 20);
    vi.advanceTimersByTime(19);
    expect(expired).toBe(0);
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    expect(expired).toBe(1);
    expect(takeHeld(slot)).toBeNull();
    await held.finish(true);
    expect(await inOtherTransaction()).toBe(1);
    expect(await values()).toEqual([4]); // committed: it held at most the session's touch
  });

  it('is left alone by its watchdog once taken', async () => {
    const slot: HeldSlot = { held: null };
    let expired = 0;
    const held = await holdTransaction(db);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    park(slot, held, () => expired++, 20);
    const taken = takeHeld(slot);
    // Far past the watchdog's wait: the work that took it is not cut short.
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();
    expect(expired).toBe(0);
    expect(taken).toBe(held);
    await runHeld(held, async (tx) => {
      await tx.execute(sql`insert into marks values (5)`);
    });
    expect(await values()).toEqual([5]);
  });
});
