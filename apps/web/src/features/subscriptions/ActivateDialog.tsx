import { ERRORS, isWithin, type ManagedSubscription, startDateBounds } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { todayIso } from '../../components/date-format';
import { useDateField } from '../../components/form/FormDate';
import { FormDialog } from '../../components/form/FormDialog';
import { useZodForm } from '../../components/form/useZodForm';
import { useToast } from '../../components/Toaster';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';
import { formatSar } from '../../lib/money';
import { paymentDetailsQuery } from '../payments/api';
import { useSubscriptionMutations } from './api';

const activationSchema = (today: string) =>
  z.object({
    startDate: z
      .string()
      .min(1, ERRORS['subscription.start_out_of_range'])
      .refine((d) => isWithin(d, startDateBounds(today)), ERRORS['subscription.start_out_of_range']),
    sendInvoice: z.boolean(),
  });

/**
 * Manual activation of a PENDING subscription (docs/domain.md, "Subscription lifecycle"): recorded as a cash payment of the
 * period's price (the package's, less a sibling price: the payment page's own figure) from the chosen start date, and its
 * invoice, e-mailed to the parents when "E-mail the invoice" is ticked.
 */
export function ActivateDialog({
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
  const { activate } = useSubscriptionMutations();
  const invoiceId = useId();
  const today = todayIso();
  const bounds = startDateBounds(today);
  const form = useZodForm(activationSchema(today), {
    defaultValues: {
      startDate: subscription.startDate && isWithin(subscription.startDate, bounds) ? subscription.startDate : today,
      sendInvoice: true,
    },
  });
  const f = useDateField(form);
  const pkg = subscription.package;
  const price = useQuery(paymentDetailsQuery(subscription.id)).data?.price;

  const confirm = async ({ startDate, sendInvoice }: { startDate: string; sendInvoice: boolean }) => {
    const done = await activate.mutateAsync({ packageId: pkg.id, subscriptionId: subscription.id, startDate, sendInvoice });
    toast(
      intl.formatMessage(
        { id: done.status === 'TRIAL' ? 'subscriptions.activatedTrial' : 'subscriptions.activated' },
        { name: playerName },
      ),
    );
    onClose();
  };

  return (
    <FormDialog
      form={form}
      onSubmit={confirm}
      onClose={onClose}
      errorFallback="subscriptions.activateFailed"
      title={<FormattedMessage id="subscriptions.activateTitle" values={{ name: playerName }} />}
      description={
        <>
          <FormattedMessage
            id="subscriptions.activateText"
            values={{ package: displayName(pkg, locale), price: formatSar(intl, price?.total ?? pkg.price) }}
          />
          {price?.sibling && price.allowance > 0 ? (
            <span className="mt-1 block" data-testid="activate-sibling">
              <FormattedMessage
                id="subscriptions.activateSibling"
                values={{ percent: price.sibling.percent, list: formatSar(intl, price.list) }}
              />
            </span>
          ) : null}
        </>
      }
      submitLabel={<FormattedMessage id="subscriptions.confirmActivate" />}
    >
      <f.Date name="startDate" label={<FormattedMessage id="subscriptions.startDate" />} min={bounds.min} max={bounds.max} />
      <div className="flex items-center gap-2">
        <input id={invoiceId} type="checkbox" className="size-4 accent-brand-700" {...form.register('sendInvoice')} />
        <label htmlFor={invoiceId} className="text-sm text-slate-700">
          <FormattedMessage id="subscriptions.sendInvoice" />
        </label>
      </div>
    </FormDialog>
  );
}
