import { ADMIN_FLAGS, allFlags, COACH_FLAGS } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { givableTypes, grantedAreas, toggleFlag } from './flags';

describe('the account type checkboxes', () => {
  it('tick read when write is ticked', () => {
    const next = toggleFlag(allFlags(false), 'Players', 'write', true);
    expect(next.canWritePlayers).toBe(true);
    expect(next.canReadPlayers).toBe(true);
    expect(next.canReadGrowth).toBe(false);
  });

  it('untick write when read is unticked', () => {
    const both = toggleFlag(allFlags(false), 'Settings', 'write', true);
    const next = toggleFlag(both, 'Settings', 'read', false);
    expect(next.canReadSettings).toBe(false);
    expect(next.canWriteSettings).toBe(false);
  });

  it('keep read when write is unticked, and leave write alone when read is ticked', () => {
    const both = toggleFlag(allFlags(false), 'Schedule', 'write', true);
    expect(toggleFlag(both, 'Schedule', 'write', false)).toMatchObject({ canReadSchedule: true, canWriteSchedule: false });
    expect(toggleFlag(allFlags(false), 'Schedule', 'read', true)).toMatchObject({ canReadSchedule: true, canWriteSchedule: false });
  });

  it('list the granted areas in navigation order', () => {
    expect(grantedAreas(COACH_FLAGS)).toEqual([
      { area: 'Dashboard', write: false },
      { area: 'MyTrainings', write: true },
      { area: 'Players', write: false },
      { area: 'Growth', write: true },
      { area: 'Schedule', write: false },
    ]);
  });
});

describe('the account types a user may give', () => {
  const admin = { id: 'a', ...ADMIN_FLAGS };
  const coach = { id: 'c', ...COACH_FLAGS };
  const playersReader = { id: 'p', ...allFlags(false), canReadPlayers: true };
  const types = [admin, coach, playersReader];

  it('are every type for a user with every right', () => {
    expect(givableTypes(types, ADMIN_FLAGS).map((t) => t.id)).toEqual(['a', 'c', 'p']);
  });

  it('leave out the types with a right the user lacks', () => {
    expect(givableTypes(types, COACH_FLAGS).map((t) => t.id)).toEqual(['c', 'p']);
    expect(givableTypes(types, { ...allFlags(false), canReadPlayers: true }).map((t) => t.id)).toEqual(['p']);
    expect(givableTypes(types, null)).toEqual([]);
  });
});
