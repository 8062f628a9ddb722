/**
 * The schema stays distributable by Citus on `academy_id` (docs/scale-out.md): read from the
 * catalog of the migrated database, every tenant table keeps `academy_id` in its primary key and in
 * every unique key, every foreign key between two tenant tables carries `academy_id` on both sides
 * (so a row can only point at a row of its own academy, in the same shard), and no global table
 * points at a tenant table (Citus refuses a reference table's key to a distributed table).
 */
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { accountTypes, events, participants, teamPlayers, teams, users } from '../src/db/schema.js';
import { withSystem, withTenant } from '../src/db/tenant.js';
import { GLOBAL_WITH_ACADEMY_ID, TENANT_TABLES } from '../src/db/tenant-tables.js';
import { api } from './api.js';
import { useTestApp } from './fixture.js';
import { coachLogin } from './fixtures.js';
import { registerAndLogin } from './harness.js';

const t = useTestApp();

const query = async <T>(statement: SQL) => rowsOf<T>(await withSystem(t.deps.db, (tx) => tx.execute(statement)));

async function tablesWithAcademyId() {
  const rows = await query<{ table: string }>(sql`
    select c.relname as "table"
    from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'academy_id' and not a.attisdropped
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
    order by 1`);
  return rows.map((r) => r.table);
}

async function tenantTables() {
  return (await tablesWithAcademyId()).filter((name) => !GLOBAL_WITH_ACADEMY_ID.includes(name));
}

/** Every foreign key of the public schema with its columns in order on both sides. */
async function foreignKeys() {
  return query<{
    name: string;
    table: string;
    references: string;
    columns: string;
    foreign_columns: string;
    on_delete: string;
    set_columns: string | null;
  }>(sql`
    select con.conname as name, c.relname as "table", f.relname as "references",
      (select string_agg(a.attname, ',' order by k.o) from unnest(con.conkey) with ordinality k(n, o)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as columns,
      (select string_agg(a.attname, ',' order by k.o) from unnest(con.confkey) with ordinality k(n, o)
        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n) as foreign_columns,
      con.confdeltype::text as on_delete,
      (select string_agg(a.attname, ',' order by k.o) from unnest(con.confdelsetcols) with ordinality k(n, o)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as set_columns
    from pg_constraint con
      join pg_class c on c.oid = con.conrelid
      join pg_class f on f.oid = con.confrelid
    where con.contype = 'f' and c.relnamespace = 'public'::regnamespace
    order by 2, 1`);
}

describe('keys ready for Citus (distribution column academy_id)', () => {
  it('knows which tables are tenant tables: those with an academy_id less the global ones', async () => {
    expect(await tenantTables()).toEqual([...TENANT_TABLES].sort());
    // The list of global tables above names real tables, so it cannot hide a tenant table by a typo.
    const withAcademyId = await tablesWithAcademyId();
    for (const name of GLOBAL_WITH_ACADEMY_ID) expect(withAcademyId).toContain(name);
  });

  it('has academy_id in the primary key and in every unique key and unique index of every tenant table', async () => {
    const tenant = await tenantTables();
    const keys = await query<{ table: string; key: string; kind: string; columns: string }>(sql`
      select c.relname as "table", ic.relname as key,
        case when i.indisprimary then 'primary key' when i.indisexclusion then 'exclusion' else 'unique' end as kind,
        pg_get_indexdef(i.indexrelid) as columns
      from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_class ic on ic.oid = i.indexrelid
      where c.relnamespace = 'public'::regnamespace and (i.indisunique or i.indisexclusion)
        and not exists (
          select 1 from pg_attribute a
          where a.attrelid = c.oid and a.attname = 'academy_id' and a.attnum = any (i.indkey::int2[]))
      order by 1, 2`);
    const lacking = keys.filter((k) => tenant.includes(k.table)).map((k) => `${k.table}: ${k.kind} ${k.key} (${k.columns})`);
    expect(lacking).toEqual([]);
    // Every tenant table with an id has (academy_id, id) as its primary key.
    const primaries = await query<{ table: string; columns: string }>(sql`
      select c.relname as "table",
        (select string_agg(a.attname, ',' order by k.o) from unnest(con.conkey) with ordinality k(n, o)
          join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as columns
      from pg_constraint con join pg_class c on c.oid = con.conrelid
      where con.contype = 'p' and c.relnamespace = 'public'::regnamespace`);
    const withId = await query<{ table: string }>(sql`
      select c.relname as "table" from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'id' and not a.attisdropped
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')`);
    const idTables = withId.map((r) => r.table).filter((name) => tenant.includes(name));
    const wrong = idTables
      .map((name) => ({ name, pk: primaries.find((p) => p.table === name)?.columns ?? 'none' }))
      .filter((r) => r.pk !== 'academy_id,id')
      .map((r) => `${r.name}: primary key (${r.pk})`);
    expect(wrong).toEqual([]);
  });

  it('carries academy_id on both sides of every foreign key between two tenant tables', async () => {
    const tenant = await tenantTables();
    const between = (await foreignKeys()).filter((fk) => tenant.includes(fk.table) && tenant.includes(fk.references));
    expect(between.length).toBeGreaterThan(0);
    const lacking = between
      .filter((fk) => {
        const at = fk.columns.split(',').indexOf('academy_id');
        return at < 0 || fk.foreign_columns.split(',')[at] !== 'academy_id';
      })
      .map((fk) => `${fk.table}.${fk.name}: (${fk.columns}) → ${fk.references} (${fk.foreign_columns})`);
    expect(lacking).toEqual([]);
    // ON DELETE SET NULL / SET DEFAULT names its columns (PostgreSQL 15), never academy_id: the row stays in its academy.
    const nullingAcademy = between
      .filter(
        (fk) => (fk.on_delete === 'n' || fk.on_delete === 'd') && (!fk.set_columns || fk.set_columns.split(',').includes('academy_id')),
      )
      .map(
        (fk) => `${fk.table}.${fk.name}: ON DELETE SET ${fk.on_delete === 'n' ? 'NULL' : 'DEFAULT'} (${fk.set_columns ?? 'every column'})`,
      );
    expect(nullingAcademy).toEqual([]);
  });

  it('has no foreign key from a global table to a tenant table', async () => {
    const tenant = await tenantTables();
    const fromGlobal = (await foreignKeys())
      .filter((fk) => !tenant.includes(fk.table) && tenant.includes(fk.references))
      .map((fk) => `${fk.table}.${fk.name}: (${fk.columns}) → ${fk.references} (${fk.foreign_columns})`);
    expect(fromGlobal).toEqual([]);
  });
});

