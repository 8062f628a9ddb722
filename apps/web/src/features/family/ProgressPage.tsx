// Why: parents' most common complaint is not seeing their child's development — attendance month by
// month with its rate, and the growth records on the staff Growth page's own chart (the child against
// the age group's median), read-only.
import { GROWTH_METRICS, type GrowthMetricKey } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { inputClass } from '../../components/Field';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { formatMetric } from '../growth/format';
import { familyProgressQuery } from './api';
import { ChildPage } from './ChildPage';
import { Card, monthText } from './parts';

const GrowthChart = lazy(() => import('../growth/GrowthChart'));
const route = getRouteApi('/family/progress');

function Rate({ rate }: { rate: number | null }) {
  const intl = useIntl();
  return <>{rate == null ? '—' : intl.formatNumber(rate / 100, { style: 'percent' })}</>;
}

function Progress({ childId }: { childId: string }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const errorText = useErrorText();
  const selectId = useId();
  const progress = useQuery(familyProgressQuery(childId));
  const [chosen, setMetric] = useState<GrowthMetricKey>();
  if (progress.isError)
    return (
      <LoadError onRetry={() => void progress.refetch()} retrying={progress.isFetching}>
        {errorText(progress.error, 'family.loadFailed')}
      </LoadError>
    );
  if (progress.isPending) return <SkeletonRows rows={6} />;
  const { attendance, growth, medians } = progress.data;
  // Months with nothing marked (holidays, before the child joined) are left out rather than shown empty.
  const marked = attendance.months.filter((m) => m.marked > 0);
  const measured = GROWTH_METRICS.filter((m) => growth.some((r) => r[m] != null));
  const metric = chosen ?? measured[0] ?? 'height';
  const latest = growth.at(-1);
  return (
    <>
      <Card className="space-y-3" data-testid="family-attendance">
        <div className="flex items-baseline justify-between gap-2">
          <h2 className="font-semibold text-slate-900">
            <FormattedMessage id="family.progress.attendance" />
          </h2>
          {attendance.marked > 0 && (
            <p className="text-2xl font-bold text-brand-700" data-testid="family-attendance-rate">
              <Rate rate={attendance.rate} />
            </p>
          )}
        </div>
        {attendance.marked > 0 && (
          <p className="text-sm text-slate-600">
            <FormattedMessage id="family.progress.attended" values={{ attended: attendance.attended, marked: attendance.marked }} />
          </p>
        )}
        {marked.length === 0 ? (
          <p className="text-sm text-slate-500">
            <FormattedMessage id="family.progress.noAttendance" />
          </p>
        ) : (
          <ul className="space-y-2">
            {marked.map((m) => (
              <li key={m.month} className="grid grid-cols-[7.5rem_1fr_3rem] items-center gap-2 text-sm">
                <span className="truncate text-slate-700">{monthText(m.month, locale)}</span>
                <span
                  className="h-2.5 overflow-hidden rounded-full bg-slate-100"
                  role="img"
                  aria-label={intl.formatMessage({ id: 'family.progress.attended' }, { attended: m.attended, marked: m.marked })}
                >
                  <span className="block h-full rounded-full bg-brand-600" style={{ width: `${m.rate ?? 0}%` }} />
                </span>
                <span className="text-end font-medium text-slate-700 tabular-nums">
                  <Rate rate={m.rate} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card className="space-y-3" data-testid="family-growth">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 className="font-semibold text-slate-900">
            <FormattedMessage id="family.progress.growth" />
          </h2>
          {measured.length > 1 && (
            <div className="flex flex-col gap-1">
              <label htmlFor={selectId} className="text-xs font-medium text-slate-600">
                <FormattedMessage id="growth.metricSelect" />
              </label>
              <select
                id={selectId}
                className={inputClass()}
                value={metric}
                onChange={(e) => setMetric(measured.find((m) => m === e.target.value))}
              >
                {measured.map((m) => (
                  <option key={m} value={m}>
                    {intl.formatMessage({ id: `growth.metric.${m}` })}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        {measured.length === 0 ? (
          <EmptyState>
            <FormattedMessage id="family.progress.noGrowth" />
          </EmptyState>
        ) : (
          <>
            <Suspense fallback={<div className="h-72 animate-pulse rounded-xl bg-slate-100" />}>
              <GrowthChart records={growth} medians={medians} metric={metric} />
            </Suspense>
            {latest && (
              <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
                {measured.map((m) => (
                  <div key={m} className="rounded-lg bg-slate-50 px-3 py-2">
                    <dt className="text-xs text-slate-500">{intl.formatMessage({ id: `growth.metric.${m}` })}</dt>
                    <dd className="font-semibold text-slate-900">
                      {formatMetric(intl, m, [...growth].reverse().find((r) => r[m] != null)?.[m])}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </>
        )}
      </Card>
    </>
  );
}

export function FamilyProgressPage() {
  const search = route.useSearch();
  return <ChildPage title={<FormattedMessage id="family.progress.title" />} to="/family/progress" chosen={search.child} part={Progress} />;
}
