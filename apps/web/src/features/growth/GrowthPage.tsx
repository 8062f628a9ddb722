// Why: the growth list (docs/domain.md, "Screens"): every player with their latest measurements, searchable
// and filtered by team and age group.
import { AGE_GROUPS, ageGroupOf, type GrowthMetricKey, type GrowthPlayerRow, isOneOf, riyadhToday } from '@kora/contracts';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '../../components/Avatar';
import { FilterSelect } from '../../components/FilterSelect';
import { CardFields, ListScreen, ROW_ACTION_CLASS } from '../../components/ListScreen';
import { PlanDate } from '../../components/PlanDate';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';
import { useListSearch } from '../../lib/list-search';
import type { MessageId } from '../../lib/message-ids';
import { TeamFilter, useListedTeams } from '../players/Filters';
import { useGrowthPlayers } from './api';
import { ageGroupLabel, formatMetric } from './format';
import { emptyGrowthFilters, filterGrowthRows, type GrowthFilters } from './helpers';

const CHOICES = { ageGroup: AGE_GROUPS };

/** The measurements the list shows of each player's latest record. */
const LIST_METRICS: GrowthMetricKey[] = ['height', 'weight', 'armSpan', 'sprint10m', 'sprint20m', 'verticalJump'];

export function GrowthPage() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { locale } = useLocale();
  const rows = useGrowthPlayers();
  const paged = useListSearch<GrowthFilters>(emptyGrowthFilters, CHOICES);
  const f = paged.filters;
  const today = riyadhToday();
  const list = useMemo(() => filterGrowthRows(rows.data ?? [], f, today, locale), [rows.data, f, today, locale]);
  const teams = useListedTeams(rows.data);

  const group = (r: GrowthPlayerRow) => {
    const g = ageGroupOf(r.player.birthdate, today);
    return g ? ageGroupLabel(intl, g) : '—';
  };
  const lastDate = (r: GrowthPlayerRow) => (r.latest ? <PlanDate iso={r.latest.date} /> : <FormattedMessage id="growth.notMeasured" />);
  const viewLink = (r: GrowthPlayerRow, className: string) => (
    <Link
      to="/growth/$playerId"
      params={{ playerId: r.player.id }}
      data-testid="growth-view"
      aria-label={`${t('growth.view')} – ${displayName(r.player, locale)}`}
      className={`${ROW_ACTION_CLASS} ${className}`}
    >
      <FormattedMessage id="growth.view" />
    </Link>
  );

  const who = (r: GrowthPlayerRow, sub: ReactNode) => (
    <>
      <Avatar name={r.player.name} nameArabic={r.player.nameArabic} src={r.player.avatar} />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900">{displayName(r.player, locale)}</p>
        <p className="text-xs text-slate-500">{sub}</p>
      </div>
    </>
  );
  const metric = (r: GrowthPlayerRow, m: GrowthMetricKey) => <bdi>{formatMetric(intl, m, r.latest?.[m])}</bdi>;

  return (
    <ListScreen
      title={<FormattedMessage id="nav.growth" />}
      search={{ label: 'growth.search', value: f.q, onChange: (q) => paged.setFilter('q', q) }}
      activeFilters={paged.active}
      filters={
        <>
          <TeamFilter teams={teams} value={f.team} onChange={(team) => paged.setFilter('team', team)} />
          <FilterSelect
            label={t('growth.filter.ageGroup')}
            value={f.ageGroup}
            onChange={(v) => paged.setFilter('ageGroup', isOneOf(AGE_GROUPS, v) ? v : '')}
            all={t('growth.filter.all')}
            options={AGE_GROUPS.map((g) => ({ value: g, label: ageGroupLabel(intl, g) }))}
          />
        </>
      }
      query={rows}
      texts="growth"
      rows={list}
      rowKey={(r) => r.player.id}
      testId="growth-row"
      paging={paged}
      card={(r) => (
        <>
          <div className="flex items-start gap-3">
            {who(
              r,
              <>
                {group(r)} · {lastDate(r)}
              </>,
            )}
          </div>
          {r.latest && <CardFields fields={LIST_METRICS.map((m) => ({ label: `growth.metric.${m}` as const, value: metric(r, m) }))} />}
          {viewLink(r, 'block rounded-lg border border-slate-300 px-4 py-2 text-center text-sm')}
        </>
      )}
      columns={[
        {
          header: 'growth.col.player',
          className: 'min-w-56',
          cell: (r) => (
            <div className="flex items-center gap-3">
              {who(r, r.player.teams.map((x) => displayName(x, locale)).join(t('events.listSeparator')))}
            </div>
          ),
        },
        { header: 'growth.col.ageGroup', className: 'whitespace-nowrap', cell: group },
        { header: 'growth.col.lastMeasured', className: 'whitespace-nowrap', cell: lastDate },
        ...LIST_METRICS.map((m) => ({
          header: `growth.metric.${m}` as const,
          className: 'whitespace-nowrap',
          cell: (r: GrowthPlayerRow) => metric(r, m),
        })),
        { header: 'growth.col.actions', className: 'whitespace-nowrap', cell: (r) => viewLink(r, '') },
      ]}
      footer={<FormattedMessage id="growth.count" values={{ shown: list.length, total: rows.data?.length ?? 0 }} />}
    />
  );
}
