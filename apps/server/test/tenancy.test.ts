import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { packages, teams, users } from '../src/db/schema.js';
import { withSystem, withTenant } from '../src/db/tenant.js';
import { GLOBAL_WITH_ACADEMY_ID, TENANT_TABLES } from '../src/db/tenant-tables.js';
import { listTeams } from '../src/modules/teams/service.js';
import { useTestApp } from './fixture.js';

const t = useTestApp({ academies: 2 });
const [a, b] = t.academies;
beforeAll(async () => {
  await withTenant(t.deps.db, a.id, (tx) => tx.insert(teams).values({ academyId: a.id, name: 'A team' }));
  await withTenant(t.deps.db, b.id, (tx) => tx.insert(teams).values({ academyId: b.id, name: 'B team' }));
});

describe('row-level security', () => {
  it("keeps a tenant's query to its own rows even without a WHERE on academy_id", async () => {
    const seenByA = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(teams));
    expect(seenByA.map((r) => r.name)).toEqual(['A team']);
    const usersOfA = await withTenant(t.deps.db, a.id, (tx) => tx.select({ academyId: users.academyId }).from(users));
    expect(usersOfA.length).toBeGreaterThan(0);
    expect(new Set(usersOfA.map((u) => u.academyId))).toEqual(new Set([a.id]));
    const raw = await withTenant(t.deps.db, a.id, (tx) => tx.execute(sql`select count(*)::int as n from teams`));
    expect(rowsOf<{ n: number }>(raw)[0].n).toBe(1);
  });

  it('refuses to write a row into another academy, and to move one there', async () => {
    await expect(withTenant(t.deps.db, a.id, (tx) => tx.insert(teams).values({ academyId: b.id, name: 'sneaky' }))).rejects.toThrow();
    await expect(withTenant(t.deps.db, a.id, (tx) => tx.update(teams).set({ academyId: b.id }))).rejects.toThrow();
    const updated = await withTenant(t.deps.db, a.id, (tx) =>
      tx.update(teams).set({ name: 'renamed' }).where(sql`name = 'B team'`).returning(),
    );
    expect(updated).toEqual([]);
    const [ofA] = await withTenant(t.deps.db, a.id, (tx) => tx.insert(packages).values({ academyId: a.id, name: 'A plan' }).returning());
    const [ofB] = await withTenant(t.deps.db, b.id, (tx) => tx.insert(packages).values({ academyId: b.id, name: 'B plan' }).returning());
    // A delete with no WHERE at all removes this academy's rows and nothing of the other's.
    const deleted = await withTenant(t.deps.db, a.id, (tx) => tx.delete(packages).returning());
    expect(deleted.map((p) => p.id)).toEqual([ofA.id]);
    expect(await withTenant(t.deps.db, a.id, (tx) => tx.select().from(packages))).toEqual([]);
    const leftOfB = await withTenant(t.deps.db, b.id, (tx) => tx.select({ id: packages.id }).from(packages));
    expect(leftOfB.map((p) => p.id)).toEqual([ofB.id]);
  });

  it('shows no tenant rows to a tenant transaction without an academy', async () => {
    const rows = await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'kora_app', true)`);
      return tx.select().from(teams);
    });
    expect(rows).toEqual([]);
  });

  it('runs tenant transactions as a role that cannot bypass row-level security', async () => {
    const res = await withTenant(t.deps.db, a.id, (tx) =>
      tx.execute(sql`select current_user as role, r.rolsuper, r.rolbypassrls from pg_roles r where r.rolname = current_user`),
    );
    expect(rowsOf(res)[0]).toEqual({ role: 'kora_app', rolsuper: false, rolbypassrls: false });
  });

  it('forces row-level security on every tenant table and on no other', async () => {
    const res = await withSystem(t.deps.db, (tx) =>
      tx.execute(
        sql`select relname from pg_class where relkind = 'r' and relrowsecurity and relforcerowsecurity and relnamespace = 'public'::regnamespace order by relname`,
      ),
    );
    expect(rowsOf<{ relname: string }>(res).map((r) => r.relname)).toEqual([...TENANT_TABLES].sort());
    const withAcademyId = await withSystem(t.deps.db, (tx) =>
      tx.execute(
        sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'academy_id' order by table_name`,
      ),
    );
    // The catalog (what the migrations made) against the list derived from schema.ts.
    expect(
      rowsOf<{ table_name: string }>(withAcademyId)
        .map((r) => r.table_name)
        .filter((n) => !GLOBAL_WITH_ACADEMY_ID.includes(n)),
    ).toEqual([...TENANT_TABLES].sort());
  });
});

describe('tenancy in the types', () => {
  it('gives tenant services only a tenant transaction that knows its academy (the compiler refuses the rest)', async () => {
    await withSystem(t.deps.db, async (tx) => {
      // @ts-expect-error a system transaction is not a tenant's: tenant services do not accept it
      const wrong = () => listTeams(tx);
      expect(typeof wrong).toBe('function');
    });
    const names = await withTenant(t.deps.db, a.id, async (tx) => {
      expect(tx.academyId).toBe(a.id);
      return (await listTeams(tx)).map((team) => team.name);
    });
    expect(names).toEqual(['A team']);
  });
});

describe('the outbox', () => {
  it('cannot be read or written by any tenant (it holds reset links)', async () => {
    await expect(withTenant(t.deps.db, a.id, (tx) => tx.execute(sql`select count(*) from outgoing_mails`))).rejects.toThrow();
    await expect(
      withTenant(t.deps.db, a.id, (tx) => tx.execute(sql`insert into outgoing_mails ("to", subject, text) values ('x@y.z', 's', 't')`)),
    ).rejects.toThrow();
    // The mailer (a system transaction) still keeps its outbox.
    const rows = await withSystem(t.deps.db, (tx) => tx.execute(sql`select count(*)::int as n from outgoing_mails`));
    expect(rowsOf<{ n: number }>(rows)[0].n).toBeGreaterThanOrEqual(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the database login (least privilege)', () => {
  it('is neither a superuser nor the owner of any table, and sees no tenant row outside a tenant transaction', async () => {
    const [role] = rowsOf<{ rolsuper: boolean; rolbypassrls: boolean; owned: number }>(
      await withSystem(t.deps.db, (tx) =>
        tx.execute(sql`select rolsuper, rolbypassrls,
          (select count(*)::int from pg_tables where schemaname = 'public' and tableowner = current_user) as owned
          from pg_roles where rolname = session_user`),
      ),
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, owned: 0 });
    // System transactions read the global tables, never a tenant's.
    expect(await withSystem(t.deps.db, (tx) => tx.select().from(teams))).toEqual([]);
  });
});
