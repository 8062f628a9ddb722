import { type PackageType, riyadhToday, type SubscriptionRow, type SubscriptionStatus } from '@kora/contracts';
import { type AgeBand, ageOf, inAgeBand } from '../players/helpers';

export interface SubscriptionFilters {
  q: string;
  /** A package type, or NONE for players without a subscription. */
  packageType: '' | PackageType | 'NONE';
  team: string;
  age: AgeBand;
  condition: '' | 'with' | 'without';
}
export const emptyFilters: SubscriptionFilters = { q: '', packageType: '', team: '', age: 'all', condition: '' };

/** The status a row shows: its subscription's, INACTIVE without one (docs/domain.md, "Subscription lifecycle"). */
export const rowStatus = (row: SubscriptionRow): SubscriptionStatus => row.subscription?.status ?? 'INACTIVE';

/** The actions of a row by its state (docs/domain.md, "Subscription lifecycle", "Actions by state"). */
export type RowActions = 'new' | 'pending' | 'paused' | 'running' | 'expired';
export function actionsOf(row: SubscriptionRow): RowActions {
  const s = row.subscription;
  if (!s || s.status === 'CANCELLED') return 'new';
  if (s.status === 'PENDING') return 'pending';
  if (s.status === 'PAUSED') return 'paused';
  if (s.status === 'INACTIVE') return 'expired';
  return 'running';
}

/** Search by the player's name (either language) or package name; filters by package type, team, age band and condition. */
export function filterRows(rows: SubscriptionRow[], f: SubscriptionFilters, today = riyadhToday()) {
  const q = f.q.trim().toLowerCase();
  return rows.filter(({ player: p, subscription: s }) => {
    const pkg = s?.package;
    return (
      (!q ||
        p.name.toLowerCase().includes(q) ||
        (p.nameArabic ?? '').includes(q) ||
        (pkg?.name ?? '').toLowerCase().includes(q) ||
        (pkg?.nameArabic ?? '').includes(q)) &&
      (!f.packageType || (f.packageType === 'NONE' ? !s : pkg?.packageType === f.packageType)) &&
      (!f.team || p.teams.some((t) => t.id === f.team)) &&
      inAgeBand(ageOf(p.birthdate, today), f.age) &&
      (!f.condition || (f.condition === 'with' ? p.hasMedicalNote : !p.hasMedicalNote))
    );
  });
}

/** The public payment pages a row links to (absolute, for sharing with a parent). */
export const paymentLink = (kind: 'initial-subscription' | 'renew-subscription', id: string, where: Pick<Location, 'protocol' | 'host'>) =>
  `${where.protocol}//${where.host}/${kind}/${id}`;
