import { allFlags, type PermissionFlags } from '@kora/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { addPlayer, addTraining, coachLogin, multipart, paperConsents } from '../../../test/fixtures.js';
import { type Academy, loginAs } from '../../../test/harness.js';
import { accountTypes, auditEvents, packages, subscriptions, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

/** Players' medical conditions and national ids, answered by the view (docs/domain.md, "Data map"). */
const t = useTestApp({ academies: 2 });
const [a, b] = t.academies;
type Who = { handle: string; token: string };
const call = (who: Who) => api(t.app, who);

let sick: string;
let healthy: string;
let teamId: string;
let eventId: string;
/** A member with every flag but medical and identity. */
let office: Who & { id: string };

async function staffWith(academy: Academy, flags: Partial<PermissionFlags>) {
  const email = `staff${Math.random().toString(16).slice(2, 8)}@${academy.handle}.sa`;
  const created = await call(academy)('createStaffUser', { body: { name: 'Office', email, accountTypeId: await adminTypeOf(academy) } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().user.id as string;
  await withTenant(t.deps.db, academy.id, async (tx) => {
    const [type] = await tx
      .insert(accountTypes)
      .values({ academyId: academy.id, name: `type-${Math.random()}`, ...allFlags(false), ...flags })
      .returning();
    await tx.update(users).set({ accountTypeId: type.id }).where(eq(users.id, id));
  });
  return { id, handle: academy.handle, token: await loginAs(t.app, academy.handle, email, created.json().password) };
}

async function adminTypeOf(academy: Academy) {
  const types = (await call(academy)('listAccountTypes')).json() as { id: string; name: string }[];
  return types.find((x) => x.name === 'Admin')!.id;
}

/** The audit rows of sensitive reads in academy `a`, newest last. */
const reads = () =>
  withTenant(t.deps.db, a.id, async (tx) =>
    (await tx.select().from(auditEvents).orderBy(auditEvents.createdAt)).filter(
      (r) => (r.details as { read?: unknown } | null)?.read !== undefined,
    ),
  );

const playerRow = (list: unknown, id: string) =>
  (list as { id: string; condition: string | null; nationalId: string | null; hasMedicalNote: boolean }[]).find((p) => p.id === id);

beforeAll(async () => {
  sick = await addPlayer(t.app, a, { name: 'Sami Rashid', medicalCondition: 'Asthma', nationalId: '1012345678' });
  healthy = await addPlayer(t.app, a, { name: 'Hadi Healthy' });
  const team = await call(a)('createTeam', { body: { name: 'U12', playerIds: [sick] } });
  expect(team.statusCode, team.body).toBe(201);
  teamId = team.json().id;
  eventId = (await addTraining(t.app, a, [teamId])).id;
  await withTenant(t.deps.db, a.id, async (tx) => {
    const [pkg] = await tx.insert(packages).values({ academyId: a.id, name: 'Monthly', priceHalalas: 30000, monthsNumber: 1 }).returning();
    await tx
      .insert(subscriptions)
      .values({ academyId: a.id, playerId: sick, packageId: pkg.id, status: 'ACTIVE', startDate: '2026-11-01', endDate: '2026-11-30' });
  });
  office = await staffWith(a, { ...allFlags(true), canReadMedicalIdentity: false });
});

describe('medical and identity', () => {
  it('is a flag of the Admin type and not of the Coach type', async () => {
    const types = (await call(a)('listAccountTypes')).json() as (PermissionFlags & { name: string })[];
    expect(types.find((x) => x.name === 'Admin')).toMatchObject({ canReadMedicalIdentity: true });
    expect(types.find((x) => x.name === 'Coach')).toMatchObject({ canReadMedicalIdentity: false });
  });

  it('answers the condition and national id to a member with the flag, and only the marker to one without, on every player answer', async () => {
    const answers = async (who: Who) => {
      const list = (await call(who)('listUsers', { query: { role: 'PLAYER' } })).json();
      const one = (await call(who)('getUser', { params: { id: sick } })).json();
      const events = (await call(who)('listEvents', { query: { startDate: '2026-11-23', endDate: '2026-11-23' } })).json() as {
        participants: { user: { id: string; condition: string | null; hasMedicalNote: boolean } }[];
      }[];
      const participant = events.flatMap((e) => e.participants).find((p) => p.user.id === sick)?.user;
      const subs = (await call(who)('listSubscriptions')).json() as {
        player: { id: string; condition: string | null; hasMedicalNote: boolean };
      }[];
      const edited = await call(who)('updateEvent', {
        params: { id: eventId },
        query: { scope: 'this' },
        body: { type: 'TRAINING_SESSION', date: '2026-11-23', time: '17:00', endTime: '18:00', field: 'A', teamIds: [teamId] },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const editedUser = (edited.json() as { participants: { user: { id: string; condition: string | null } }[] }).participants.find(
        (p) => p.user.id === sick,
      )?.user;
      return {
        list: playerRow(list, sick),
        one,
        participant,
        sub: subs.find((r) => r.player.id === sick)?.player,
        editedUser,
      };
    };
    const full = await answers(a);
    expect(full.list).toMatchObject({ condition: 'Asthma', nationalId: '1012345678', hasMedicalNote: true });
    expect(full.one).toMatchObject({ condition: 'Asthma', nationalId: '1012345678', hasMedicalNote: true });
    expect(full.participant).toMatchObject({ condition: 'Asthma', hasMedicalNote: true });
    expect(full.sub).toMatchObject({ condition: 'Asthma', hasMedicalNote: true });
    expect(full.editedUser).toMatchObject({ condition: 'Asthma' });

    const none = await answers(office);
    expect(none.list).toMatchObject({ condition: null, nationalId: null, hasMedicalNote: true });
    expect(none.one).toMatchObject({ condition: null, nationalId: null, hasMedicalNote: true });
    expect(none.participant).toMatchObject({ condition: null, hasMedicalNote: true });
    expect(none.sub).toMatchObject({ condition: null, hasMedicalNote: true });
    expect(none.editedUser).toMatchObject({ condition: null });
    expect(playerRow((await call(office)('listUsers', { query: { role: 'PLAYER' } })).json(), healthy)).toMatchObject({
      hasMedicalNote: false,
    });
  });

  it('answers the new player of the staff wizard and of an edit by the view, and an edit without the flag keeps what is stored', async () => {
    const form = (over: Record<string, unknown>) =>
      multipart({
        parentInfo: JSON.stringify({ name: 'Parent', phone: '+966501119999' }),
        playerInfo: JSON.stringify({ name: 'New One', birthdate: '2015-01-01', gender: 'male', ...over }),
        consents: JSON.stringify(paperConsents),
      });
    const created = await call(office)('createParentPlayer', form({ medicalCondition: 'Diabetes', nationalId: '1099' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().player).toMatchObject({ condition: null, nationalId: null, hasMedicalNote: true });
    const id = created.json().player.id as string;
    const edit = multipart({ name: 'New One', birthdate: '2015-01-01', condition: '', nationalId: '' });
    const edited = await call(office)('updateUser', { params: { id }, ...edit });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ condition: null, nationalId: null, hasMedicalNote: true });
    const seen = (await call(a)('getUser', { params: { id } })).json();
    expect(seen).toMatchObject({ condition: 'Diabetes', nationalId: '1099' });
  });

  it('writes one audit row per answer that carries them, naming every player and field, and none for an answer without', async () => {
    const before = (await reads()).length;
    const list = await call(a)('listUsers', { query: { role: 'PLAYER' } });
    expect(list.statusCode).toBe(200);
    // Answered again from the cache: audited all the same.
    await call(a)('listUsers', { query: { role: 'PLAYER' } });
    const after = await reads();
    expect(after.length).toBe(before + 2);
    const last = after.at(-1)!;
    expect(last).toMatchObject({ action: 'listUsers', actorId: a.userId });
    const read = (last.details as { read: { fields: string[]; playerIds: string[] } }).read;
    expect(read.fields).toEqual(['condition', 'nationalId']);
    expect(read.playerIds).toContain(sick);
    expect(read.playerIds).not.toContain(healthy);

    await call(office)('listUsers', { query: { role: 'PLAYER' } });
    await call(office)('getUser', { params: { id: sick } });
    expect((await reads()).length).toBe(before + 2);
    await call(a)('getUser', { params: { id: sick } });
    expect((await reads()).at(-1)).toMatchObject({ action: 'getUser', targetId: sick });
  });

  it('shows a coach only the marker, or with the academy’s leave the notes of their own teams’ and events’ players', async () => {
    const coach = await coachLogin(t.app, a, 'Coach Medical');
    const other = await addPlayer(t.app, a, { name: 'Other Team', medicalCondition: 'Allergy' });
    const listAs = async () => (await call(coach)('listUsers', { query: { role: 'PLAYER' } })).json();
    expect(playerRow(await listAs(), sick)).toMatchObject({ condition: null, nationalId: null, hasMedicalNote: true });

    // The academy lets coaches see the notes: only an admin holding the flag may give it.
    const setting = (who: Who, on: boolean) =>
      call(who)('updateAcademy', {
        params: { id: a.id },
        ...multipart({ name: 'Academy A', email: `owner@${a.handle}.sa`, phone: '+966501234567', coachesSeeMedical: String(on) }),
      });
    const refused = await setting(office, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('academy.medical_setting_forbidden');
    const saved = await setting(a, true);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().coachesSeeMedical).toBe(true);
    expect(playerRow(await listAs(), sick)).toMatchObject({ condition: null, hasMedicalNote: true });

    // Coaching the team: its players' notes show, no one else's, and never a national id.
    const teamEdit = await call(a)('updateCoach', {
      params: { id: coach.id },
      body: { name: 'Coach Medical', coachType: 'HEAD_COACH', teamIds: [teamId] },
    });
    expect(teamEdit.statusCode, teamEdit.body).toBe(200);
    const list = await listAs();
    expect(playerRow(list, sick)).toMatchObject({ condition: 'Asthma', nationalId: null });
    expect(playerRow(list, other)).toMatchObject({ condition: null, hasMedicalNote: true });
    const events = (await call(coach)('listEvents', { query: { startDate: '2026-11-23', endDate: '2026-11-23' } })).json() as {
      participants: { user: { id: string; condition: string | null } }[];
    }[];
    expect(events.flatMap((e) => e.participants).find((p) => p.user.id === sick)?.user.condition).toBe('Asthma');
    expect((await reads()).at(-1)).toMatchObject({ action: 'listEvents', actorId: coach.id });

    // Another coach, of no team, still sees only the marker.
    const stranger = await coachLogin(t.app, a, 'Coach Stranger');
    expect(playerRow((await call(stranger)('listUsers', { query: { role: 'PLAYER' } })).json(), sick)).toMatchObject({ condition: null });
    expect((await setting(a, false)).statusCode).toBe(200);
    expect(playerRow(await listAs(), sick)).toMatchObject({ condition: null, hasMedicalNote: true });
  });

  it('exports national ids and conditions only when asked, by a member with the flag, audited', async () => {
    const exportAs = (who: Who, query: Record<string, string>) => call(who)('exportPlayers', { query: { format: 'csv', ...query } });
    const plain = await exportAs(a, {});
    expect(plain.statusCode).toBe(200);
    expect(plain.body).not.toContain('Asthma');
    expect(plain.body).not.toContain('1012345678');
    expect(plain.body.split('\n')[0]).not.toMatch(/National ID|Medical condition/);
    const before = (await reads()).length;
    const full = await exportAs(a, { includeSensitive: 'true' });
    expect(full.statusCode).toBe(200);
    expect(full.body).toContain('Asthma');
    expect(full.body).toContain('1012345678');
    const rows = await reads();
    expect(rows.length).toBe(before + 1);
    expect((rows.at(-1)!.details as { read: { playerIds: string[] } }).read.playerIds).toContain(sick);
    const refused = await exportAs(office, { includeSensitive: 'true' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('player.sensitive_forbidden');
    expect((await exportAs(office, {})).body).not.toContain('Asthma');
  });

  it('keeps academies apart: another academy reads none of these players and writes its audit rows to itself', async () => {
    expect((await call(b)('getUser', { params: { id: sick } })).statusCode).toBe(404);
    const list = (await call(b)('listUsers', { query: { role: 'PLAYER' } })).json() as { id: string }[];
    expect(list.map((p) => p.id)).not.toContain(sick);
    const inB = await withTenant(t.deps.db, b.id, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, sick))),
    );
    expect(inB).toEqual([]);
  });
});
