import { type AccountTypeListItem, allFlags, type PermissionFlags } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { coachLogin } from '../../../test/fixtures.js';
import { type Academy, loginAs, registerAndLogin } from '../../../test/harness.js';
import { accountTypes, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

const t = useTestApp({ academies: 2, coaches: 1 });
const [a, b] = t.academies;
const [coach] = t.coaches;
let admin: AccountTypeListItem;
let coachType: AccountTypeListItem;

type Who = { handle: string; token: string };
const call = (who: Who = a) => api(t.app, who);
const list = async (who: Who = a) => {
  const res = await call(who)('listAccountTypes');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AccountTypeListItem[];
};
const create = (payload: object, who: Who = a) => call(who)('createAccountType', { body: payload });
const update = (id: string, payload: object, who: Who = a) => call(who)('updateAccountType', { params: { id }, body: payload });
const remove = (id: string, who: Who = a) => call(who)('deleteAccountType', { params: { id } });
const setType = (userId: string, accountTypeId: string, who: Who = a, extra: object = {}) =>
  call(who)('updateUser', { params: { id: userId }, body: { accountTypeId, ...extra } });

/** A staff login of an account type with exactly these flags, made directly in the database. */
async function staffWith(academy: Academy, flags: Partial<PermissionFlags>, name = `type-${Math.random()}`) {
  const email = `staff${Math.random().toString(16).slice(2, 8)}@${academy.handle}.sa`;
  const created = await call(academy)('createStaffUser', { body: { name: 'Staff', email, accountTypeId: admin.id } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().user.id as string;
  const typeId = await withTenant(t.deps.db, academy.id, async (tx) => {
    const [type] = await tx
      .insert(accountTypes)
      .values({ academyId: academy.id, name, ...allFlags(false), ...flags })
      .returning();
    await tx.update(users).set({ accountTypeId: type.id }).where(eq(users.id, id));
    return type.id;
  });
  return { id, typeId, handle: academy.handle, token: await loginAs(t.app, academy.handle, email, created.json().password) };
}

beforeAll(async () => {
  const types = await list();
  admin = types.find((x) => x.name === 'Admin')!;
  coachType = types.find((x) => x.name === 'Coach')!;
});

describe('account types', () => {
  it('lists the two default types first, with their flags, Arabic names and how many users hold each', async () => {
    const types = await list();
    expect(types.slice(0, 2)).toEqual([
      expect.objectContaining({ name: 'Admin', nameArabic: 'مدير', isDefault: true, ...allFlags(true), usersCount: 1 }),
      expect.objectContaining({
        name: 'Coach',
        nameArabic: 'مدرب',
        isDefault: true,
        canReadGrowth: true,
        canWriteGrowth: true,
        canWritePlayers: false,
        canReadSettings: false,
        usersCount: 1,
      }),
    ]);
    expect((await list(b)).map((x) => x.id)).not.toContain(admin.id);
  });

  it('creates a type with its name required and unique, writing implying reading', async () => {
    const noName = await create({ name: '  ', canReadDashboard: true });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ code: 'account_type.name_required', message: 'Account type name is required' });
    const res = await create({ name: 'Front desk', nameArabic: 'الاستقبال', canWritePlayers: true, canWriteSettings: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      name: 'Front desk',
      nameArabic: 'الاستقبال',
      isDefault: false,
      ...allFlags(false),
      canReadPlayers: true,
      canWritePlayers: true,
      canReadSettings: true,
      canWriteSettings: true,
    });
    const again = await create({ name: 'Front desk' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('account_type.name_taken');
    expect((await list()).find((x) => x.id === res.json().id)).toMatchObject({ usersCount: 0 });
  });

  it('edits a custom type, never a default one, and 404s another academy’s type', async () => {
    const { id } = (await create({ name: 'Scout', canReadPlayers: true })).json();
    const edited = await update(id, { id, name: 'Scout lead', isDefault: true, usersCount: 9, canWriteGrowth: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Scout lead',
      isDefault: false,
      canReadPlayers: false,
      canReadGrowth: true,
      canWriteGrowth: true,
    });
    for (const type of [admin, coachType]) {
      const res = await update(type.id, { name: 'Renamed', canReadDashboard: true });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'account_type.default_locked',
        message: 'Default account types cannot be edited or deleted',
      });
    }
    expect((await update(id, { name: 'X' }, b)).statusCode).toBe(404);
    expect((await remove(id, b)).statusCode).toBe(404);
    expect((await list()).find((x) => x.id === admin.id)).toMatchObject({ name: 'Admin', ...allFlags(true) });
  });

  it('deletes an unused type; a default type or one still held is 409 with the number of holders', async () => {
    const { id } = (await create({ name: 'Temporary', canReadDashboard: true })).json();
    const [one, two] = [await coachLogin(t.app, a, 'Held One'), await coachLogin(t.app, a, 'Held Two')];
    expect((await setType(one.id, id)).statusCode).toBe(200);
    expect((await setType(two.id, id)).statusCode).toBe(200);
    expect((await list()).find((x) => x.id === id)?.usersCount).toBe(2);
    const held = await remove(id);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({
      code: 'account_type.in_use',
      message: 'This account type is still assigned to users',
      params: { count: 2 },
    });
    expect((await remove(admin.id)).json().code).toBe('account_type.default_locked');
    await setType(one.id, coachType.id);
    await setType(two.id, coachType.id);
    expect((await remove(id)).statusCode).toBe(204);
    expect((await remove(id)).statusCode).toBe(404);
    expect((await list()).map((x) => x.id)).not.toContain(id);
  });

  it('counts as its users the staff who sign in with a type, the ones Privileges lists', async () => {
    const { id } = (await create({ name: 'Pitch staff', canReadSchedule: true })).json();
    const withLogin = await coachLogin(t.app, a, 'Pitch Login');
    expect((await setType(withLogin.id, id)).statusCode).toBe(200);
    // Two coaches without a login hold the type on paper: they sign in with nothing.
    for (const name of ['Pitch One', 'Pitch Two']) {
      const res = await call()('createCoach', { body: { name, accountTypeId: id, teamIds: [] } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const staff = async () => {
      const lists = await Promise.all(['ADMIN', 'COACH'].map((role) => call()('listUsers', { query: { role } })));
      return lists.flatMap((res) => res.json() as { id: string; accountTypeId: string | null; hasLogin: boolean }[]);
    };
    const signingIn = (await staff()).filter((u) => u.hasLogin && u.accountTypeId === id);
    expect(signingIn.map((u) => u.id)).toEqual([withLogin.id]);
    expect((await list()).find((x) => x.id === id)?.usersCount).toBe(signingIn.length);
    expect((await remove(id)).json()).toMatchObject({ code: 'account_type.in_use', params: { count: 1 } });
    // Once no one signs in with it, it goes; the coaches without a login are left without a type.
    await setType(withLogin.id, coachType.id);
    expect((await remove(id)).statusCode).toBe(204);
    expect((await staff()).filter((u) => u.accountTypeId === id)).toEqual([]);
  });

  it('lists with R:Settings and changes with W:Settings only', async () => {
    expect((await call(coach)('listAccountTypes')).statusCode).toBe(403);
    const reader = await staffWith(a, { canReadSettings: true });
    expect((await list(reader)).length).toBeGreaterThan(2);
    expect((await create({ name: 'Nope' }, reader)).statusCode).toBe(403);
    expect((await update(reader.typeId, { name: 'Nope' }, reader)).statusCode).toBe(403);
    expect((await remove(reader.typeId, reader)).statusCode).toBe(403);
    expect((await api(t.app)('listAccountTypes')).statusCode).toBe(401);
  });
});

describe('no escalation', () => {
  it('creates and edits only types within the actor’s own rights', async () => {
    const manager = await staffWith(a, { canReadSettings: true, canWriteSettings: true, canReadPlayers: true });
    const ok = await create({ name: 'Players reader', canReadPlayers: true }, manager);
    expect(ok.statusCode, ok.body).toBe(201);
    const beyond = await create({ name: 'Players writer', canWritePlayers: true }, manager);
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json()).toMatchObject({ code: 'account_type.beyond_own_rights' });
    expect((await update(ok.json().id, { name: 'Players reader', canWriteSchedule: true }, manager)).statusCode).toBe(403);
    // A type with more rights than the actor cannot be edited by them, even to lower it.
    const strong = (await create({ name: 'Strong', canWriteSchedule: true })).json();
    expect((await update(strong.id, { name: 'Weakened' }, manager)).statusCode).toBe(403);
    expect((await list()).find((x) => x.id === strong.id)?.name).toBe('Strong');
  });

  it('gives a user only a type within the actor’s rights, and never touches a stronger account', async () => {
    const manager = await staffWith(a, { canReadSettings: true, canWriteSettings: true, canReadPlayers: true });
    const target = await coachLogin(t.app, a, 'Target Coach');
    const escalate = await setType(target.id, admin.id, manager);
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().code).toBe('account_type.beyond_own_rights');
    expect((await setType(manager.id, admin.id, manager)).statusCode).toBe(403);
    // The target's current Coach type holds rights the manager lacks: no renaming or re-mailing it either.
    const reader = (await create({ name: 'Reader only', canReadPlayers: true })).json();
    expect((await setType(target.id, reader.id, manager)).statusCode).toBe(403);
    const takeover = await setType(a.userId, reader.id, manager, { email: 'mine@evil.sa' });
    expect(takeover.statusCode).toBe(403);
    const [owner] = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(users).where(eq(users.id, a.userId)));
    expect(owner).toMatchObject({ email: a.email, accountTypeId: admin.id });
    // Within its rights it may: a user of a type it holds fully.
    const weak = await staffWith(a, { canReadPlayers: true });
    expect((await setType(weak.id, reader.id, manager)).statusCode).toBe(200);
  });

  it('lets W:Coaches add a coach without a login, but a login or a type needs W:Settings and rights the actor holds', async () => {
    const coachesOnly = await staffWith(a, { canReadCoaches: true, canWriteCoaches: true });
    const post = (payload: object, who: Who = coachesOnly) => call(who)('createCoach', { body: payload });
    expect((await post({ name: 'No Login', coachType: 'HEAD_COACH' })).statusCode).toBe(201);
    const login = await post({ name: 'Sneaky', email: 'sneaky@x.sa', accountTypeId: admin.id });
    expect(login.statusCode).toBe(403);
    expect((await post({ name: 'Sneaky', email: 'sneaky@x.sa' })).statusCode).toBe(403);
    expect((await post({ name: 'Sneaky', accountTypeId: admin.id })).statusCode).toBe(403);
    const sneaky = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(users).where(eq(users.name, 'Sneaky')));
    expect(sneaky).toEqual([]);
    // W:Settings without the Coach type's rights cannot hand out a Coach login; with them it can.
    const manager = await staffWith(a, { canReadSettings: true, canWriteSettings: true });
    expect((await post({ name: 'Coach Login', email: 'cl@x.sa' }, manager)).statusCode).toBe(403);
    const strong = await staffWith(a, { ...allFlags(true), canWriteSchedule: false });
    const res = await post({ name: 'Coach Login', email: 'cl@x.sa' }, strong);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().password).toEqual(expect.any(String));
  });
});

