// Why: an invoice credited from the payments history (docs/domain.md, "Credit notes and refunds"): all that is left or a
// part, with the reason; crediting it all asks whether the subscription ends with it (a full credit note otherwise leaves
// the player subscribed to a period nobody paid for), and the server issues the note and gives the money back.
import { creditAmountSchema, creditReasonSchema, type InvoiceListItem, typedNumber } from '@kora/contracts';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { TextField } from '../../components/Field';
import { FormDialog } from '../../components/form/FormDialog';
import { useFieldError, useFields } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { useToast } from '../../components/Toaster';
import type { MessageId } from '../../lib/message-ids';
import { formatSar } from '../../lib/money';
import { useCreateCreditNote } from './api';

const AMOUNTS = ['full', 'partial'] as const;
const ENDINGS = ['keep', 'cancel'] as const;

/** The contract's rules for the amount and the reason; a full credit note must say what becomes of the subscription. */
const creditSchema = z
  .object({ amount: z.enum(AMOUNTS), value: z.unknown(), reason: z.string(), subscription: z.enum(ENDINGS).nullish() })
  .superRefine((v, ctx) => {
    const reason = creditReasonSchema.safeParse(v.reason);
    if (!reason.success) ctx.addIssue({ code: 'custom', path: ['reason'], message: reason.error.issues[0].message });
    if (v.amount === 'full' && !v.subscription)
      ctx.addIssue({ code: 'custom', path: ['subscription'], message: 'creditNote.subscriptionRequired' satisfies MessageId });
    if (v.amount !== 'partial') return;
    const value = creditAmountSchema.safeParse(v.value);
    if (!value.success) ctx.addIssue({ code: 'custom', path: ['value'], message: value.error.issues[0].message });
  });
type CreditValues = z.input<typeof creditSchema>;

const optionClass =
  'flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50';

/** One question of the dialog as radio buttons, with the error its schema gives. */
function Choice<K extends 'amount' | 'subscription'>({
  name,
  legend,
  options,
  testId,
}: {
  name: K;
  legend: MessageId;
  options: Record<string, MessageId>;
  testId: string;
}) {
  const { register } = useFormContext<CreditValues>();
  const error = useFieldError<CreditValues>(name);
  return (
    <fieldset className="flex flex-col gap-2" data-testid={testId} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">
        <FormattedMessage id={legend} />
      </legend>
      {Object.entries(options).map(([value, label]) => (
        <label key={value} className={optionClass}>
          <input type="radio" value={value} className="size-4 accent-brand-700" {...register(name)} />
          <span>
            <FormattedMessage id={label} />
          </span>
        </label>
      ))}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The amount (a part: its field), and for the whole invoice whether its subscription is cancelled too. */
function CreditFields({ card }: { card: boolean }) {
  const form = useFormContext<CreditValues>();
  const f = useFields(form);
  const amount = useWatch<CreditValues, 'amount'>({ name: 'amount' });
  const valueError = useFieldError<CreditValues>('value');
  return (
    <>
      <Choice
        name="amount"
        legend="creditNote.amountLegend"
        options={{ full: 'creditNote.full', partial: 'creditNote.partial' }}
        testId="credit-amount"
      />
      {amount === 'partial' && (
        <TextField
          label={<FormattedMessage id="subscriptions.refund.amount" />}
          inputMode="decimal"
          dir="ltr"
          error={valueError}
          {...form.register('value', { setValueAs: (v: unknown) => (v === '' || v == null ? undefined : (typedNumber(v) ?? Number.NaN)) })}
        />
      )}
      {amount === 'full' && (
        <Choice
          name="subscription"
          legend="creditNote.subscriptionLegend"
          options={{ keep: 'creditNote.keep', cancel: 'creditNote.cancel' }}
          testId="credit-subscription"
        />
      )}
      <f.Text name="reason" label={<FormattedMessage id="subscriptions.refund.reason" />} maxLength={200} />
      <p className="text-xs text-slate-500">
        <FormattedMessage id={card ? 'subscriptions.refund.toCard' : 'subscriptions.refund.inCash'} />
      </p>
    </>
  );
}

/** Credit invoice `invoice` (never a credit note); the toast names the note, its amount and a cancellation. */
export function CreditNoteDialog({ invoice, onClose }: { invoice: InvoiceListItem; onClose(): void }) {
  const intl = useIntl();
  const toast = useToast();
  const create = useCreateCreditNote();
  const form = useZodForm(creditSchema, { defaultValues: { amount: 'full', value: undefined, reason: '', subscription: undefined } });

  const confirm = async (v: CreditValues) => {
    const cancel = v.amount === 'full' && v.subscription === 'cancel';
    const note = await create.mutateAsync({
      invoiceId: invoice.id,
      body: {
        reason: v.reason.trim(),
        ...(v.amount === 'partial' ? { amount: Number(v.value) } : {}),
        ...(cancel ? { cancelSubscription: true } : {}),
      },
    });
    toast(
      intl.formatMessage(
        { id: cancel ? 'creditNote.issuedCancelled' : 'creditNote.issued' },
        { number: note.invoiceNumber, amount: formatSar(intl, note.amount) },
      ),
    );
    onClose();
  };

  return (
    <FormDialog
      form={form}
      onSubmit={confirm}
      onClose={onClose}
      errorFallback="creditNote.failed"
      title={<FormattedMessage id="creditNote.title" values={{ number: invoice.invoiceNumber }} />}
      description={
        <FormattedMessage
          id="creditNote.text"
          values={{
            number: invoice.invoiceNumber,
            amount: <bdi>{formatSar(intl, invoice.totalAmount)}</bdi>,
          }}
        />
      }
      submitLabel={<FormattedMessage id="creditNote.submit" />}
    >
      <CreditFields card={invoice.paymentMethod === 'Card'} />
    </FormDialog>
  );
}
