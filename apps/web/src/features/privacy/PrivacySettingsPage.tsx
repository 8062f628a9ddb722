// Why: the academy keeps players' data only as long as needed (docs/domain.md, "Privacy requests"):
// players inactive for its years are reviewed here and erased on confirmation, and the periods are set.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { PlanDate } from '../../components/PlanDate';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { call } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';

const settingsQuery = { queryKey: ['privacy', 'settings'], queryFn: () => call('getPrivacySettings') };
const reviewQuery = { queryKey: ['privacy', 'retention'], queryFn: () => call('retentionReview') };

function RetentionYears() {
  const intl = useIntl();
  const toast = useToast();
  const errorText = useErrorText();
  const auth = useAuth();
  const qc = useQueryClient();
  const settings = useQuery(settingsQuery);
  const save = useMutation({
    mutationFn: (retentionYears: number) => call('updatePrivacySettings', { body: { retentionYears } }),
    onSuccess: (s) => {
      qc.setQueryData(settingsQuery.queryKey, s);
      void qc.invalidateQueries({ queryKey: reviewQuery.queryKey });
      toast(intl.formatMessage({ id: 'privacy.settings.saved' }));
    },
    onError: (err) => toast(errorText(err, 'privacy.settings.saveFailed'), 'error'),
  });
  if (!settings.data)
    return settings.isError ? (
      <LoadError onRetry={() => void settings.refetch()} retrying={settings.isFetching}>
        {errorText(settings.error, 'privacy.loadFailed')}
      </LoadError>
    ) : null;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 className="text-base font-semibold text-slate-900">
        <FormattedMessage id="privacy.settings.periods" />
      </h2>
      <label className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <FormattedMessage id="privacy.settings.years" />
        <select
          className="rounded-lg border border-slate-300 px-2 py-1"
          value={settings.data.retentionYears}
          disabled={!auth.canWrite('Settings') || save.isPending}
          onChange={(e) => save.mutate(Number(e.target.value))}
          data-testid="privacy-years"
        >
          {Array.from({ length: 10 }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {intl.formatMessage({ id: 'privacy.settings.yearsOption' }, { n })}
            </option>
          ))}
        </select>
      </label>
      <p className="mt-2 text-sm text-slate-600">
        <FormattedMessage id="privacy.settings.auditKept" values={{ months: settings.data.auditRetentionMonths }} />
      </p>
    </section>
  );
}

function Review() {
  const { locale } = useLocale();
  const intl = useIntl();
  const toast = useToast();
  const errorText = useErrorText();
  const auth = useAuth();
  const qc = useQueryClient();
  const review = useQuery(reviewQuery);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState(false);
  const erase = useMutation({
    mutationFn: (playerIds: string[]) => call('eraseInactivePlayers', { body: { playerIds } }),
    onSuccess: (done) => {
      setConfirm(false);
      setChosen(new Set());
      void qc.invalidateQueries({ queryKey: reviewQuery.queryKey });
      void qc.invalidateQueries({ queryKey: ['users'] });
      toast(intl.formatMessage({ id: 'privacy.review.done' }, { erased: done.erased.length, refused: done.refused.length }));
    },
    onError: (err) => toast(errorText(err, 'privacy.review.failed'), 'error'),
  });
  if (review.isPending) return <SkeletonRows rows={4} />;
  if (review.isError)
    return (
      <LoadError onRetry={() => void review.refetch()} retrying={review.isFetching}>
        {errorText(review.error, 'privacy.loadFailed')}
      </LoadError>
    );
  const players = review.data.players;
  const toggle = (id: string) =>
    setChosen((was) => {
      const next = new Set(was);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 className="text-base font-semibold text-slate-900">
        <FormattedMessage id="privacy.review.title" values={{ years: review.data.years }} />
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        <FormattedMessage id="privacy.review.hint" />
      </p>
      {players.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="privacy.review.none" />
        </EmptyState>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="privacy-review">
          {players.map((p) => (
            <li key={p.id} className="flex items-center gap-3 py-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={chosen.has(p.id)}
                disabled={!auth.canWrite('Settings')}
                onChange={() => toggle(p.id)}
                aria-label={displayName(p, locale)}
              />
              <span className="flex-1 text-slate-800">{displayName(p, locale)}</span>
              <span className="text-xs text-slate-500">
                {p.lastActivity ? (
                  <FormattedMessage id="privacy.review.last" values={{ date: <PlanDate iso={p.lastActivity} /> }} />
                ) : (
                  <FormattedMessage id="privacy.review.never" />
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {auth.canWrite('Settings') && players.length > 0 && (
        <div className="mt-3">
          <Button variant="danger" disabled={chosen.size === 0} onClick={() => setConfirm(true)} data-testid="privacy-erase">
            <FormattedMessage id="privacy.review.erase" values={{ n: chosen.size }} />
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={<FormattedMessage id="privacy.review.confirmTitle" />}
        text={<FormattedMessage id="privacy.review.confirmText" values={{ n: chosen.size }} />}
        confirmLabel={<FormattedMessage id="privacy.review.erase" values={{ n: chosen.size }} />}
        onConfirm={() => erase.mutate([...chosen])}
        loading={erase.isPending}
      />
    </section>
  );
}

/** Settings → Privacy: the retention periods and the review of inactive players. */
export function PrivacySettingsPage() {
  return (
    <div className="space-y-5">
      <h1 className="text-xl font-semibold text-slate-900">
        <FormattedMessage id="privacy.settings.title" />
      </h1>
      <RetentionYears />
      <Review />
    </div>
  );
}
