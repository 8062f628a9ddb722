import type { CollectionItem, CollectionState, MonthCollections } from '@kora/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { PlanDate, PlanDateText } from '../../components/PlanDate';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { call } from '../../lib/api';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { loadCatalog, useLocale } from '../../lib/i18n';
import type { MessageId } from '../../lib/message-ids';
import { useMoney } from '../../lib/money';

/** This month's fees (docs/domain.md, "Collected this month"): for members who read Settings. */
export const collectionsQuery = queryOptions({ queryKey: ['stats', 'collections'], queryFn: () => call('monthCollections') });

const FIGURES: { key: 'due' | 'collected' | 'failing' | 'overdue'; label: MessageId; tone: string }[] = [
  { key: 'due', label: 'collections.due', tone: 'text-slate-900' },
  { key: 'collected', label: 'collections.collected', tone: 'text-emerald-700' },
  { key: 'failing', label: 'collections.failing', tone: 'text-amber-700' },
  { key: 'overdue', label: 'collections.overdue', tone: 'text-red-700' },
];

const STATE_LABEL: Record<CollectionState, MessageId> = {
  due: 'collections.state.due',
  failing: 'collections.state.failing',
  overdue: 'collections.state.overdue',
};
const STATE_TONE: Record<CollectionState, string> = {
  due: 'bg-slate-100 text-slate-700',
  failing: 'bg-amber-100 text-amber-800',
  overdue: 'bg-red-100 text-red-800',
};

function StateBadge({ state }: { state: CollectionState }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONE[state]}`} data-testid="collection-state">
      <FormattedMessage id={STATE_LABEL[state]} />
    </span>
  );
}

/** What a saved card does for the row: charged on its renewal date, tried again after a refusal, or no longer tried. */
function AutoRenewal({ item }: { item: CollectionItem }) {
  const renewal = item.autoRenewal;
  if (!renewal) return null;
  const next = renewal.nextChargeOn;
  return (
    <p className="mt-1 text-xs text-slate-500" data-testid="collection-auto-renewal">
      {next === null ? (
        <FormattedMessage id="collections.autoRenewal.over" />
      ) : (
        <FormattedMessage
          id={item.state === 'failing' ? 'collections.autoRenewal.retry' : 'collections.autoRenewal.next'}
          values={{ date: <PlanDateText iso={next} /> }}
        />
      )}
    </p>
  );
}

/** The subscription's public payment page: a PENDING one's first period, any other's renewal. */
const payPath = (item: CollectionItem) =>
  `/${item.subscriptionStatus === 'PENDING' ? 'initial' : 'renew'}-subscription/${item.subscriptionId}`;

function Actions({ item }: { item: CollectionItem }) {
  return (
    <div className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
      <a href={payPath(item)} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 hover:underline">
        <FormattedMessage id="collections.paymentLink" />
      </a>
      <Link to="/settings" className="font-semibold text-brand-700 hover:underline">
        <FormattedMessage id="collections.subscription" />
      </Link>
    </div>
  );
}

function Figures({ data }: { data: MonthCollections }) {
  const money = useMoney();
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="collections-figures">
      {FIGURES.map((f) => (
        <div key={f.key} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5" data-testid={`collections-${f.key}`}>
          <dt className="text-xs font-medium text-slate-500 sm:text-sm">
            <FormattedMessage id={f.label} />
          </dt>
          <dd className={`mt-2 text-xl font-bold tabular-nums sm:text-2xl ${f.tone}`}>{money(data[f.key].amount)}</dd>
          <dd className="mt-1 text-xs text-slate-500">
            <FormattedMessage id="collections.families" values={{ count: data[f.key].families }} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ItemList({ items }: { items: CollectionItem[] }) {
  const { locale } = useLocale();
  const money = useMoney();
  const names = (item: CollectionItem) => ({
    family: displayName(item.family, locale),
    player: displayName(item.player, locale),
    pkg: displayName(item.package, locale),
  });
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      {/* Phones: one card per subscription. */}
      <ul className="divide-y divide-slate-100 md:hidden" data-testid="collections-cards">
        {items.map((item) => {
          const n = names(item);
          return (
            <li key={item.subscriptionId} className="space-y-2 p-4" data-testid="collection-card">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate font-semibold text-slate-900">{n.family}</p>
                  <p className="truncate text-sm text-slate-600">
                    {n.player} · {n.pkg}
                  </p>
                </div>
                <StateBadge state={item.state} />
              </div>
              <AutoRenewal item={item} />
              <div className="flex items-center justify-between gap-3 text-sm">
                <span className="font-semibold tabular-nums text-slate-900">{money(item.amount)}</span>
                <PlanDate iso={item.dueDate} className="text-slate-600" />
              </div>
              <Actions item={item} />
            </li>
          );
        })}
      </ul>
      <table className="hidden w-full text-start text-sm md:table" data-testid="collections-table">
        <thead className="bg-slate-50 text-xs font-medium text-slate-500">
          <tr>
            <th className="px-4 py-2 text-start">
              <FormattedMessage id="collections.column.family" />
            </th>
            <th className="px-4 py-2 text-start">
              <FormattedMessage id="collections.column.player" />
            </th>
            <th className="px-4 py-2 text-start">
              <FormattedMessage id="collections.column.dueDate" />
            </th>
            <th className="px-4 py-2 text-end">
              <FormattedMessage id="collections.column.amount" />
            </th>
            <th className="px-4 py-2 text-start">
              <FormattedMessage id="collections.column.state" />
            </th>
            <th className="px-4 py-2 text-start">
              <FormattedMessage id="collections.column.actions" />
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => {
            const n = names(item);
            return (
              <tr key={item.subscriptionId} data-testid="collection-row">
                <td className="px-4 py-2 font-medium text-slate-900">{n.family}</td>
                <td className="px-4 py-2 text-slate-700">
                  {n.player}
                  <span className="block text-xs text-slate-500">{n.pkg}</span>
                </td>
                <td className="px-4 py-2">
                  <PlanDate iso={item.dueDate} />
                </td>
                <td className="px-4 py-2 text-end tabular-nums">{money(item.amount)}</td>
                <td className="px-4 py-2">
                  <StateBadge state={item.state} />
                  <AutoRenewal item={item} />
                </td>
                <td className="px-4 py-2">
                  <Actions item={item} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The dashboard's "Collected this month": the four figures and the subscriptions to act on. */
export function Collections() {
  const errorText = useErrorText();
  const { locale } = useLocale();
  const query = useQuery(collectionsQuery);
  // Its words are in the catalogs' `settings` part, loaded here rather than by the shell's dashboard route; a failure leaves the ids.
  const words = useQuery({
    queryKey: ['catalog', 'settings', locale],
    queryFn: () => loadCatalog(locale, ['settings']).then(() => true),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (words.isPending) return <SkeletonRows rows={3} />;
  return (
    <section className="space-y-3" aria-labelledby="collections" data-testid="collections">
      <h2 id="collections" className="text-lg font-semibold text-slate-900">
        <FormattedMessage id="collections.title" />
      </h2>
      {query.isError ? (
        <LoadError onRetry={() => query.refetch()} retrying={query.isFetching}>
          {errorText(query.error, 'errors.stats.load_failed')}
        </LoadError>
      ) : query.isPending ? (
        <SkeletonRows rows={3} />
      ) : (
        <>
          <Figures data={query.data} />
          {query.data.items.length === 0 ? (
            <EmptyState>
              <FormattedMessage id="collections.nothingDue" />
            </EmptyState>
          ) : (
            <ItemList items={query.data.items} />
          )}
        </>
      )}
    </section>
  );
}
