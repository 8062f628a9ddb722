// Attendance taken offline: queued marks sent later apply once by their id, lose to a later
// change made on the server (and say so), charge sessions exactly as online marks, and keep to the
// member's rights and academy.

import { randomUUID } from 'node:crypto';
import type { AttendanceMarkResult, AttendanceSyncReply, Event } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { addPlayer, addTraining, coachLogin } from '../../../test/fixtures.js';
import type { Academy } from '../../../test/harness.js';
import { attendanceMarks, packages, subscriptions } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

const t = useTestApp({ academies: 2, coaches: 1 });
const [a, b] = t.academies;
const [coach] = t.coaches;
let event: Event;
const subscriptionOf = new Map<string, string>();

const iso = (ms: number) => new Date(ms).toISOString();
const now = () => t.clock.now().getTime();

async function sessionsLeft(academy: Academy, playerId: string) {
  const [row] = await withTenant(t.deps.db, academy.id, (tx) =>
    tx
      .select({ left: subscriptions.sessionsLeft })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionOf.get(playerId) ?? '')),
  );
  return row?.left;
}

async function statusOf(participantId: string) {
  const res = await api(t.app, a)('listEvents', { query: { startDate: event.date, endDate: event.date } });
  const events = res.json() as Event[];
  return events.flatMap((e) => e.participants).find((p) => p.id === participantId)?.status;
}

function sync(who: { handle: string; token: string }, marks: unknown[], sentAt = iso(now())) {
  return api(t.app, who)('syncAttendance', { body: { sentAt, marks } });
}

beforeAll(async () => {
  const players: string[] = [];
  for (const name of ['Saad Alharbi', 'Omar Alqahtani', 'Faisal Alshehri', 'Turki Almutairi'])
    players.push(await addPlayer(t.app, a, { name }));
  // Every player on a session-based subscription of 10 sessions, ACTIVE.
  await withTenant(t.deps.db, a.id, async (tx) => {
    const [pkg] = await tx
      .insert(packages)
      .values({ academyId: a.id, name: '10 sessions', priceHalalas: 50000, packageType: 'SESSION_BASED', sessionsCount: 10 })
      .returning();
    for (const playerId of players) {
      const [s] = await tx
        .insert(subscriptions)
        .values({ academyId: a.id, playerId, packageId: pkg.id, status: 'ACTIVE', sessionsLeft: 10, totalSessions: 10 })
        .returning();
      subscriptionOf.set(playerId, s.id);
    }
  });
  const admin = api(t.app, a);
  const team = await admin('createTeam', { body: { name: 'U12', playerIds: players, coachIds: [coach.id] } });
  expect(team.statusCode, team.body).toBe(201);
  event = await addTraining(t.app, a, [team.json().id], { coachIds: [coach.id] });
  expect(event.participants).toHaveLength(4);
  // Participants are created at the database's time; the app's clock runs from just after it.
  t.clock.set(iso(Date.now() + 3600_000));
}, 60_000);

