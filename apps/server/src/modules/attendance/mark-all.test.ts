// "Mark all present": every player still pending is marked present, but not one whose
// parent said they can't come — nor is a session of theirs used — and the answer says who was left out.
import type { AuditEvent, Event, MarkAllPresentReply } from '@kora/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { addPlayer, addTraining } from '../../../test/fixtures.js';
import { countStatements } from '../../../test/harness.js';
import { packages, participants, subscriptions, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

const t = useTestApp({ academies: 2, coaches: ['Coach Waleed', 'Coach Majed'] });
const [a, b] = t.academies;
const [coach, otherCoach] = t.coaches;
const p: Record<'comes' | 'cantCome' | 'absent' | 'timeBased', string> = { comes: '', cantCome: '', absent: '', timeBased: '' };
const subscriptionOf = new Map<string, string>();
let teamId = '';

const markAll = (eventId: string, who: { handle: string; token: string } = a) => api(t.app, who)('markAllPresent', { params: { eventId } });

async function sessionsLeft(playerId: string) {
  const [row] = await withTenant(t.deps.db, a.id, (tx) =>
    tx
      .select({ left: subscriptions.sessionsLeft, status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionOf.get(playerId) ?? '')),
  );
  return row;
}

async function statuses(event: Event) {
  const res = await api(t.app, a)('listEvents', { query: { startDate: event.date, endDate: event.date } });
  const found = (res.json() as Event[]).find((e) => e.id === event.id);
  return Object.fromEntries((found?.participants ?? []).map((x) => [x.user.id, x.status]));
}

/** A parent's "can't come" for the player at the event (the family portal's write: family.test.ts). */
const cantCome = (eventId: string, playerId: string) =>
  withTenant(t.deps.db, a.id, (tx) =>
    tx
      .update(participants)
      .set({ cantComeAt: t.clock.now(), cantComeReason: 'Fever' })
      .where(and(eq(participants.eventId, eventId), eq(participants.userId, playerId))),
  );

beforeAll(async () => {
  p.comes = await addPlayer(t.app, a, { name: 'Saad Comes' });
  p.cantCome = await addPlayer(t.app, a, { name: 'Omar Cant' });
  p.absent = await addPlayer(t.app, a, { name: 'Faisal Absent' });
  p.timeBased = await addPlayer(t.app, a, { name: 'Turki Monthly' });
  await withTenant(t.deps.db, a.id, async (tx) => {
    const [pkg] = await tx
      .insert(packages)
      .values({ academyId: a.id, name: '10 sessions', packageType: 'SESSION_BASED', sessionsCount: 10 })
      .returning();
    for (const playerId of [p.comes, p.cantCome, p.absent]) {
      const [s] = await tx
        .insert(subscriptions)
        .values({ academyId: a.id, playerId, packageId: pkg.id, status: 'ACTIVE', sessionsLeft: 10, totalSessions: 10 })
        .returning();
      subscriptionOf.set(playerId, s.id);
    }
  });
  const team = await api(t.app, a)('createTeam', { body: { name: 'U12', playerIds: Object.values(p), coachIds: [coach.id] } });
  expect(team.statusCode, team.body).toBe(201);
  teamId = team.json().id;
});

describe('mark all present', () => {
  it("marks every pending player present but not one who can't come, whose session is not used; the answer lists them", async () => {
    const event = await addTraining(t.app, a, [teamId], { coachIds: [coach.id] });
    await cantCome(event.id, p.cantCome);
    const absent = event.participants.find((x) => x.user.id === p.absent);
    const set = await api(t.app, a)('setParticipantStatus', { params: { participantId: absent!.id }, body: { status: 'ABSENT' } });
    expect(set.statusCode).toBe(200);

    const res = await markAll(event.id, coach);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as MarkAllPresentReply;
    const idOf = (userId: string) => event.participants.find((x) => x.user.id === userId)!.id;
    expect(reply.skippedCantCome).toEqual([{ id: idOf(p.cantCome), userId: p.cantCome }]);
    expect(reply.marked.map((x) => x.userId).sort()).toEqual([p.comes, p.timeBased].sort());

    expect(await statuses(event)).toEqual({
      [p.comes]: 'ATTENDED',
      [p.timeBased]: 'ATTENDED',
      [p.cantCome]: 'PENDING',
      [p.absent]: 'ABSENT',
    });
    expect(await sessionsLeft(p.comes)).toEqual({ left: 9, status: 'ACTIVE' });
    expect(await sessionsLeft(p.cantCome)).toEqual({ left: 10, status: 'ACTIVE' });
    expect(await sessionsLeft(p.absent)).toEqual({ left: 10, status: 'ACTIVE' });

    // Again: nothing left to mark, no second session used; the one who can't come is still left out.
    const again = (await markAll(event.id, coach)).json() as MarkAllPresentReply;
    expect(again).toEqual({ marked: [], skippedCantCome: [{ id: idOf(p.cantCome), userId: p.cantCome }] });
    expect(await sessionsLeft(p.comes)).toEqual({ left: 9, status: 'ACTIVE' });

    // The coach may still mark them one by one: they came after all.
    const one = await api(t.app, coach)('setParticipantStatus', {
      params: { participantId: idOf(p.cantCome) },
      body: { status: 'ATTENDED' },
    });
    expect(one.statusCode).toBe(200);
    expect(await sessionsLeft(p.cantCome)).toEqual({ left: 9, status: 'ACTIVE' });

    // Audited, with the counts (newest first: the first call is the last row).
    const trail = (
      await api(t.app, a)('listAuditEvents', { query: { startDate: '2026-11-22', endDate: '2026-11-22' } })
    ).json() as AuditEvent[];
    expect(trail.filter((r) => r.action === 'markAllPresent').at(-1)).toMatchObject({
      actor: { id: coach.id },
      targetId: event.id,
      details: { effect: { marked: 2, skippedCantCome: 1 } },
    });
  });

  it('uses the last session and makes the subscription INACTIVE, as one mark does', async () => {
    await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .update(subscriptions)
        .set({ sessionsLeft: 1, status: 'ACTIVE' })
        .where(eq(subscriptions.id, subscriptionOf.get(p.comes) ?? '')),
    );
    const event = await addTraining(t.app, a, [teamId], { date: '2026-11-26', coachIds: [coach.id] });
    expect((await markAll(event.id)).statusCode).toBe(200);
    expect(await sessionsLeft(p.comes)).toEqual({ left: 0, status: 'INACTIVE' });
  });

  it('keeps to the rights of one mark: a coach with My Trainings alone only at their events; unknown or foreign events 404', async () => {
    const event = await addTraining(t.app, a, [teamId], { date: '2026-11-27', coachIds: [coach.id] });
    expect((await markAll(event.id, otherCoach)).statusCode).toBe(403);
    expect((await markAll(event.id, b)).statusCode).toBe(404);
    expect((await markAll('3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f')).json().code).toBe('event.not_found');
    expect(Object.values(await statuses(event)).every((s) => s === 'PENDING')).toBe(true);
  });

  it('marks 2 players and 40 in the same number of statements', async () => {
    const small = await addTraining(t.app, a, [teamId], { date: '2026-11-28' });
    const extra = await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .insert(users)
        .values(Array.from({ length: 36 }, (_, i) => ({ academyId: a.id, role: 'PLAYER' as const, name: `Many ${i}` })))
        .returning({ id: users.id }),
    );
    const bigTeam = await api(t.app, a)('createTeam', {
      body: { name: 'Big', playerIds: [...Object.values(p), ...extra.map((x) => x.id)] },
    });
    const big = await addTraining(t.app, a, [bigTeam.json().id], { date: '2026-11-29' });
    const few = await countStatements(() => markAll(small.id));
    const many = await countStatements(() => markAll(big.id));
    expect(few.result.json().marked).toHaveLength(4);
    expect(many.result.json().marked).toHaveLength(40);
    expect(many.statements).toBe(few.statements);
  });
});
