// The first load's early GETs (lib/api `fetchEarly`, a route's `staticData.early`): the screen's own call of the
// same address takes the answer instead of asking again, and each audited screen declares exactly what its
// loader asks for.
import { addDaysIso, DASHBOARD_EVENT_DAYS, riyadhToday } from '@kora/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { weekQuery } from '../routes/app/week';
import { signedInAs } from '../test-render';
import { call, fetchEarly, forgetEarlyAnswers, replyOf } from './api';

const coachMe = signedInAs({ canReadMyTrainings: true, canWriteMyTrainings: true }, { name: 'Coach', role: 'COACH' });
const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  localStorage.setItem('signedIn', '1');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify([{ url }]), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('early GETs', () => {
  it('are taken once by the same call, which then asks the network again', async () => {
    fetchEarly('listTeams');
    expect(asked).toEqual(['/api/teams']);
    await expect(call('listTeams')).resolves.toEqual([{ url: '/api/teams' }]);
    expect(asked).toEqual(['/api/teams']);
    await call('listTeams');
    expect(asked).toEqual(['/api/teams', '/api/teams']);
  });

  it('are not taken after the session changed, nor by a family call, and are not sent signed out', async () => {
    fetchEarly('listTeams');
    // A sign-out or a login forgets them: they were asked for by the session before.
    forgetEarlyAnswers();
    await call('listTeams');
    expect(asked).toEqual(['/api/teams', '/api/teams']);
    fetchEarly('listTeams');
    await call('listTeams', { session: 'family' });
    expect(asked).toEqual(['/api/teams', '/api/teams', '/api/teams', '/api/teams']);
    // The staff call still takes it.
    await call('listTeams');
    expect(asked).toHaveLength(4);
    localStorage.clear();
    fetchEarly('listTeams');
    expect(asked).toHaveLength(4);
  });
});

describe("the audited screens' early GETs are the ones their loaders send", () => {
  /** Runs a route's `early`, then its loader's queries: nothing may be asked twice, nothing early left untaken. */
  async function expectTaken(early: (() => void) | undefined, load: (qc: QueryClient) => Promise<unknown>) {
    early?.();
    const sentEarly = [...asked];
    expect(sentEarly.length).toBeGreaterThan(0);
    await load(new QueryClient());
    expect(asked).toEqual(sentEarly);
  }

  it('players', async () => {
    const { playersRoute } = await import('../routes/app/players.route');
    const q = await import('../features/teams/api');
    await expectTaken(
      () => playersRoute.options.staticData?.early?.({ search: {} }),
      (qc) => Promise.all([qc.ensureQueryData(q.playersQuery), qc.ensureQueryData(q.teamsQuery)]),
    );
  });

  it('dashboard', async () => {
    const { dashboardRoute } = await import('../routes/app/dashboard.route');
    const q = await import('../features/schedule/api');
    await expectTaken(
      () => dashboardRoute.options.staticData?.early?.({ search: {} }),
      (qc) => Promise.all([qc.ensureQueryData(q.statsQuery), qc.ensureQueryData(q.eventsQuery(q.dashboardRange(riyadhToday())))]),
    );
    expect(asked).toContain(`/api/events?startDate=${riyadhToday()}&endDate=${addDaysIso(riyadhToday(), DASHBOARD_EVENT_DAYS - 1)}`);
  });

  it('schedule, this week and a chosen week', async () => {
    const { scheduleRoute } = await import('../routes/app/schedule.route');
    const teams = await import('../features/teams/api');
    const events = await import('../features/schedule/api');
    for (const week of [undefined, '2026-03-11']) {
      asked.length = 0;
      await expectTaken(
        () => scheduleRoute.options.staticData?.early?.({ search: { week } }),
        (qc) => Promise.all([qc.ensureQueryData(teams.teamsQuery), qc.ensureQueryData(events.eventsQuery(weekQuery(week)))]),
      );
    }
  });

  it("My Trainings: the coach's week, once the member is known", async () => {
    const { trainingsRoute } = await import('../routes/app/trainings.route');
    const { seedSession } = await import('./auth');
    const q = await import('../features/schedule/api');
    seedSession(replyOf('me', coachMe));
    await expectTaken(
      () => trainingsRoute.options.staticData?.early?.({ search: {} }),
      (qc) => qc.ensureQueryData(q.eventsQuery({ ...weekQuery(undefined), coachId: coachMe.user.id })),
    );
  });

  it('subscriptions', async () => {
    const { subscriptionsRoute } = await import('../routes/app/settings/subscriptions.route');
    const q = await import('../features/subscriptions/api');
    await expectTaken(
      () => subscriptionsRoute.options.staticData?.early?.({ search: {} }),
      (qc) => qc.ensureQueryData(q.subscriptionsQuery),
    );
  });
});
