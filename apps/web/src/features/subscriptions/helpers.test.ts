import type { ManagedSubscription, SubscriptionRow } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { actionsOf, emptyFilters, filterRows, paymentLink, rowStatus } from './helpers';

const sub = (over: Partial<ManagedSubscription> = {}): ManagedSubscription => ({
  id: 's1',
  status: 'ACTIVE',
  startDate: '2026-11-01',
  endDate: '2026-12-01',
  sessionsLeft: null,
  totalSessions: null,
  userId: 'p1',
  package: { id: 'k1', name: 'Monthly', nameArabic: 'شهري', packageType: 'TIME_BASED', price: 450, allowPause: true },
  ...over,
});
const row = (
  id: string,
  over: Partial<SubscriptionRow['player']> = {},
  subscription: ManagedSubscription | null = null,
): SubscriptionRow => ({
  player: {
    id,
    name: `Player ${id}`,
    nameArabic: null,
    avatar: null,
    birthdate: '2016-06-01',
    condition: null,
    teams: [],
    ...over,
    hasMedicalNote: (over.condition ?? null) !== null,
  },
  subscription,
});

describe('subscription rows', () => {
  it('show INACTIVE without a subscription and offer the actions of their state', () => {
    expect(rowStatus(row('a'))).toBe('INACTIVE');
    expect(actionsOf(row('a'))).toBe('new');
    expect(actionsOf(row('a', {}, sub({ status: 'CANCELLED' })))).toBe('new');
    expect(actionsOf(row('a', {}, sub({ status: 'PENDING' })))).toBe('pending');
    expect(actionsOf(row('a', {}, sub({ status: 'PAUSED' })))).toBe('paused');
    expect(actionsOf(row('a', {}, sub({ status: 'INACTIVE' })))).toBe('expired');
    expect(actionsOf(row('a', {}, sub({ status: 'TRIAL' })))).toBe('running');
    expect(actionsOf(row('a', {}, sub()))).toBe('running');
  });

  it('filter by search, package type, team, age band and condition', () => {
    const today = '2026-11-22';
    const rows = [
      row('a', { name: 'Ali', teams: [{ id: 't1', name: 'Hawks', nameArabic: null, color: 'RED' }] }, sub()),
      row(
        'b',
        { name: 'Badr', condition: 'Asthma', birthdate: '2010-01-01' },
        sub({ package: { ...sub().package, packageType: 'SESSION_BASED', name: '12 sessions' } }),
      ),
      row('c', { name: 'Omar', nameArabic: 'عمر' }),
    ];
    const ids = (f: Partial<typeof emptyFilters>) => filterRows(rows, { ...emptyFilters, ...f }, today).map((r) => r.player.id);
    expect(ids({})).toEqual(['a', 'b', 'c']);
    expect(ids({ q: 'ali' })).toEqual(['a']);
    expect(ids({ q: 'عمر' })).toEqual(['c']);
    expect(ids({ q: '12 sess' })).toEqual(['b']);
    expect(ids({ packageType: 'TIME_BASED' })).toEqual(['a']);
    expect(ids({ packageType: 'SESSION_BASED' })).toEqual(['b']);
    expect(ids({ packageType: 'NONE' })).toEqual(['c']);
    expect(ids({ team: 't1' })).toEqual(['a']);
    expect(ids({ age: '15-18' })).toEqual(['b']);
    expect(ids({ age: '5-10' })).toEqual(['a', 'c']);
    expect(ids({ condition: 'with' })).toEqual(['b']);
    expect(ids({ condition: 'without' })).toEqual(['a', 'c']);
  });

  it('build the absolute payment and renewal links of a subscription', () => {
    const where = { protocol: 'https:', host: 'demo.kora.sa' };
    expect(paymentLink('initial-subscription', 's1', where)).toBe('https://demo.kora.sa/initial-subscription/s1');
    expect(paymentLink('renew-subscription', 's1', where)).toBe('https://demo.kora.sa/renew-subscription/s1');
  });
});
