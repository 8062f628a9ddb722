import { ageOn, type Player, riyadhToday, type Subscription } from '@kora/contracts';

/** Age in whole years today in Riyadh (the contracts' rule, as the server counts it). */
export function ageOf(birthdate: string | null | undefined, today = riyadhToday()) {
  return birthdate ? ageOn(birthdate, today) : null;
}

/** Age filter bands, both bounds inclusive. */
export const AGE_BANDS = { all: null, '5-10': [5, 10], '10-15': [10, 15], '15-18': [15, 18] } as const;
export type AgeBand = keyof typeof AGE_BANDS;

export function inAgeBand(age: number | null, band: AgeBand) {
  const b = AGE_BANDS[band];
  return b === null || (age !== null && age >= b[0] && age <= b[1]);
}

/** The subscription a player's row shows: the open one, else the latest end date (the API answers them so). */
export const latestSubscription = (p: Pick<Player, 'subscriptions'>): Subscription | null => p.subscriptions[0] ?? null;

/** Current membership: ACTIVE, on a free TRIAL or PAUSED, or PENDING with an end date in the future. */
export function membershipOf(p: Pick<Player, 'subscriptions'>, today = riyadhToday()) {
  const running = ['ACTIVE', 'TRIAL', 'PAUSED'];
  return p.subscriptions.find((s) => running.includes(s.status) || (s.status === 'PENDING' && !!s.endDate && s.endDate > today)) ?? null;
}

/** Status shown in the list: the latest subscription's, INACTIVE without any. */
export const statusOf = (p: Pick<Player, 'subscriptions'>) => latestSubscription(p)?.status ?? 'INACTIVE';

/** Sessions bar: green, yellow at ≤ 30% left, red with a warning at 2 or fewer. */
export function sessionBar(left: number, total: number) {
  const usedPercent = total > 0 ? Math.round(((total - left) / total) * 100) : 0;
  const tone = left <= 2 ? 'red' : total > 0 && left / total <= 0.3 ? 'yellow' : 'green';
  return { usedPercent, tone, lowWarning: left <= 2 } as const;
}

export interface AttendanceSummary {
  attended: number;
  missed: number;
  /** Null while nothing is marked: no rate, rather than 0 %. */
  rate: number | null;
}
/** PLAYED counts as attended and NOT_ATTENDING as missed; the rate is a whole percent of decided events. */
export function attendanceSummary(statuses: string[]): AttendanceSummary {
  const attended = statuses.filter((s) => s === 'ATTENDED' || s === 'PLAYED').length;
  const missed = statuses.filter((s) => s === 'ABSENT' || s === 'NOT_ATTENDING').length;
  const decided = attended + missed;
  return { attended, missed, rate: decided ? Math.round((attended / decided) * 100) : null };
}

export interface PlayerFilters {
  q: string;
  team: string;
  gender: '' | 'MALE' | 'FEMALE';
  age: AgeBand;
  condition: '' | 'with' | 'without';
  nationality: string;
  neighborhood: string;
}
export const emptyFilters: PlayerFilters = { q: '', team: '', gender: '', age: 'all', condition: '', nationality: '', neighborhood: '' };

export function filterPlayers(players: Player[], f: PlayerFilters, today = riyadhToday()) {
  const q = f.q.trim().toLowerCase();
  return players.filter(
    (p) =>
      (!q ||
        p.name.toLowerCase().includes(q) ||
        (p.nameArabic ?? '').includes(q) ||
        (p.nationalId ?? '').includes(q) ||
        (p.phoneNumber ?? '').includes(q)) &&
      (!f.team || p.teamsPlaying.some((t) => t.id === f.team)) &&
      (!f.gender || p.gender === f.gender) &&
      inAgeBand(ageOf(p.birthdate, today), f.age) &&
      (!f.condition || (f.condition === 'with' ? p.hasMedicalNote : !p.hasMedicalNote)) &&
      (!f.nationality || p.nationality === f.nationality) &&
      (!f.neighborhood || p.residentialNeighborhood === f.neighborhood),
  );
}

/** A player's events as the player page lists them: the past and today (latest first), then the future (soonest first). */
export function eventsInOrder<T extends { event: { date: string; time: string } }>(rows: readonly T[], today: string): T[] {
  const at = (x: T) => `${x.event.date} ${x.event.time}`;
  const past = rows.filter((x) => x.event.date <= today).sort((a, b) => at(b).localeCompare(at(a)));
  const future = rows.filter((x) => x.event.date > today).sort((a, b) => at(a).localeCompare(at(b)));
  return [...past, ...future];
}

/**
 * The page of a player's events shown: the latest `pastShown` of the past (and today), then the soonest
 * `futureShown` of what is to come, each part with how many it has in all (its "Show more").
 */
export function eventsPage<T extends { event: { date: string; time: string } }>(
  rows: readonly T[],
  today: string,
  pastShown: number,
  futureShown: number,
) {
  const ordered = eventsInOrder(rows, today);
  const past = ordered.filter((x) => x.event.date <= today);
  const future = ordered.filter((x) => x.event.date > today);
  const shownPast = past.slice(0, pastShown);
  return {
    rows: [...shownPast, ...future.slice(0, futureShown)],
    pastTotal: past.length,
    futureTotal: future.length,
    /** The last past row shown: its "Show more" follows it. */
    lastPast: shownPast.at(-1),
    /** The first row to come: the "Upcoming" heading goes before it. */
    firstUpcoming: future[0],
  };
}
