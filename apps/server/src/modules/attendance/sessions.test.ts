// Session accounting (one statement for one mark and for many): sessions never go below 0
// nor above the total, the status follows (docs/domain.md, "Events, attendance and session
// accounting"), and a mark costs one statement for its session.

import { type Event, eventSchema } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { addPlayer, addTraining } from '../../../test/fixtures.js';
import { countStatements } from '../../../test/harness.js';
import { packages, subscriptions } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';
import { moveSession, returnSessions } from './sessions.js';

const t = useTestApp({ academies: 1 });
const [a] = t.academies;
let player: string;
let sessionBased: string;
let timeBased: string;
let events: Event[];

const state = async (id: string) => {
  const [row] = await withTenant(t.deps.db, a.id, (tx) =>
    tx.select({ left: subscriptions.sessionsLeft, status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.id, id)),
  );
  return row;
};
const setLeft = (left: number, status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE') =>
  withTenant(t.deps.db, a.id, (tx) =>
    tx.update(subscriptions).set({ sessionsLeft: left, status }).where(eq(subscriptions.id, sessionBased)),
  );
const move = (delta: -1 | 1) => withTenant(t.deps.db, a.id, (tx) => moveSession(tx, player, delta, t.clock.now()));

beforeAll(async () => {
  player = await addPlayer(t.app, a, { name: 'Saad Alharbi' });
  await withTenant(t.deps.db, a.id, async (tx) => {
    const [sessions, months] = await tx
      .insert(packages)
      .values([
        { academyId: a.id, name: '10 sessions', priceHalalas: 50000, packageType: 'SESSION_BASED', sessionsCount: 10 },
        { academyId: a.id, name: 'Monthly', priceHalalas: 30000, packageType: 'TIME_BASED', monthsNumber: 1 },
      ])
      .returning();
    const [s] = await tx
      .insert(subscriptions)
      .values({ academyId: a.id, playerId: player, packageId: sessions.id, status: 'ACTIVE', sessionsLeft: 10, totalSessions: 10 })
      .returning();
    const [m] = await tx
      .insert(subscriptions)
      .values({ academyId: a.id, playerId: player, packageId: months.id, status: 'ACTIVE', startDate: '2026-11-01', endDate: '2026-12-01' })
      .returning();
    sessionBased = s.id;
    timeBased = m.id;
  });
  const admin = api(t.app, a);
  const team = await admin('createTeam', { body: { name: 'U12', playerIds: [player] } });
  expect(team.statusCode, team.body).toBe(201);
  await addTraining(t.app, a, [team.json().id], { repeat: { until: '2026-12-07' } });
  const listed = await admin('listEvents', { query: { startDate: '2026-11-23', endDate: '2026-12-07' } });
  events = eventSchema.array().parse(listed.json());
  expect(events).toHaveLength(3);
}, 60_000);

describe('session accounting', () => {
  it('never gives back above the total nor uses below 0; INACTIVE at 0, ACTIVE again when one comes back', async () => {
    await move(1);
    expect(await state(sessionBased)).toEqual({ left: 10, status: 'ACTIVE' });
    await move(-1);
    expect(await state(sessionBased)).toEqual({ left: 9, status: 'ACTIVE' });
    await setLeft(1);
    await move(-1);
    expect(await state(sessionBased)).toEqual({ left: 0, status: 'INACTIVE' });
    // An INACTIVE subscription has no session to use.
    await move(-1);
    expect(await state(sessionBased)).toEqual({ left: 0, status: 'INACTIVE' });
    await move(1);
    expect(await state(sessionBased)).toEqual({ left: 1, status: 'ACTIVE' });
    expect(await state(timeBased)).toEqual({ left: null, status: 'ACTIVE' });
  });

  it('gives back many sessions in one statement, up to the total, and says how many each subscription got', async () => {
    const mark = (participantId: string, status: string) =>
      countStatements(() => api(t.app, a)('setParticipantStatus', { params: { participantId }, body: { status } }));
    await setLeft(10);
    const counts: number[] = [];
    for (const e of events) counts.push((await mark(e.participants[0].id, 'ATTENDED')).statements);
    expect(await state(sessionBased)).toEqual({ left: 7, status: 'ACTIVE' });
    // The session costs one statement: a mark that moves none (the same status again) runs one fewer.
    expect(new Set(counts).size).toBe(1);
    const unmoved = (await mark(events[0].participants[0].id, 'ATTENDED')).statements;
    expect(counts[0] - unmoved).toBe(1);
    expect(await state(sessionBased)).toEqual({ left: 7, status: 'ACTIVE' });
    console.info(`PATCH /api/participants/{id}/status: ${counts[0]} SQL statements, ${unmoved} without a session to move`);
    await setLeft(9);
    const back = await withTenant(t.deps.db, a.id, (tx) =>
      returnSessions(
        tx,
        events.map((e) => e.id),
      ),
    );
    expect(back).toEqual({ attended: 3, returned: [{ subscriptionId: sessionBased, sessions: 1 }] });
    expect(await state(sessionBased)).toEqual({ left: 10, status: 'ACTIVE' });
  });
});
