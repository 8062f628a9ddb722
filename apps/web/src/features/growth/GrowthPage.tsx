// Why: the growth list (spec part 2 §2): every player with their latest measurements, searchable and filtered by team and age group.
import { AGE_GROUPS, type AgeGroup, ageGroupOf, type GrowthMetricKey, type GrowthPlayerRow, riyadhToday } from '@kora/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '../../components/Avatar';
import { inputClass } from '../../components/Field';
import { FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/form/PageHeader';
import { ShowMore } from '../../components/ShowMore';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { TableHead } from '../../components/TableHead';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { useListSearch } from '../../lib/list-search';
import type { MessageId } from '../../lib/message-ids';
import { useGrowthPlayers } from './api';
import { ageGroupLabel, formatMetric } from './format';
import { emptyGrowthFilters, filterGrowthRows, type GrowthFilters } from './helpers';

const growthRoute = getRouteApi('/app/growth');
const CHOICES = { ageGroup: AGE_GROUPS };

/** The measurements the list shows of each player's latest record. */
const LIST_METRICS: GrowthMetricKey[] = ['height', 'weight', 'armSpan', 'sprint10m', 'sprint20m', 'verticalJump'];

export function GrowthPage() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const errorText = useErrorText();
  const { locale } = useLocale();
  const rows = useGrowthPlayers();
  const paged = useListSearch<GrowthFilters>(growthRoute.useSearch(), emptyGrowthFilters, CHOICES);
  // The search box keeps what is typed at once; the address follows.
  const [q, setQ] = useState(paged.filters.q);
  const f = useMemo(() => ({ ...paged.filters, q }), [paged.filters, q]);
  const today = riyadhToday();
  const list = useMemo(() => filterGrowthRows(rows.data ?? [], f, today, locale), [rows.data, f, today, locale]);
  const page = list.slice(0, paged.shown);
  // The teams of the listed players, for the team filter (no second call).
  const teams = useMemo(() => {
    const all = new Map((rows.data ?? []).flatMap((r) => r.player.teams.map((x) => [x.id, x] as const)));
    return [...all.values()].sort((a, b) => displayName(a, locale).localeCompare(displayName(b, locale), locale));
  }, [rows.data, locale]);

  const group = (r: GrowthPlayerRow) => {
    const g = ageGroupOf(r.player.birthdate, today);
    return g ? ageGroupLabel(intl, g) : '—';
  };
  const lastDate = (r: GrowthPlayerRow) =>
    r.latest ? <FormattedDate value={`${r.latest.date}T12:00:00`} dateStyle="medium" /> : <FormattedMessage id="growth.notMeasured" />;
  const viewLink = (r: GrowthPlayerRow, className: string) => (
    <Link
      to="/growth/$playerId"
      params={{ playerId: r.player.id }}
      data-testid="growth-view"
      aria-label={`${t('growth.view')} – ${displayName(r.player, locale)}`}
      className={`font-semibold text-brand-700 hover:underline ${className}`}
    >
      <FormattedMessage id="growth.view" />
    </Link>
  );

  return (
    <div className="space-y-4">
      <PageHeader title={<FormattedMessage id="nav.growth" />} />
      <div className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 md:grid-cols-4">
        <div className="col-span-2 flex flex-col gap-1">
          <label htmlFor="growth-search" className="text-xs font-medium text-slate-600">
            {t('growth.search')}
          </label>
          <input
            id="growth-search"
            type="search"
            className={inputClass()}
            placeholder={t('growth.search')}
            value={f.q}
            onChange={(e) => {
              setQ(e.target.value);
              paged.setFilter('q', e.target.value);
            }}
          />
        </div>
        <FilterSelect label={t('growth.filter.team')} value={f.team} onChange={(team) => paged.setFilter('team', team)}>
          <option value="">{t('growth.filter.all')}</option>
          {teams.map((x) => (
            <option key={x.id} value={x.id}>
              {displayName(x, locale)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label={t('growth.filter.ageGroup')}
          value={f.ageGroup}
          onChange={(v) => paged.setFilter('ageGroup', v as AgeGroup | '')}
        >
          <option value="">{t('growth.filter.all')}</option>
          {AGE_GROUPS.map((g) => (
            <option key={g} value={g}>
              {ageGroupLabel(intl, g)}
            </option>
          ))}
        </FilterSelect>
      </div>
      {rows.isError && !rows.data ? (
        <LoadError onRetry={() => rows.refetch()} retrying={rows.isFetching}>
          {errorText(rows.error, 'growth.loadFailed')}
        </LoadError>
      ) : rows.isPending ? (
        <SkeletonRows rows={8} />
      ) : list.length === 0 ? (
        <EmptyState>
          <FormattedMessage id={rows.data?.length ? 'growth.noMatch' : 'growth.empty'} />
        </EmptyState>
      ) : (
        <div className="rounded-2xl border border-slate-200 bg-white">
          {/* Phones: one card per player, every value and the link reachable without sideways scrolling. */}
          <ul className="divide-y divide-slate-100 md:hidden">
            {page.map((r) => (
              <li key={r.player.id} className="space-y-3 p-4" data-testid="growth-row">
                <div className="flex items-start gap-3">
                  <Avatar name={r.player.name} nameArabic={r.player.nameArabic} src={r.player.avatar} />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-slate-900">{displayName(r.player, locale)}</p>
                    <p className="text-xs text-slate-500">
                      {group(r)} · {lastDate(r)}
                    </p>
                  </div>
                </div>
                {r.latest && (
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                    {LIST_METRICS.map((m) => (
                      <div key={m}>
                        <dt className="text-xs text-slate-500">{t(`growth.metric.${m}`)}</dt>
                        <dd>
                          <bdi>{formatMetric(intl, m, r.latest?.[m])}</bdi>
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
                {viewLink(r, 'block rounded-lg border border-slate-300 px-4 py-2 text-center text-sm')}
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-sm">
              <TableHead
                columns={[
                  'growth.col.player',
                  'growth.col.ageGroup',
                  'growth.col.lastMeasured',
                  ...LIST_METRICS.map((m) => `growth.metric.${m}` as const),
                  'growth.col.actions',
                ]}
              />
              <tbody className="divide-y divide-slate-100">
                {page.map((r) => (
                  <tr key={r.player.id} className="hover:bg-slate-50" data-testid="growth-row">
                    <td className="px-4 py-3">
                      <div className="flex items-center gap-3">
                        <Avatar name={r.player.name} nameArabic={r.player.nameArabic} src={r.player.avatar} />
                        <div>
                          <p className="font-medium text-slate-900">{displayName(r.player, locale)}</p>
                          <p className="text-xs text-slate-500">
                            {r.player.teams.map((x) => displayName(x, locale)).join(locale === 'ar' ? '، ' : ', ')}
                          </p>
                        </div>
                      </div>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">{group(r)}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{lastDate(r)}</td>
                    {LIST_METRICS.map((m) => (
                      <td key={m} className="px-4 py-3 whitespace-nowrap">
                        <bdi>{formatMetric(intl, m, r.latest?.[m])}</bdi>
                      </td>
                    ))}
                    <td className="px-4 py-3">{viewLink(r, '')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ShowMore shown={page.length} total={list.length} onMore={paged.showMore} />
          <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
            <FormattedMessage id="growth.count" values={{ shown: list.length, total: rows.data?.length ?? 0 }} />
          </p>
        </div>
      )}
    </div>
  );
}
