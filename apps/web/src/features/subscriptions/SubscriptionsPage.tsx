import type { SubscriptionRow } from '@kora/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { DialogLoading } from '../../components/DialogLoading';
import { FilterSelect } from '../../components/FilterSelect';
import { CardFields, ListScreen } from '../../components/ListScreen';
import { ColorDot } from '../../components/TeamColor';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';
import { useListSearch } from '../../lib/list-search';
import type { MessageId } from '../../lib/message-ids';
import { AgeBandFilter, ConditionFilter, TeamFilter, useListedTeams } from '../players/Filters';
import { AGE_BANDS } from '../players/helpers';
import { MedicalNote } from '../players/MedicalNote';
import { StatusBadge } from '../players/StatusBadge';
import { packagesQuery, subscriptionsQuery } from './api';
import { emptyFilters, filterRows, rowStatus, type SubscriptionFilters } from './helpers';
import { Period } from './Period';
import { SubscriptionActions } from './SubscriptionActions';

// The add form (phone, date and country controls with their metadata) loads when it is opened.
const AddPlayerDialog = lazy(() => import('../players/AddPlayerDialog').then((m) => ({ default: m.AddPlayerDialog })));

/** The values a filter of the address may take (others fall back to "All"). */
const CHOICES = {
  packageType: ['TIME_BASED', 'SESSION_BASED', 'NONE'],
  age: Object.keys(AGE_BANDS),
  condition: ['with', 'without'],
} as const;

/**
 * Settings → subscriptions (docs/domain.md, "Subscription lifecycle"): every player with their latest subscription
 * and the actions its state allows.
 */
export function SubscriptionsPage() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { locale } = useLocale();
  const auth = useAuth();
  const canWrite = auth.canWrite('Settings');
  const canAdd = canWrite || auth.canWrite('Players');
  const qc = useQueryClient();
  const rows = useQuery(subscriptionsQuery);
  const packages = useQuery({ ...packagesQuery, enabled: canWrite });
  const paged = useListSearch<SubscriptionFilters>(emptyFilters, CHOICES);
  const f = paged.filters;
  const [adding, setAdding] = useState(false);
  const set = (k: keyof SubscriptionFilters) => (v: string) => paged.setFilter(k, v);

  const list = useMemo(() => filterRows(rows.data ?? [], f), [rows.data, f]);
  const teams = useListedTeams(rows.data);
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
        <MedicalNote player={r.player} className="text-xs text-amber-700" />
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
      <span className="text-slate-500">
        <FormattedMessage id="subscriptions.none" />
      </span>
    );
  const actions = (r: SubscriptionRow) => <SubscriptionActions row={r} packages={packageList} canWrite={canWrite} />;

  return (
    <ListScreen
      title={<FormattedMessage id="subscriptions.title" />}
      subtitle={!canWrite && <FormattedMessage id="subscriptions.readOnly" />}
      actions={
        canAdd && (
          <Button onClick={() => setAdding(true)}>
            <FormattedMessage id="players.add" />
          </Button>
        )
      }
      search={{ label: 'subscriptions.search', value: f.q, onChange: set('q') }}
      activeFilters={paged.active}
      filters={
        <>
          <FilterSelect label={t('subscriptions.filter.packageType')} value={f.packageType} onChange={set('packageType')}>
            <option value="">{t('players.filter.all')}</option>
            <option value="TIME_BASED">{t('subscriptions.type.TIME_BASED')}</option>
            <option value="SESSION_BASED">{t('subscriptions.type.SESSION_BASED')}</option>
            <option value="NONE">{t('subscriptions.none')}</option>
          </FilterSelect>
          <TeamFilter teams={teams} value={f.team} onChange={set('team')} />
          <AgeBandFilter value={f.age} onChange={set('age')} />
          <ConditionFilter value={f.condition} onChange={set('condition')} />
        </>
      }
      query={rows}
      texts="subscriptions"
      retryLabel="subscriptions.tryAgain"
      rows={list}
      rowKey={(r) => r.player.id}
      testId="subscription-row"
      paging={paged}
      card={(r) => (
        <>
          <div className="flex items-start justify-between gap-3">
            {playerCell(r)}
            <StatusBadge status={rowStatus(r)} />
          </div>
          <CardFields
            fields={[
              { label: 'subscriptions.col.package', value: packageCell(r) },
              { label: 'subscriptions.col.period', value: <Period subscription={r.subscription} /> },
            ]}
          />
          {actions(r)}
        </>
      )}
      columns={[
        { header: 'subscriptions.col.player', className: 'min-w-56', cell: playerCell },
        { header: 'subscriptions.col.package', className: 'min-w-36', cell: packageCell },
        { header: 'subscriptions.col.period', cell: (r) => <Period subscription={r.subscription} /> },
        { header: 'subscriptions.col.status', cell: (r) => <StatusBadge status={rowStatus(r)} /> },
        { header: 'subscriptions.col.actions', cell: actions },
      ]}
      footer={<FormattedMessage id="subscriptions.count" values={{ shown: list.length, total: rows.data?.length ?? 0 }} />}
    >
      {adding && (
        <Suspense fallback={<DialogLoading />}>
          <AddPlayerDialog
            onClose={() => {
              setAdding(false);
              void qc.invalidateQueries({ queryKey: ['subscriptions'] });
            }}
          />
        </Suspense>
      )}
    </ListScreen>
  );
}
