import type { Player } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import {
  ageOf,
  attendanceSummary,
  emptyFilters,
  eventsInOrder,
  eventsPage,
  filterPlayers,
  inAgeBand,
  membershipOf,
  sessionBar,
} from './helpers';

const sub = (status: string, endDate: string | null) => ({ id: 'x', status, endDate }) as unknown as Player['subscriptions'][number];

describe('player helpers', () => {
  it('computes age in whole years and inclusive bands', () => {
    expect(ageOf('2016-11-22', '2026-11-23')).toBe(10);
    expect(ageOf('2016-11-25', '2026-11-23')).toBe(9);
    expect(inAgeBand(10, '5-10')).toBe(true);
    expect(inAgeBand(10, '10-15')).toBe(true);
    expect(inAgeBand(19, '15-18')).toBe(false);
    expect(inAgeBand(null, 'all')).toBe(true);
  });

  it('takes the ACTIVE, TRIAL or PAUSED subscription, or a PENDING one that has not ended, as membership', () => {
    expect(membershipOf({ subscriptions: [sub('TRIAL', '2026-06-07')] }, '2026-06-01')?.status).toBe('TRIAL');
    expect(membershipOf({ subscriptions: [sub('PAUSED', '2026-09-01')] }, '2026-06-01')?.status).toBe('PAUSED');
    expect(membershipOf({ subscriptions: [sub('PENDING', '2026-01-01'), sub('ACTIVE', '2025-01-01')] }, '2026-06-01')?.status).toBe(
      'ACTIVE',
    );
    expect(membershipOf({ subscriptions: [sub('PENDING', '2026-12-01')] }, '2026-06-01')?.status).toBe('PENDING');
    expect(membershipOf({ subscriptions: [sub('CANCELLED', '2026-12-01')] }, '2026-06-01')).toBeNull();
  });

  it('colours the sessions bar green, yellow at 30% and red at 2 or fewer', () => {
    expect(sessionBar(10, 12)).toEqual({ usedPercent: 17, tone: 'green', lowWarning: false });
    expect(sessionBar(3, 10)).toEqual({ usedPercent: 70, tone: 'yellow', lowWarning: false });
    expect(sessionBar(2, 24)).toEqual({ usedPercent: 92, tone: 'red', lowWarning: true });
  });

  it('summarises attendance with PLAYED as attended and NOT_ATTENDING as missed', () => {
    expect(attendanceSummary(['ATTENDED', 'PLAYED', 'ABSENT', 'NOT_ATTENDING', 'PENDING', 'ATTENDED'])).toEqual({
      attended: 3,
      missed: 2,
      rate: 60,
    });
    expect(attendanceSummary([])).toEqual({ attended: 0, missed: 0, rate: null });
  });

  it('filters by search, team, gender, age band and condition', () => {
    const p = (over: Partial<Player>) =>
      ({
        name: 'x',
        teamsPlaying: [],
        subscriptions: [],
        condition: null,
        birthdate: '2016-01-01',
        hasMedicalNote: !!over.condition,
        ...over,
      }) as unknown as Player;
    const list = [
      p({ name: 'Faisal', gender: 'MALE', condition: 'Asthma' }),
      p({ name: 'Sara', gender: 'FEMALE', birthdate: '2010-01-01' }),
    ];
    const today = '2026-11-22';
    expect(filterPlayers(list, { ...emptyFilters, q: 'sar' }, today).map((x) => x.name)).toEqual(['Sara']);
    expect(filterPlayers(list, { ...emptyFilters, gender: 'MALE' }, today).map((x) => x.name)).toEqual(['Faisal']);
    expect(filterPlayers(list, { ...emptyFilters, age: '15-18' }, today).map((x) => x.name)).toEqual(['Sara']);
    expect(filterPlayers(list, { ...emptyFilters, condition: 'with' }, today).map((x) => x.name)).toEqual(['Faisal']);
  });
});

describe("a player's events", () => {
  const at = (date: string, time = '17:00') => ({ id: `${date} ${time}`, event: { date, time } });
  it('come history first (latest on top), then the future (soonest first)', () => {
    const rows = [
      at('2026-12-20'),
      at('2026-11-01'),
      at('2026-11-25', '18:00'),
      at('2026-12-02'),
      at('2026-11-25', '16:00'),
      at('2026-10-10'),
    ];
    expect(eventsInOrder(rows, '2026-11-25').map((r) => r.id)).toEqual([
      '2026-11-25 18:00',
      '2026-11-25 16:00',
      '2026-11-01 17:00',
      '2026-10-10 17:00',
      '2026-12-02 17:00',
      '2026-12-20 17:00',
    ]);
  });
});

describe('eventsPage', () => {
  const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}`;
  // Days 1–25 are past (25 is today), 26–30 to come.
  const rows = Array.from({ length: 30 }, (_, i) => ({ id: day(i + 1), event: { date: day(i + 1), time: '17:00' } }));

  it("shows a page of the latest past and of the soonest to come, with each part's total", () => {
    const page = eventsPage(rows, day(25), 10, 2);
    expect(page.rows.map((r) => r.id)).toEqual([...Array.from({ length: 10 }, (_, i) => day(25 - i)), day(26), day(27)]);
    expect([page.pastTotal, page.futureTotal]).toEqual([25, 5]);
    expect(page.lastPast?.id).toBe(day(16));
    expect(page.firstUpcoming?.id).toBe(day(26));
  });

  it('shows everything once the pages cover it, and has no past or future part when there is none', () => {
    expect(eventsPage(rows, day(25), 100, 100).rows).toHaveLength(30);
    const onlyFuture = eventsPage(rows, '2026-10-31', 10, 10);
    expect([onlyFuture.pastTotal, onlyFuture.lastPast, onlyFuture.firstUpcoming?.id]).toEqual([0, undefined, day(1)]);
    expect(eventsPage(rows, '2026-12-31', 10, 10).firstUpcoming).toBeUndefined();
  });
});
