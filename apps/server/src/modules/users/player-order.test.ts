import { describe, expect, it } from 'vitest';
import { sortPlayers } from './player-order.js';

describe('players list order', () => {
  it('follows the players list order of docs/domain.md, then the name', () => {
    const p = (name: string, latestStatus: string | null, hasTeam: boolean) => ({ name, latestStatus, hasTeam });
    const sorted = sortPlayers([
      p('Paused', 'PAUSED', true),
      p('None alone', null, false),
      p('Cancelled in team', 'CANCELLED', true),
      p('Active alone', 'ACTIVE', false),
      p('Trial alone', 'TRIAL', false),
      p('Bravo active in team', 'ACTIVE', true),
      p('Alpha active in team', 'ACTIVE', true),
      p('Trial in team', 'TRIAL', true),
      p('Pending', 'PENDING', false),
    ]);
    expect(sorted.map((x) => x.name)).toEqual([
      'Trial in team',
      'Alpha active in team',
      'Bravo active in team',
      'Trial alone',
      'Active alone',
      'Cancelled in team',
      'None alone',
      'Paused',
      'Pending',
    ]);
  });
});