describe('the last settings manager', () => {
  it('cannot lose W:Settings by a change of type, an edit of the type, or anything that would leave no one', async () => {
    const c = await registerAndLogin(t.app);
    const types = await list(c);
    const cAdmin = types.find((x) => x.name === 'Admin')!;
    const cCoach = types.find((x) => x.name === 'Coach')!;
    const demote = await setType(c.userId, cCoach.id, c);
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'account_type.last_settings_manager' });
    // A coach without a login holding Admin counts for nothing.
    const noLogin = await call(c)('createCoach', { body: { name: 'Paper Admin', accountTypeId: cAdmin.id } });
    expect(noLogin.statusCode, noLogin.body).toBe(201);
    expect((await setType(c.userId, cCoach.id, c)).statusCode).toBe(409);

    const office = (await create({ ...allFlags(true), name: 'Office' }, c)).json();
    expect((await setType(c.userId, office.id, c)).statusCode).toBe(200);
    const drop = await update(office.id, { ...allFlags(true), name: 'Office', canWriteSettings: false }, c);
    expect(drop.statusCode).toBe(409);
    expect(drop.json().code).toBe('account_type.last_settings_manager');
    expect((await list(c)).find((x) => x.id === office.id)?.canWriteSettings).toBe(true);

    // With a second manager the change goes through.
    const second = await call(c)('createStaffUser', {
      body: { name: 'Second Admin', email: `second@${c.handle}.sa`, accountTypeId: cAdmin.id },
    });
    expect(second.statusCode).toBe(201);
    expect((await update(office.id, { ...allFlags(true), name: 'Office', canWriteSettings: false }, c)).statusCode).toBe(200);
  });

  it('applies a changed type from the member’s very next request', async () => {
    const member = await coachLogin(t.app, a, 'Changing Rights');
    const get = () => call(member)('listAccountTypes');
    expect((await get()).statusCode).toBe(403);
    const settingsReader = (await create({ name: 'Settings reader', canReadSettings: true })).json();
    expect((await setType(member.id, settingsReader.id)).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    expect((await update(settingsReader.id, { name: 'Settings reader', canReadDashboard: true })).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(403);
    const me = await call(member)('me');
    expect(me.json().user.accountType).toMatchObject({ id: settingsReader.id, canReadSettings: false, canReadDashboard: true });
  });
});
