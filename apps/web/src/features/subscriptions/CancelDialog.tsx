// Why: cancelling a paid subscription offers its refund: none, all that is left, or a part, with the reason;
// the server issues the credit note and gives the money back (cash, or to the card) in the same request.
import { creditAmountSchema, creditReasonSchema, type ManagedSubscription, typedNumber } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { riyadhDateOf } from '../../components/date-format';
import { TextField } from '../../components/Field';
import { FormDialog } from '../../components/form/FormDialog';
import { useFieldError, useFields } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { PlanDate } from '../../components/PlanDate';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toaster';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';
import type { MessageId } from '../../lib/message-ids';
import { formatSar, useMoney } from '../../lib/money';
import { refundableQuery, useSubscriptionMutations } from './api';

const CHOICES = ['none', 'full', 'partial'] as const;
type Choice = (typeof CHOICES)[number];

/** The contract's rules for the amount and the reason, asked only for the refund chosen; never more than is left. */
const cancelSchema = (refundable: number) =>
  z.object({ refund: z.enum(CHOICES), amount: z.unknown(), reason: z.string() }).superRefine((v, ctx) => {
    if (v.refund === 'none') return;
    const reason = creditReasonSchema.safeParse(v.reason);
    if (!reason.success) ctx.addIssue({ code: 'custom', path: ['reason'], message: reason.error.issues[0].message });
    if (v.refund !== 'partial') return;
    const amount = creditAmountSchema.safeParse(v.amount);
    if (!amount.success) ctx.addIssue({ code: 'custom', path: ['amount'], message: amount.error.issues[0].message });
    else if (amount.data > refundable)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'subscriptions.refund.amountTooHigh' satisfies MessageId });
  });
type CancelValues = z.input<ReturnType<typeof cancelSchema>>;

/** The refund choice: none, all that is left (its amount said), or a part (an amount field). */
function RefundChoice({ refundable, card }: { refundable: number; card: boolean }) {
  const form = useFormContext<CancelValues>();
  const { register } = form;
  const f = useFields(form);
  const choice = useWatch<CancelValues, 'refund'>({ name: 'refund' });
  const amountError = useFieldError<CancelValues>('amount');
  const money = useMoney();
  const labels: Record<Choice, MessageId> = {
    none: 'subscriptions.refund.none',
    full: 'subscriptions.refund.full',
    partial: 'subscriptions.refund.partial',
  };
  return (
    <>
      <fieldset className="flex flex-col gap-2" data-testid="refund-choice">
        <legend className="mb-1 text-sm font-medium text-slate-700">
          <FormattedMessage id="subscriptions.refund.legend" />
        </legend>
        {CHOICES.map((c) => (
          <label
            key={c}
            className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50"
          >
            <input type="radio" value={c} className="size-4 accent-brand-700" {...register('refund')} />
            <span>
              <FormattedMessage id={labels[c]} values={{ amount: <bdi>{money(refundable)}</bdi> }} />
            </span>
          </label>
        ))}
      </fieldset>
      {choice === 'partial' && (
        <TextField
          label={<FormattedMessage id="subscriptions.refund.amount" />}
          hint={<FormattedMessage id="subscriptions.refund.amountHint" values={{ amount: money(refundable) }} />}
          inputMode="decimal"
          dir="ltr"
          error={amountError}
          {...register('amount', { setValueAs: (v: unknown) => (v === '' || v == null ? undefined : (typedNumber(v) ?? Number.NaN)) })}
        />
      )}
      {choice !== 'none' && (
        <>
          <f.Text name="reason" label={<FormattedMessage id="subscriptions.refund.reason" />} maxLength={200} />
          <p className="text-xs text-slate-500">
            <FormattedMessage id={card ? 'subscriptions.refund.toCard' : 'subscriptions.refund.inCash'} />
          </p>
        </>
      )}
    </>
  );
}

/**
 * Cancel a subscription: with a paid invoice that still has money to give back, the refund is
 * offered (none by default); without one, a plain confirmation.
 */
export function CancelDialog({
  subscription,
  playerName,
  onClose,
}: {
  subscription: ManagedSubscription;
  playerName: string;
  onClose(): void;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const toast = useToast();
  const { cancel } = useSubscriptionMutations();
  const refundable = useQuery(refundableQuery(subscription.id));
  const left = refundable.data?.refundableAmount ?? 0;
  const invoice = refundable.data?.invoice ?? null;
  // Card refunds of this invoice the provider has not confirmed: held, so a "full refund" is only what is left.
  const pending = refundable.data?.pendingRefundAmount ?? 0;
  const since = refundable.data?.pendingRefundSince;
  const pendingNote = invoice && pending > 0 && (
    <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="refund-pending-note">
      <FormattedMessage
        id={left > 0 ? 'subscriptions.refund.pendingPart' : 'subscriptions.refund.pendingAll'}
        values={{
          pending: <bdi>{formatSar(intl, pending)}</bdi>,
          left: <bdi>{formatSar(intl, left)}</bdi>,
          number: invoice.invoiceNumber,
          date: since ? <PlanDate iso={riyadhDateOf(since)} /> : '',
        }}
      />
    </p>
  );
  const form = useZodForm(cancelSchema(left), { defaultValues: { refund: 'none', amount: undefined, reason: '' } });

  const confirm = async (v: CancelValues) => {
    const refund =
      v.refund === 'none' ? undefined : { reason: v.reason.trim(), ...(v.refund === 'partial' ? { amount: Number(v.amount) } : {}) };
    const done = await cancel.mutateAsync({ subscriptionId: subscription.id, refund });
    toast(
      done.creditNote
        ? intl.formatMessage(
            { id: 'subscriptions.cancelledRefunded' },
            {
              name: playerName,
              number: done.creditNote.invoiceNumber,
              amount: formatSar(intl, done.creditNote.amount),
            },
          )
        : intl.formatMessage({ id: 'subscriptions.cancelled' }, { name: playerName }),
    );
    onClose();
  };

  return (
    <FormDialog
      form={form}
      onSubmit={confirm}
      onClose={onClose}
      errorFallback="subscriptions.cancelFailed"
      title={<FormattedMessage id="subscriptions.cancelTitle" />}
      description={
        <FormattedMessage id="subscriptions.cancelText" values={{ name: playerName, package: displayName(subscription.package, locale) }} />
      }
      submitLabel={<FormattedMessage id="subscriptions.cancel" />}
      submitDisabled={refundable.isPending || refundable.isError}
    >
      {refundable.isPending ? (
        <div className="flex justify-center py-2">
          <Spinner />
        </div>
      ) : refundable.isError ? (
        <p role="alert" className="text-sm text-red-700">
          <FormattedMessage id="subscriptions.refund.loadFailed" />
        </p>
      ) : invoice && left > 0 ? (
        <>
          {pendingNote}
          <RefundChoice refundable={left} card={invoice.paymentMethod === 'Card'} />
        </>
      ) : invoice && pending > 0 ? (
        pendingNote
      ) : invoice ? (
        <p className="text-sm text-slate-600">
          <FormattedMessage id="subscriptions.refund.nothingLeft" values={{ number: invoice.invoiceNumber }} />
        </p>
      ) : null}
    </FormDialog>
  );
}
