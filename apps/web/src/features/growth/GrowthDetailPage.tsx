// Why: one player's growth (docs/domain.md, "Screens"): a metric's chart against the age group's median, the
// records, and adding, editing and deleting them.
import { ageGroupOf, GROWTH_METRICS, type GrowthMetric, type GrowthMetricKey, isOneOf, riyadhToday } from '@kora/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { DialogLoading } from '../../components/DialogLoading';
import { inputClass } from '../../components/Field';
import { PageHeader } from '../../components/form/PageHeader';
import { PlanDate } from '../../components/PlanDate';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { useGrowthMedians, useGrowthMutations, useGrowthPlayers, usePlayerGrowth } from './api';
import { ageGroupLabel } from './format';
import { RecordsTable } from './RecordsTable';

const RecordDialog = lazy(() => import('./RecordDialog').then((m) => ({ default: m.RecordDialog })));

const GrowthChart = lazy(() => import('./GrowthChart'));
const route = getRouteApi('/app/growth/$playerId');

export function GrowthDetailPage() {
  const { playerId } = route.useParams();
  const intl = useIntl();
  const errorText = useErrorText();
  const toast = useToast();
  const { locale } = useLocale();
  const canWrite = useAuth().canWrite('Growth');
  const selectId = useId();
  const players = useGrowthPlayers();
  const growth = usePlayerGrowth(playerId);
  const medians = useGrowthMedians(playerId);
  const { remove } = useGrowthMutations();
  const [metric, setMetric] = useState<GrowthMetricKey>('height');
  const [editing, setEditing] = useState<GrowthMetric | null | 'new'>(null);
  const [deleting, setDeleting] = useState<GrowthMetric | null>(null);

  const player = players.data?.find((r) => r.player.id === playerId)?.player;
  const records = useMemo(() => [...(growth.data ?? [])].sort((a, b) => a.date.localeCompare(b.date)), [growth.data]);
  const group = ageGroupOf(player?.birthdate, riyadhToday());
  const notFound = growth.error instanceof ApiError && growth.error.status === 404;
  const hasValues = records.some((r) => r[metric] != null);
  const metricName = intl.formatMessage({ id: `growth.metric.${metric}` });

  const back = (
    <Link to="/growth" className="text-sm font-semibold text-brand-700 hover:underline">
      <FormattedMessage id="growth.back" />
    </Link>
  );
  if (notFound)
    return (
      <div className="space-y-4">
        {back}
        <EmptyState>
          <FormattedMessage id="growth.playerNotFound" />
        </EmptyState>
      </div>
    );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast(intl.formatMessage({ id: 'growth.deleted' }));
      setDeleting(null);
    } catch {
      // The dialog shows the failure.
    }
  };

  return (
    <div className="space-y-4">
      {back}
      <PageHeader
        title={player ? displayName(player, locale) : <FormattedMessage id="growth.detail" />}
        actions={
          canWrite && (
            <Button onClick={() => setEditing('new')}>
              <FormattedMessage id="growth.add" />
            </Button>
          )
        }
      />
      {group && (
        <p className="text-sm text-slate-600">
          {ageGroupLabel(intl, group)}
          {medians.data && (
            <>
              {' · '}
              <FormattedMessage id="growth.peers" values={{ count: medians.data.playersCount }} />
            </>
          )}
        </p>
      )}
      {growth.isError && !growth.data ? (
        <LoadError onRetry={() => growth.refetch()} retrying={growth.isFetching}>
          {errorText(growth.error, 'growth.recordsFailed')}
        </LoadError>
      ) : growth.isPending ? (
        <SkeletonRows rows={6} />
      ) : records.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="growth.noMetrics" />
        </EmptyState>
      ) : (
        <>
          <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 className="font-semibold text-slate-900">
                <FormattedMessage id="growth.chartTitle" values={{ metric: metricName }} />
              </h2>
              <div className="flex flex-col gap-1">
                <label htmlFor={selectId} className="text-xs font-medium text-slate-600">
                  <FormattedMessage id="growth.metricSelect" />
                </label>
                <select
                  id={selectId}
                  className={inputClass()}
                  value={metric}
                  onChange={(e) => {
                    if (isOneOf(GROWTH_METRICS, e.target.value)) setMetric(e.target.value);
                  }}
                  data-testid="growth-metric"
                >
                  {GROWTH_METRICS.map((m) => (
                    <option key={m} value={m}>
                      {intl.formatMessage({ id: `growth.metric.${m}` })}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {hasValues ? (
              <Suspense fallback={<div className="h-72 animate-pulse rounded-xl bg-slate-100" />}>
                <GrowthChart records={records} medians={medians.data} metric={metric} />
              </Suspense>
            ) : (
              <EmptyState>
                <FormattedMessage id="growth.noChartData" values={{ metric: metricName }} />
              </EmptyState>
            )}
          </section>
          <section className="space-y-2">
            <h2 className="font-semibold text-slate-900">
              <FormattedMessage id="growth.records" />
            </h2>
            <RecordsTable
              records={records}
              onEdit={canWrite ? (r) => setEditing(r) : undefined}
              onDelete={canWrite ? (r) => setDeleting(r) : undefined}
            />
          </section>
        </>
      )}
      {editing && (
        <Suspense fallback={<DialogLoading />}>
          <RecordDialog playerId={playerId} record={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => {
          if (!o) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={<FormattedMessage id="growth.deleteTitle" />}
        text={<FormattedMessage id="growth.deleteText" values={{ date: deleting ? <PlanDate iso={deleting.date} /> : '' }} />}
        confirmLabel={<FormattedMessage id="growth.delete" />}
        onConfirm={confirmDelete}
        loading={remove.isPending}
        error={remove.isError ? errorText(remove.error, 'growth.deleteFailed') : undefined}
      />
    </div>
  );
}