describe('queued attendance marks', () => {
  it('applies a mark once: the same mark sent again charges no second session and says it was already received', async () => {
    const p = event.participants[0];
    const mark = { id: randomUUID(), participantId: p.id, status: 'ATTENDED', markedAt: iso(now() - 5 * 60_000) };
    const first = await sync(coach, [mark]);
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as AttendanceSyncReply).results).toEqual([
      { id: mark.id, participantId: p.id, outcome: 'APPLIED', status: 'ATTENDED', duplicate: false, code: null },
    ]);
    expect(await sessionsLeft(a, p.user.id)).toBe(9);
    // The answer was lost on the way: the device sends the same mark again, twice, even in one call.
    t.clock.advance(30_000);
    const again = await sync(coach, [mark, mark]);
    expect(again.statusCode, again.body).toBe(200);
    for (const r of (again.json() as AttendanceSyncReply).results) {
      expect(r).toEqual({ id: mark.id, participantId: p.id, outcome: 'APPLIED', status: 'ATTENDED', duplicate: true, code: null });
    }
    expect(await sessionsLeft(a, p.user.id)).toBe(9);
    expect(await statusOf(p.id)).toBe('ATTENDED');
    const rows = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(attendanceMarks).where(eq(attendanceMarks.id, mark.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ participantId: p.id, status: 'ATTENDED', outcome: 'APPLIED', markedBy: coach.id });
  });

  it('charges once when two sends of the same mark arrive at the same time (two devices, or a retry racing the first)', async () => {
    const p = event.participants[0];
    const mark = { id: randomUUID(), participantId: p.id, status: 'ABSENT', markedAt: iso(now() - 1000) };
    const both = await Promise.all([sync(coach, [mark]), sync(coach, [mark])]);
    const results = both.map((r) => (r.json() as AttendanceSyncReply).results[0]);
    expect(results.map((r) => r.outcome)).toEqual(['APPLIED', 'APPLIED']);
    expect(results.filter((r) => r.duplicate)).toHaveLength(1);
    // ATTENDED → ABSENT gave the one session back, once.
    expect(await sessionsLeft(a, p.user.id)).toBe(10);
    const back = { id: randomUUID(), participantId: p.id, status: 'ATTENDED', markedAt: iso(now()) };
    await Promise.all([sync(coach, [back]), sync(coach, [back]), sync(coach, [back])]);
    expect(await sessionsLeft(a, p.user.id)).toBe(9);
  });

  it('keeps a change made on the server after the mark, and reports it; an earlier one is overwritten', async () => {
    const [, second, third] = event.participants;
    // The coach marks offline at T-10 min; an admin marks the same player ABSENT online at T.
    const offline = { id: randomUUID(), participantId: second.id, status: 'ATTENDED', markedAt: iso(now() - 10 * 60_000) };
    const online = await api(t.app, a)('setParticipantStatus', { params: { participantId: second.id }, body: { status: 'ABSENT' } });
    expect(online.statusCode, online.body).toBe(200);
    t.clock.advance(60_000);
    const res = await sync(coach, [offline]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AttendanceSyncReply).results[0]).toEqual({
      id: offline.id,
      participantId: second.id,
      outcome: 'SUPERSEDED',
      status: 'ABSENT',
      duplicate: false,
      code: null,
    });
    expect(await statusOf(second.id)).toBe('ABSENT');
    expect(await sessionsLeft(a, second.user.id)).toBe(10);

    // A server change made before the offline mark loses to it: the mark applies and charges a session.
    const before = await api(t.app, a)('setParticipantStatus', { params: { participantId: third.id }, body: { status: 'ABSENT' } });
    expect(before.statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    const later = { id: randomUUID(), participantId: third.id, status: 'ATTENDED', markedAt: iso(now() - 60_000) };
    const applied = await sync(coach, [later]);
    expect((applied.json() as AttendanceSyncReply).results[0]).toMatchObject({ outcome: 'APPLIED', status: 'ATTENDED' });
    expect(await sessionsLeft(a, third.user.id)).toBe(9);
  });

  it("moves device times by the clocks' difference: a device 1 h behind still wins against an older server change", async () => {
    const fourth = event.participants[3];
    const set = await api(t.app, a)('setParticipantStatus', { params: { participantId: fourth.id }, body: { status: 'ABSENT' } });
    expect(set.statusCode).toBe(200);
    t.clock.advance(5 * 60_000);
    // By the server's clock the mark was made 1 minute ago (after the change), by the device's 61 minutes ago.
    const hour = 3600_000;
    const mark = { id: randomUUID(), participantId: fourth.id, status: 'ATTENDED', markedAt: iso(now() - hour - 60_000) };
    const res = await sync(coach, [mark], iso(now() - hour));
    expect((res.json() as AttendanceSyncReply).results[0]).toMatchObject({ outcome: 'APPLIED', status: 'ATTENDED' });
    expect(await sessionsLeft(a, fourth.user.id)).toBe(9);
    // Marking back from the queue returns the session, as online.
    t.clock.advance(60_000);
    const back = await sync(coach, [{ id: randomUUID(), participantId: fourth.id, status: 'ABSENT', markedAt: iso(now() - 1000) }]);
    expect((back.json() as AttendanceSyncReply).results[0]).toMatchObject({ outcome: 'APPLIED', status: 'ABSENT' });
    expect(await sessionsLeft(a, fourth.user.id)).toBe(10);
  });

  it('rejects a mark id reused for another mark, and an unknown participant, while the rest of the call applies', async () => {
    const [first, , third] = event.participants;
    const reused = { id: randomUUID(), participantId: third.id, status: 'ABSENT', markedAt: iso(now() - 1000) };
    expect((await sync(coach, [reused])).statusCode).toBe(200);
    t.clock.advance(60_000);
    const res = await sync(coach, [
      { ...reused, status: 'ATTENDED' },
      { id: randomUUID(), participantId: randomUUID(), status: 'ATTENDED', markedAt: iso(now() - 1000) },
      { id: randomUUID(), participantId: first.id, status: 'ABSENT', markedAt: iso(now() - 1000) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const results = (res.json() as AttendanceSyncReply).results;
    expect(results.map((r: AttendanceMarkResult) => [r.outcome, r.code])).toEqual([
      ['REJECTED', 'attendance.mark_reused'],
      ['REJECTED', 'participant.not_found'],
      ['APPLIED', null],
    ]);
    expect(await statusOf(third.id)).toBe('ABSENT');
    expect(await statusOf(first.id)).toBe('ABSENT');
    expect(await sessionsLeft(a, first.user.id)).toBe(10);
    // Audited like a mark made online, with what became of each.
    const trail = await api(t.app, a)('listAuditEvents', { query: { startDate: '2026-11-01', endDate: '2026-12-31' } });
    const rows = (trail.json() as { action: string; details: { effect?: Record<string, number> } }[]).filter(
      (r) => r.action === 'syncAttendance',
    );
    expect(rows[0].details.effect).toEqual({ applied: 1, superseded: 0, rejected: 2, alreadyReceived: 0 });
  });

  it('validates the body with the contract: no 500 for anything a client sends', async () => {
    const p = event.participants[0];
    for (const payload of [
      {},
      { sentAt: 'yesterday', marks: [] },
      { sentAt: iso(now()), marks: [] },
      { sentAt: iso(now()), marks: [{ id: 'x', participantId: p.id, status: 'ATTENDED', markedAt: iso(now()) }] },
      { sentAt: iso(now()), marks: [{ id: randomUUID(), participantId: p.id, status: 'LATE', markedAt: iso(now()) }] },
      { sentAt: iso(now()), marks: [{ id: randomUUID(), participantId: p.id, status: 'ATTENDED', markedAt: '2026-13-40' }] },
      {
        sentAt: iso(now()),
        marks: Array.from({ length: 201 }, () => ({ id: randomUUID(), participantId: p.id, status: 'ATTENDED', markedAt: iso(now()) })),
      },
    ]) {
      const res = await api(t.app, coach)('syncAttendance', { body: payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
  });

  it('answers 400 for a device time outside the years 2000–2100 (9999-12-31 was a 500, SQLSTATE 22009) and applies nothing', async () => {
    const p = event.participants[0];
    const before = await statusOf(p.id);
    const mark = (markedAt: string) => ({
      id: randomUUID(),
      participantId: p.id,
      status: before === 'ATTENDED' ? 'ABSENT' : 'ATTENDED',
      markedAt,
    });
    for (const [sentAt, markedAt] of [
      ['9999-12-31T23:59:59Z', iso(now())],
      [iso(now()), '9999-12-31T23:59:59Z'],
      ['1999-12-31T23:59:59Z', iso(now())],
      [iso(now()), '0001-01-01T00:00:00Z'],
    ]) {
      const res = await sync(coach, [mark(markedAt)], sentAt);
      expect(res.statusCode, `${sentAt} ${markedAt} → ${res.body}`).toBe(400);
      expect(res.json().code).toBe('date_time.out_of_range');
    }
    expect(await statusOf(p.id)).toBe(before);
  });
});

describe('rights and academies', () => {
  it("lets a coach with My Trainings alone sync only events they coach; another academy's participant is unknown", async () => {
    const other = await coachLogin(t.app, a, 'Coach Nasser');
    const p = event.participants[1];
    const res = await sync(other, [{ id: randomUUID(), participantId: p.id, status: 'ATTENDED', markedAt: iso(now() - 1000) }]);
    expect(res.statusCode).toBe(200);
    expect((res.json() as AttendanceSyncReply).results[0]).toMatchObject({
      outcome: 'REJECTED',
      code: 'attendance.not_your_event',
      status: null,
    });
    expect(await statusOf(p.id)).toBe('ABSENT');

    // Academy B's admin (every right) names A's participant: not found, nothing changes, no mark kept in either academy.
    const markId = randomUUID();
    const foreign = await sync(b, [{ id: markId, participantId: p.id, status: 'ATTENDED', markedAt: iso(now() - 1000) }]);
    expect(foreign.statusCode).toBe(200);
    expect((foreign.json() as AttendanceSyncReply).results[0]).toMatchObject({ outcome: 'REJECTED', code: 'participant.not_found' });
    expect(await statusOf(p.id)).toBe('ABSENT');
    for (const academy of [a, b]) {
      const rows = await withTenant(t.deps.db, academy.id, (tx) => tx.select().from(attendanceMarks).where(eq(attendanceMarks.id, markId)));
      expect(rows).toHaveLength(0);
    }
    // A's mark ids are A's: B sending the id of one of A's marks is a new mark of B (rejected here as above), never A's answer.
    const [aMark] = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(attendanceMarks).limit(1));
    const probe = await sync(b, [{ id: aMark.id, participantId: aMark.participantId, status: aMark.status, markedAt: iso(now() - 1000) }]);
    expect((probe.json() as AttendanceSyncReply).results[0]).toMatchObject({
      outcome: 'REJECTED',
      code: 'participant.not_found',
      duplicate: false,
    });
  });

  it('refuses a signed-out caller (each account type flag: test/permissions.test.ts)', async () => {
    const anonymous = await api(t.app)('syncAttendance', {
      headers: { host: `${a.handle}.kora.test` },
      payload: { sentAt: iso(now()), marks: [] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
