import { describe, expect, it } from 'vitest';
import { isActive, NAV } from '../lib/areas';

describe('navigation', () => {
  it('lists the eight areas in the navigation order', () => {
    expect(NAV.map((n) => [n.path, n.area])).toEqual([
      ['/', 'Dashboard'],
      ['/trainings', 'MyTrainings'],
      ['/teams', 'ManageTeam'],
      ['/players', 'Players'],
      ['/growth', 'Growth'],
      ['/coaches', 'Coaches'],
      ['/schedule', 'Schedule'],
      ['/settings', 'Settings'],
    ]);
  });

  it('matches fuzzily except for the root', () => {
    expect(isActive('/', '/')).toBe(true);
    expect(isActive('/', '/players')).toBe(false);
    expect(isActive('/players', '/players/abc')).toBe(true);
    expect(isActive('/settings', '/settings/packages')).toBe(true);
    expect(isActive('/players', '/playersx')).toBe(false);
  });
});
