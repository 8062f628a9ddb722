/**
 * The list cache (http/list-cache.ts) answers a list again while its academy's data version is
 * unchanged, and only the data-version trigger of migration 0016 moves that version. Drift checks
 * (collect violations, expect none): every tenant table has the trigger or a reason in
 * NOT_VERSIONED, and every table a cached list reads has the trigger — so a new table read by a
 * cached list cannot leave it stale.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, statementCounter } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';
import { type TenantTx, withSystem, withTenant } from '../src/db/tenant.js';
import { NOT_VERSIONED, TENANT_TABLES } from '../src/db/tenant-tables.js';
import { eventsListJson } from '../src/modules/events/service.js';
import { growthPlayersJson } from '../src/modules/growth/service.js';
import { listInvoices } from '../src/modules/invoices/service.js';
import type { SensitiveView } from '../src/modules/players/sensitive.js';
import { monthlyStats } from '../src/modules/stats/service.js';
import { subscriptionsListJson } from '../src/modules/subscriptions/service.js';
import { teamsListJson } from '../src/modules/teams/service.js';
import { playersListJson } from '../src/modules/users/read.js';
import { useTestApp } from './fixture.js';
import { registerAndLogin } from './harness.js';

const t = useTestApp();
let academyId: string;
beforeAll(async () => {
  academyId = (await registerAndLogin(t.app)).id;
});

const COACH_VIEW: SensitiveView = { identity: false, medical: { coachId: '00000000-0000-4000-8000-000000000000' } };

/** Every cached list's builder, by the list name it is cached under. */
const CACHED_LISTS: Record<string, (tx: TenantTx) => Promise<unknown>> = {
  teams: teamsListJson,
  // A coach's view reads the most: their teams' and events' players (players/sensitive.ts).
  players: (tx) => playersListJson(tx, '2026-11-25', COACH_VIEW),
  growth: growthPlayersJson,
  events: (tx) => eventsListJson(tx, { startDate: '2026-11-22', endDate: '2026-11-28' }, COACH_VIEW),
  invoices: (tx) => listInvoices(tx, '2026-11-01', '2026-11-30'),
  stats: (tx) => monthlyStats(tx, new Date('2026-11-25T09:00:00Z')),
  subscriptions: (tx) => subscriptionsListJson(tx, new Date('2026-11-25T09:00:00Z'), COACH_VIEW),
};

const TABLE_NAMES = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableConfig(table).name);

/** The tables a statement reads: every schema table named after FROM or JOIN, quoted or not. */
const tablesIn = (statement: string) =>
  TABLE_NAMES.filter((name) => new RegExp(`\\b(from|join)\\s+"?${name}"?(\\s|$|\\))`, 'i').test(statement));

async function versionedTables() {
  const rows = await withSystem(t.deps.db, (tx) =>
    tx.execute(sql`select c.relname from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = c.relname || '_data_version'`),
  );
  return new Set(rowsOf<{ relname: string }>(rows).map((r) => r.relname));
}

describe('data versions', () => {
  it('every tenant table moves the data version, or says why not', async () => {
    const versioned = await versionedTables();
    expect(TENANT_TABLES.filter((name) => !versioned.has(name) && !(name in NOT_VERSIONED)).join(' ')).toBe('');
    // A stale excuse is a violation too: a table with the trigger needs none.
    expect(Object.keys(NOT_VERSIONED).filter((name) => versioned.has(name) || !TENANT_TABLES.includes(name))).toEqual([]);
  });

  it('every table a cached list reads moves the data version', async () => {
    const versioned = await versionedTables();
    const violations: string[] = [];
    for (const [list, build] of Object.entries(CACHED_LISTS)) {
      const store = { count: 0, texts: [] as string[] };
      await statementCounter.run(store, () => withTenant(t.deps.db, academyId, build));
      const read = new Set(store.texts.flatMap(tablesIn));
      expect(read.size, `${list} reads no table`).toBeGreaterThan(0);
      for (const table of read) if (!versioned.has(table)) violations.push(`${list} reads ${table}`);
    }
    expect(violations.join('; ')).toBe('');
  });

  it('covers every cached list the routes answer', () => {
    const modules = join(import.meta.dirname, '../src/modules');
    const calls = readdirSync(modules, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('routes.ts'))
      .flatMap((file) =>
        [...readFileSync(join(modules, file), 'utf8').matchAll(/sendCachedList\(\s*req,\s*reply,\s*[`'"](\w+)/g)].map((m) => m[1]),
      );
    expect(calls.sort()).toEqual(Object.keys(CACHED_LISTS).sort());
  });
});
