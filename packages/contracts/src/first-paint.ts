// Why: the server answers a signed-in screen's document with the screen's first data (apps/server/src/web/
// app-document.ts) and the web app takes those answers instead of asking again (apps/web/src/lib/api.ts,
// `call`). An answer is found by its address, so both sides build the same addresses from this one table.
import { addDaysIso, DASHBOARD_EVENT_DAYS } from './event-rules.js';
import { ROUTES, type RouteKey } from './routes.js';
import { weekOf, weekParam, weekRange } from './week.js';

type Language = 'en' | 'ar';

/** A GET's address parts: path parameters and query (what `call` sends). */
export interface AddressInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
}

/** The address of a call: its path filled in, then its query in the input's order (empty values left out). */
export function addressOf(key: RouteKey, input: AddressInput = {}) {
  const filled = ROUTES[key][1].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined && v !== null && v !== '') query.set(k, String(v));
  const qs = query.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/** What a screen's first data depends on: its address's search, Riyadh's today, the language (a week's first day), the member. */
export interface FirstPaintContext {
  search: Record<string, unknown>;
  today: string;
  locale: Language;
  userId: string;
}

export interface FirstRequest extends AddressInput {
  key: RouteKey;
}

const weekOfSearch = (c: FirstPaintContext) => weekRange(weekOf(weekParam(c.search.week), c.locale, c.today).start);

/**
 * The signed-in screens whose document carries their first data, by path: the GETs each screen's loader makes
 * first, with the same inputs (apps/web/src/lib/first-paint.test.ts proves the loaders take exactly these).
 */
export const FIRST_PAINT: Record<string, (c: FirstPaintContext) => FirstRequest[]> = {
  '/': (c) => [
    { key: 'monthlyStats' },
    { key: 'listEvents', query: { startDate: c.today, endDate: addDaysIso(c.today, DASHBOARD_EVENT_DAYS - 1) } },
  ],
  '/players': () => [{ key: 'listUsers', query: { role: 'PLAYER' } }, { key: 'listTeams' }],
  '/schedule': (c) => [{ key: 'listTeams' }, { key: 'listEvents', query: weekOfSearch(c) }],
  // The coach's own week: nothing to ask before the member is known.
  '/trainings': (c) => (c.userId ? [{ key: 'listEvents', query: { ...weekOfSearch(c), coachId: c.userId } }] : []),
  '/settings': () => [{ key: 'listSubscriptions' }],
};

/** The first requests of a path (none for a screen not in the table). */
export const firstRequestsOf = (pathname: string, c: FirstPaintContext): FirstRequest[] =>
  Object.hasOwn(FIRST_PAINT, pathname) ? FIRST_PAINT[pathname](c) : [];

/**
 * The staff app's sections: the first segment of every working area's address (apps/web/src/lib/areas.ts
 * `AREA_ROUTES`; apps/web/src/boot-shell.test.tsx proves the two agree). Only their addresses are drawn in the
 * staff frame: the sign-in, payment and other pages a member may also open have frames of their own.
 */
export const STAFF_APP_SECTIONS = ['trainings', 'teams', 'players', 'growth', 'coaches', 'schedule', 'settings'] as const;
export const isStaffAppPath = (pathname: string) =>
  pathname === '/' || STAFF_APP_SECTIONS.some((section) => pathname === `/${section}` || pathname.startsWith(`/${section}/`));

/** The family portal's addresses (the parent's own session), not its sign-in. */
export const isFamilyPortalPath = (pathname: string) =>
  pathname === '/family' || (pathname.startsWith('/family/') && !pathname.startsWith('/family/sign-in'));

/** The portal's screens whose documents carry their first data beyond the layout's `familyMe`, by path. */
export const FAMILY_FIRST_PAINT: Record<string, FirstRequest[]> = {
  '/family': [{ key: 'familyHome' }],
};

/** A portal address's first requests: the layout's (the parent and their children), then its screen's. */
export const familyFirstRequestsOf = (pathname: string): FirstRequest[] => [
  { key: 'familyMe' },
  ...(Object.hasOwn(FAMILY_FIRST_PAINT, pathname) ? FAMILY_FIRST_PAINT[pathname] : []),
];

/**
 * What a signed-in document carries for the app to start from (the JSON of `<script type="application/json"
 * id="kora-boot">`): the language it was drawn in, whose session it is (a member's, with `me`'s answer, or a
 * parent's in the family portal, whose `familyMe` is among the answers), and answers by address.
 */
export interface BootData {
  locale: Language;
  session: 'member' | 'family';
  me: unknown;
  answers: Record<string, unknown>;
}
export const BOOT_ELEMENT_ID = 'kora-boot';