describe('the composite foreign keys at work', () => {
  it('refuses a row that points at a row of another academy (foreign-key checks do not see row-level security)', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const [teamOfB] = await withTenant(t.deps.db, b.id, (tx) => tx.insert(teams).values({ academyId: b.id, name: 'B team' }).returning());
    const [playerOfA] = await withTenant(t.deps.db, a.id, (tx) =>
      tx.insert(users).values({ academyId: a.id, role: 'PLAYER', name: 'A player' }).returning(),
    );
    await expect(
      withTenant(t.deps.db, a.id, (tx) => tx.insert(teamPlayers).values({ academyId: a.id, teamId: teamOfB.id, playerId: playerOfA.id })),
    ).rejects.toThrow();
    expect(await withTenant(t.deps.db, a.id, (tx) => tx.select().from(teamPlayers))).toEqual([]);
  });

  it('sets only the referencing column to null when its team or account type is deleted (ON DELETE SET NULL (column))', async () => {
    const a = await registerAndLogin(t.app);
    const left = await withTenant(t.deps.db, a.id, async (tx) => {
      const [team] = await tx.insert(teams).values({ academyId: a.id, name: 'U10' }).returning();
      const [type] = await tx.insert(accountTypes).values({ academyId: a.id, name: 'Volunteer' }).returning();
      const [player] = await tx.insert(users).values({ academyId: a.id, role: 'PLAYER', name: 'P' }).returning();
      const [helper] = await tx.insert(users).values({ academyId: a.id, role: 'COACH', name: 'H', accountTypeId: type.id }).returning();
      const [event] = await tx
        .insert(events)
        .values({ academyId: a.id, type: 'TRAINING_SESSION', date: '2026-11-24', time: '17:00', endTime: '18:30' })
        .returning();
      await tx.insert(participants).values({ academyId: a.id, eventId: event.id, userId: player.id, teamId: team.id });
      await tx.delete(teams).where(sql`${teams.id} = ${team.id}`);
      await tx.delete(accountTypes).where(sql`${accountTypes.id} = ${type.id}`);
      const [participant] = await tx.select().from(participants).where(sql`${participants.eventId} = ${event.id}`);
      const [member] = await tx.select().from(users).where(sql`${users.id} = ${helper.id}`);
      return { participant, member };
    });
    expect(left.participant).toMatchObject({ academyId: a.id, teamId: null });
    expect(left.member).toMatchObject({ academyId: a.id, accountTypeId: null });
  });

  it('stops authenticating the sessions of a deleted user (sessions, a global table, has no foreign key to users)', async () => {
    const a = await registerAndLogin(t.app);
    const coach = await coachLogin(t.app, a);
    const me = () => api(t.app, coach)('me');
    expect((await me()).statusCode).toBe(200);
    await withTenant(t.deps.db, a.id, (tx) => tx.delete(users).where(sql`${users.id} = ${coach.id}`));
    expect((await me()).statusCode).toBe(401);
  });
});
