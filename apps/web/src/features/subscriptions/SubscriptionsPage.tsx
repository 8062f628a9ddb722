import type { SubscriptionRow, TeamRef } from '@kora/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { inputClass } from '../../components/Field';
import { FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/form/PageHeader';
import { EmptyState, SkeletonRows } from '../../components/States';
import { TableHead } from '../../components/TableHead';
import { ColorDot } from '../../components/TeamColor';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import type { MessageId } from '../../lib/message-ids';
import { AddPlayerDialog } from '../players/AddPlayerDialog';
import { AGE_BANDS, type AgeBand } from '../players/helpers';
import { StatusBadge } from '../players/StatusBadge';
import { packagesQuery, subscriptionsQuery } from './api';
import { emptyFilters, filterRows, rowStatus, type SubscriptionFilters } from './helpers';
import { Period } from './Period';
import { SubscriptionActions } from './SubscriptionActions';

/** Settings → subscriptions (spec part 2 §2, §4): every player with their latest subscription and the actions its state allows. */
export function SubscriptionsPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { locale } = useLocale();
  const auth = useAuth();
  const canWrite = auth.canWrite('Settings');
  const canAdd = canWrite || auth.canWrite('Players');
  const qc = useQueryClient();
  const rows = useQuery(subscriptionsQuery);
  const packages = useQuery({ ...packagesQuery, enabled: canWrite });
  const [f, setF] = useState<SubscriptionFilters>(emptyFilters);
  const [showFilters, setShowFilters] = useState(false);
  const [adding, setAdding] = useState(false);
  const set = (k: keyof SubscriptionFilters) => (v: string) => setF((x) => ({ ...x, [k]: v }));

  const list = useMemo(() => filterRows(rows.data ?? [], f), [rows.data, f]);
  // The team filter offers the teams the listed players play in.
  const teams = useMemo(() => {
    const byId = new Map<string, TeamRef>();
    for (const r of rows.data ?? []) for (const team of r.player.teams) byId.set(team.id, team);
    return [...byId.values()].sort((x, y) => displayName(x, locale).localeCompare(displayName(y, locale)));
  }, [rows.data, locale]);
  const activeFilters = Object.entries(f).filter(([k, v]) => k !== 'q' && v && v !== 'all').length;
  const packageList = packages.data ?? [];

  const playerCell = (r: SubscriptionRow) => (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={r.player.name} nameArabic={r.player.nameArabic} src={r.player.avatar} />
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{displayName(r.player, locale)}</p>
        {r.player.teams.length > 0 && (
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
            {r.player.teams.map((team) => (
              <span key={team.id} className="inline-flex items-center gap-1">
                <ColorDot color={team.color} className="size-2" />
                {displayName(team, locale)}
              </span>
            ))}
          </p>
        )}
        {r.player.condition && <p className="text-xs text-amber-700">{r.player.condition}</p>}
      </div>
    </div>
  );
  const packageCell = (r: SubscriptionRow) =>
    r.subscription ? (
      <div>
        <p className="font-medium">{displayName(r.subscription.package, locale)}</p>
        <p className="text-xs text-slate-500">
          <FormattedMessage id={`subscriptions.type.${r.subscription.package.packageType}`} />
        </p>
      </div>
    ) : (
      <span className="text-slate-400">
        <FormattedMessage id="subscriptions.none" />
      </span>
    );
  const actions = (r: SubscriptionRow) => <SubscriptionActions row={r} packages={packageList} canWrite={canWrite} />;

  return (
    <div className="space-y-4">
      <PageHeader
        title={<FormattedMessage id="subscriptions.title" />}
        actions={
          canAdd && (
            <Button onClick={() => setAdding(true)}>
              <FormattedMessage id="players.add" />
            </Button>
          )
        }
      />
      <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
        <div className="flex gap-2">
          <input
            type="search"
            className={inputClass()}
            placeholder={t('subscriptions.search')}
            aria-label={t('subscriptions.search')}
            value={f.q}
            onChange={(e) => set('q')(e.target.value)}
          />
          <Button variant="outline" className="md:hidden" aria-expanded={showFilters} onClick={() => setShowFilters((s) => !s)}>
            <FormattedMessage id={showFilters ? 'players.hideFilters' : 'players.showFilters'} values={{ count: activeFilters }} />
          </Button>
        </div>
        <div className={`${showFilters ? 'grid' : 'hidden'} grid-cols-2 gap-3 md:grid md:grid-cols-4`}>
          <FilterSelect label={t('subscriptions.filter.packageType')} value={f.packageType} onChange={set('packageType')}>
            <option value="">{t('players.filter.all')}</option>
            <option value="TIME_BASED">{t('subscriptions.type.TIME_BASED')}</option>
            <option value="SESSION_BASED">{t('subscriptions.type.SESSION_BASED')}</option>
            <option value="NONE">{t('subscriptions.none')}</option>
          </FilterSelect>
          <FilterSelect label={t('players.filter.team')} value={f.team} onChange={set('team')}>
            <option value="">{t('players.filter.all')}</option>
            {teams.map((x) => (
              <option key={x.id} value={x.id}>
                {displayName(x, locale)}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label={t('players.filter.age')} value={f.age} onChange={set('age')}>
            {(Object.keys(AGE_BANDS) as AgeBand[]).map((b) => (
              <option key={b} value={b}>
                {b === 'all' ? t('players.filter.all') : b.replace('-', '–')}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label={t('players.condition')} value={f.condition} onChange={set('condition')}>
            <option value="">{t('players.filter.all')}</option>
            <option value="with">{t('players.filter.withCondition')}</option>
            <option value="without">{t('players.filter.withoutCondition')}</option>
          </FilterSelect>
        </div>
      </div>
      {rows.isError && !rows.data ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
        >
          <p>{errorText(rows.error, 'subscriptions.loadFailed')}</p>
          <Button variant="outline" className="min-h-9! py-1.5!" loading={rows.isFetching} onClick={() => rows.refetch()}>
            <FormattedMessage id="subscriptions.tryAgain" />
          </Button>
        </div>
      ) : rows.isPending ? (
        <SkeletonRows rows={8} />
      ) : list.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="subscriptions.noMatch" />
        </EmptyState>
      ) : (
        <div className="rounded-2xl border border-slate-200 bg-white">
          {/* Phones: one card per player, every action reachable without sideways scrolling. */}
          <ul className="divide-y divide-slate-100 md:hidden">
            {list.map((r) => (
              <li key={r.player.id} className="space-y-3 p-4" data-testid="subscription-row">
                <div className="flex items-start justify-between gap-3">
                  {playerCell(r)}
                  <StatusBadge status={rowStatus(r)} />
                </div>
                <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                  <div>
                    <dt className="text-xs text-slate-500">{t('subscriptions.col.package')}</dt>
                    <dd>{packageCell(r)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">{t('subscriptions.col.period')}</dt>
                    <dd>
                      <Period subscription={r.subscription} />
                    </dd>
                  </div>
                </dl>
                {actions(r)}
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-sm">
              <TableHead
                columns={[
                  'subscriptions.col.player',
                  'subscriptions.col.package',
                  'subscriptions.col.period',
                  'subscriptions.col.status',
                  'subscriptions.col.actions',
                ]}
              />
              <tbody className="divide-y divide-slate-100">
                {list.map((r) => (
                  <tr key={r.player.id} className="align-top hover:bg-slate-50" data-testid="subscription-row">
                    <td className="px-4 py-3">{playerCell(r)}</td>
                    <td className="px-4 py-3">{packageCell(r)}</td>
                    <td className="px-4 py-3">
                      <Period subscription={r.subscription} />
                    </td>
                    <td className="px-4 py-3">
                      <StatusBadge status={rowStatus(r)} />
                    </td>
                    <td className="px-4 py-3">{actions(r)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
            <FormattedMessage id="subscriptions.count" values={{ shown: list.length, total: rows.data?.length ?? 0 }} />
          </p>
        </div>
      )}
      {adding && (
        <AddPlayerDialog
          onClose={() => {
            setAdding(false);
            void qc.invalidateQueries({ queryKey: ['subscriptions'] });
          }}
        />
      )}
    </div>
  );
}
