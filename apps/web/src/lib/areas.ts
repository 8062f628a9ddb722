import { AREAS, type Area } from '@kora/contracts';
import type { MessageId } from './message-ids';

/**
 * The working areas (in the order of `AREAS`, the navigation's): path, the read permission that shows them, and their
 * label. The router builds each area's route from its entry and the shell's navigation lists
 * them, so the two can never disagree.
 */
export const AREA_ROUTES = {
  Dashboard: { path: '/', label: 'nav.dashboard' },
  MyTrainings: { path: '/trainings', label: 'nav.trainings' },
  ManageTeam: { path: '/teams', label: 'nav.teams' },
  Players: { path: '/players', label: 'nav.players' },
  Growth: { path: '/growth', label: 'nav.growth' },
  Coaches: { path: '/coaches', label: 'nav.coaches' },
  Schedule: { path: '/schedule', label: 'nav.schedule' },
  Settings: { path: '/settings', label: 'nav.settings' },
} as const satisfies Record<Area, { path: `/${string}`; label: MessageId }>;

export interface NavEntry {
  area: Area;
  path: string;
  label: MessageId;
}

/** The navigation entries in order. */
export const NAV: NavEntry[] = AREAS.map((area) => ({ area, ...AREA_ROUTES[area] }));

/** Fuzzy (prefix) matching except for `/`, which is active only on itself. */
export const isActive = (entry: string, pathname: string) =>
  entry === '/' ? pathname === '/' : pathname === entry || pathname.startsWith(`${entry}/`);
