// Why: a card refund the payment provider has not confirmed (no verdict, or the server stopped while asking) must never
// sit unseen: above the payments history, each with its amount, the invoice it gives back and what the
// provider last said; a member who writes Settings retries it, or marks it settled after checking the provider.
import { canWrite, type PendingRefund } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { riyadhDateOf } from '../../components/date-format';
import { PlanDate } from '../../components/PlanDate';
import { useToast } from '../../components/Toaster';
import { authSnapshot } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { formatSar } from '../../lib/money';
import { pendingRefundsQuery, usePendingRefundActions } from './api';

function RefundRow({ refund, canWrite }: { refund: PendingRefund; canWrite: boolean }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const actions = usePendingRefundActions();
  const [marking, setMarking] = useState(false);
  const [outcome, setOutcome] = useState<'refunded' | 'failed'>('refunded');
  const [providerRef, setProviderRef] = useState('');
  const amount = <bdi>{formatSar(intl, refund.amount)}</bdi>;

  const settled = (state: string, creditNote: number | undefined) =>
    toast(
      state === 'refunded'
        ? intl.formatMessage({ id: 'payments.pendingRefunds.refunded' }, { number: creditNote ?? '' })
        : intl.formatMessage({ id: 'payments.pendingRefunds.failed' }),
    );
  const retry = async () => {
    try {
      const done = await actions.retry.mutateAsync(refund.id);
      settled(done.state, done.creditNote?.invoiceNumber);
    } catch (err) {
      toast(errorText(err, 'payments.pendingRefunds.retryFailed'), 'error');
    }
  };
  const mark = async () => {
    try {
      const done = await actions.settle.mutateAsync({ id: refund.id, outcome, providerRef });
      settled(done.state, done.creditNote?.invoiceNumber);
      setMarking(false);
    } catch (err) {
      toast(errorText(err, 'payments.pendingRefunds.markFailed'), 'error');
    }
  };

  return (
    <li className="space-y-2 px-4 py-3 text-sm text-amber-950" data-testid="pending-refund">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium">
          <FormattedMessage
            id="payments.pendingRefunds.item"
            values={{ amount, name: <bdi>{displayName(refund.player, locale)}</bdi>, number: refund.invoice.invoiceNumber }}
          />
        </p>
        <p className="text-xs text-amber-800">
          <FormattedMessage id="payments.pendingRefunds.asked" values={{ date: <PlanDate iso={riyadhDateOf(refund.createdAt)} /> }} />
        </p>
      </div>
      <p className="text-xs text-amber-800">
        <FormattedMessage
          id={
            refund.lastAnswer === 'not_found'
              ? 'payments.pendingRefunds.notFound'
              : refund.lastAnswer === 'unavailable'
                ? 'payments.pendingRefunds.unavailable'
                : 'payments.pendingRefunds.waiting'
          }
        />
        {refund.cancelsSubscription && (
          <>
            {' '}
            <FormattedMessage id="payments.pendingRefunds.cancels" />
          </>
        )}
      </p>
      {canWrite && !marking && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={retry} loading={actions.retry.isPending} data-testid="pending-refund-retry">
            <FormattedMessage id="payments.pendingRefunds.retry" />
          </Button>
          <Button variant="ghost" onClick={() => setMarking(true)} data-testid="pending-refund-mark">
            <FormattedMessage id="payments.pendingRefunds.mark" />
          </Button>
        </div>
      )}
      {canWrite && marking && (
        <fieldset className="space-y-2 rounded-lg border border-amber-200 bg-white p-3" data-testid="pending-refund-settle">
          <legend className="px-1 text-xs font-semibold">
            <FormattedMessage id="payments.pendingRefunds.markLegend" />
          </legend>
          {(['refunded', 'failed'] as const).map((o) => (
            <label key={o} className="flex items-center gap-2">
              <input
                type="radio"
                name={`outcome-${refund.id}`}
                checked={outcome === o}
                onChange={() => setOutcome(o)}
                className="accent-brand-700"
              />
              <FormattedMessage
                id={o === 'refunded' ? 'payments.pendingRefunds.markRefunded' : 'payments.pendingRefunds.markFailedChoice'}
              />
            </label>
          ))}
          {outcome === 'refunded' && (
            <label className="block text-xs">
              <FormattedMessage id="payments.pendingRefunds.providerRef" />
              <input
                value={providerRef}
                onChange={(e) => setProviderRef(e.target.value)}
                maxLength={64}
                dir="ltr"
                className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
              />
            </label>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={mark} loading={actions.settle.isPending} data-testid="pending-refund-confirm">
              <FormattedMessage id="payments.pendingRefunds.confirm" />
            </Button>
            <Button variant="ghost" onClick={() => setMarking(false)}>
              <FormattedMessage id="common.cancel" />
            </Button>
          </div>
        </fieldset>
      )}
    </li>
  );
}

/** Nothing while every refund is settled; otherwise the refunds on their way back, oldest first. */
export function PendingRefunds() {
  // The signed-in member's rights as the app last read them (the screen opens only once they are known).
  const writes = canWrite(authSnapshot().user?.accountType, 'Settings');
  const pending = useQuery(pendingRefundsQuery);
  const rows = pending.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section
      className="rounded-2xl border border-amber-200 bg-amber-50"
      data-testid="pending-refunds"
      aria-labelledby="pending-refunds-title"
    >
      <div className="border-b border-amber-200 px-4 py-3">
        <h2 id="pending-refunds-title" className="text-sm font-semibold text-amber-950">
          <FormattedMessage id="payments.pendingRefunds.title" values={{ count: rows.length }} />
        </h2>
        <p className="text-xs text-amber-800">
          <FormattedMessage id="payments.pendingRefunds.text" />
        </p>
      </div>
      <ul className="divide-y divide-amber-200">
        {rows.map((r) => (
          <RefundRow key={r.id} refund={r} canWrite={writes} />
        ))}
      </ul>
    </section>
  );
}
