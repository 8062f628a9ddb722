import type { InstalmentOffer } from '@kora/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { PlanDateText } from '../../components/PlanDate';
import { formatSar } from '../../lib/money';

/**
 * Pay in full or in monthly instalments (docs/domain.md, "Instalments"): the package offers them, the
 * payer chooses. The instalments' option names the first (today) and the later ones, says what the
 * academy grants (the whole period now, or each month as it is paid) and lists each day and amount;
 * they are charged to the saved card, so choosing them asks for the card-save box below.
 */
export function InstalmentChoice({
  offer,
  total,
  chosen,
  onChoose,
  needsCard,
}: {
  offer: InstalmentOffer;
  total: number;
  chosen: boolean;
  onChoose: (instalments: boolean) => void;
  needsCard: boolean;
}) {
  const intl = useIntl();
  const [first, second] = offer.schedule;
  const option = 'flex items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm text-slate-700 has-checked:border-brand-600';
  return (
    <fieldset className="space-y-2" data-testid="payment-instalments">
      <legend className="mb-2 text-sm font-medium text-slate-700">
        <FormattedMessage id="paymentPage.instalments.legend" />
      </legend>
      <label className={option}>
        <input
          type="radio"
          name="instalments"
          className="mt-1 size-5 shrink-0"
          checked={!chosen}
          onChange={() => onChoose(false)}
          data-testid="payment-pay-full"
        />
        <FormattedMessage id="paymentPage.instalments.full" values={{ amount: formatSar(intl, total) }} />
      </label>
      <label className={option}>
        <input
          type="radio"
          name="instalments"
          className="mt-1 size-5 shrink-0"
          checked={chosen}
          onChange={() => onChoose(true)}
          data-testid="payment-pay-instalments"
        />
        <span className="space-y-1">
          <span className="block">
            <FormattedMessage
              id="paymentPage.instalments.monthly"
              values={{ count: offer.count, first: formatSar(intl, first?.amount ?? 0), each: formatSar(intl, second?.amount ?? 0) }}
            />
          </span>
          <span className="block text-xs text-slate-500" data-testid="payment-instalments-grant">
            <FormattedMessage id={offer.grant === 'whole' ? 'paymentPage.instalments.whole' : 'paymentPage.instalments.asPaid'} />
          </span>
        </span>
      </label>
      {chosen && (
        <ol className="space-y-1 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700" data-testid="payment-instalments-schedule">
          {offer.schedule.map((s, i) => (
            <li key={s.on} className="flex justify-between gap-4">
              <span>
                <FormattedMessage id="paymentPage.instalments.number" values={{ n: i + 1 }} /> · <PlanDateText iso={s.on} />
              </span>
              <span className="font-semibold">{formatSar(intl, s.amount)}</span>
            </li>
          ))}
        </ol>
      )}
      {chosen && needsCard && (
        <p className="text-sm text-amber-800" data-testid="payment-instalments-needs-card">
          <FormattedMessage id="paymentPage.instalments.needsCard" />
        </p>
      )}
    </fieldset>
  );
}
