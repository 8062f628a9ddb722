// Why: a parent with several children pays their periods in one card payment (docs/domain.md, "One checkout
// per family") instead of one payment link per child; and, back from a checkout that did not go through, reads
// what happened where paying again starts.
import { CARD_CONSENT, type FamilyCheckoutBody, type FamilyCheckoutItem } from '@kora/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { ErrorBox, LoadError, SkeletonRows } from '../../components/States';
import { ApiError } from '../../lib/api';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import type { MessageId } from '../../lib/message-ids';
import { paymentResultQuery } from '../payments/api';
import { AttemptOutcome, isPaymentRef } from '../payments/result';
import { familyCheckoutOfferQuery, familyMeQuery, startFamilyCheckout } from './api';
import { Card, sar } from './parts';

/** The fewest periods a checkout pays (one period is paid from its own link). */
const AT_LEAST = 2;

/** SAR amounts added in halalas, so that 0.1 + 0.2 is 0.30. */
const sum = (amounts: number[]) => amounts.reduce((total, a) => total + Math.round(a * 100), 0) / 100;

function CheckoutLine({
  item,
  ticked,
  disabled,
  onChange,
}: {
  item: FamilyCheckoutItem;
  ticked: boolean;
  disabled: boolean;
  onChange(ticked: boolean): void;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const { price } = item;
  const discounted = price.allowance > 0;
  return (
    <li>
      <label
        className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 ${ticked ? 'border-brand-500 bg-brand-50/60' : 'border-slate-200'}`}
        data-testid="family-checkout-item"
      >
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0"
          checked={ticked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          data-testid="family-checkout-tick"
        />
        <span className="min-w-0 flex-1">
          <span className="block font-medium break-words text-slate-900" data-testid="family-checkout-child">
            {displayName(item.child, locale)}
          </span>
          <span className="block text-sm break-words text-slate-600">
            {displayName(item.package, locale)}
            <span className="text-slate-500"> · </span>
            <FormattedMessage id={`family.checkout.status.${item.status}`} />
          </span>
          {/* A sibling price (docs/domain.md, "Sibling prices"), named as the payment page names it. */}
          {discounted && (
            <span className="mt-0.5 block text-xs font-medium text-brand-700" data-testid="family-checkout-sibling">
              {price.sibling && price.sibling.position >= 2 ? (
                <FormattedMessage id="paymentPage.sibling" values={{ position: price.sibling.position, percent: price.sibling.percent }} />
              ) : (
                <FormattedMessage id="paymentPage.siblingAllowance" />
              )}
            </span>
          )}
        </span>
        <span className="flex shrink-0 flex-col items-end text-end">
          {discounted && (
            <s className="text-xs text-slate-500" data-testid="family-checkout-list-price">
              <bdi dir="ltr">{sar(intl, price.list)}</bdi>
            </s>
          )}
          <span className="text-sm font-semibold text-slate-900 tabular-nums" data-testid="family-checkout-price">
            <bdi dir="ltr">{sar(intl, price.total)}</bdi>
          </span>
        </span>
      </label>
    </li>
  );
}

/**
 * "Pay for your children together": every period the family may pay (all ticked), their total, the card-save
 * consent (unticked, as on the payment page), and one payment for two or more of them. The provider's page
 * takes the whole window; it comes back to the result page, or here with `?payment=` when nothing was taken.
 * Shown only when two or more periods may be paid (a family of one child never waits for it).
 */
export function FamilyCheckoutSection() {
  const errorText = useErrorText();
  const client = useQueryClient();
  const me = useQuery(familyMeQuery);
  const offer = useQuery(familyCheckoutOfferQuery);
  // Only a family of two or more children may have two periods to pay: the others never see this section load.
  const several = (me.data?.children.length ?? 0) >= AT_LEAST;
  const title = (
    <h2 className="font-semibold text-slate-900" id="family-checkout-title">
      <FormattedMessage id="family.checkout.title" />
    </h2>
  );

  if (offer.isError)
    return several ? (
      <section className="space-y-2" data-testid="family-checkout">
        {title}
        <LoadError onRetry={() => void offer.refetch()} retrying={offer.isFetching}>
          {errorText(offer.error, 'family.loadFailed')}
        </LoadError>
      </section>
    ) : null;
  if (offer.isPending)
    return several ? (
      <section className="space-y-2" aria-busy="true" data-testid="family-checkout-loading">
        {title}
        <SkeletonRows rows={2} />
      </section>
    ) : null;
  if (offer.data.items.length < AT_LEAST) return null;
  return (
    <section className="space-y-2" aria-labelledby="family-checkout-title" data-testid="family-checkout">
      {title}
      <Card>
        <CheckoutForm
          items={offer.data.items}
          start={startFamilyCheckout}
          onStale={() => void client.invalidateQueries({ queryKey: familyCheckoutOfferQuery.queryKey })}
        />
      </Card>
    </section>
  );
}

/**
 * The choice of periods, their total, the card-save consent and the one payment (the portal's section and a
 * family payment link's page): `start` opens the provider's page, which then takes the whole window.
 */
export function CheckoutForm({
  items,
  start: open,
  onStale,
  tooFew = 'family.checkout.tooFew',
}: {
  items: FamilyCheckoutItem[];
  /** What says that one period alone is not paid here (the portal names where it is). */
  tooFew?: MessageId;
  start(body: FamilyCheckoutBody): Promise<{ paymentUrl: string }>;
  /** A period changed meanwhile (paid, cancelled, another price): the offer is read again. */
  onStale(): void;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const errorText = useErrorText();
  // The periods the parent unticked: one the offer adds later starts ticked.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(() => new Set());
  const [saveCard, setSaveCard] = useState(false);
  const chosen = items.filter((i) => !unticked.has(i.subscriptionId));
  const total = sum(chosen.map((i) => i.price.total));
  const start = useMutation({
    mutationFn: () =>
      open({ subscriptionIds: chosen.map((i) => i.subscriptionId), lang: locale, saveCard }).then((reply) => {
        // The provider's page in the whole window (its return comes back to this host's result page).
        window.location.assign(reply.paymentUrl);
        return reply;
      }),
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 404 || err.status === 409)) onStale();
    },
  });
  // Leaving for the provider's page: the button stays busy until the window goes.
  const busy = start.isPending || start.isSuccess;
  const enough = chosen.length >= AT_LEAST;
  const amount = <bdi dir="ltr">{sar(intl, total)}</bdi>;
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">
        <FormattedMessage id="family.checkout.hint" />
      </p>
      <ul className="space-y-2">
        {items.map((item) => (
          <CheckoutLine
            key={item.subscriptionId}
            item={item}
            ticked={!unticked.has(item.subscriptionId)}
            disabled={busy}
            onChange={(ticked) =>
              setUnticked((before) => {
                const next = new Set(before);
                if (ticked) next.delete(item.subscriptionId);
                else next.add(item.subscriptionId);
                return next;
              })
            }
          />
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-t border-slate-100 pt-3">
        <p className="text-sm text-slate-600">
          <FormattedMessage id="family.checkout.total" values={{ count: chosen.length }} />
        </p>
        <p className="text-lg font-bold text-slate-900 tabular-nums" data-testid="family-checkout-total">
          {amount}
        </p>
      </div>
      <div className="mt-3 space-y-3">
        <label className="flex items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-1 size-5 shrink-0"
            checked={saveCard}
            disabled={busy}
            onChange={(e) => setSaveCard(e.target.checked)}
            data-testid="family-checkout-save-card"
          />
          {/* The consent's own text, in the page's language; its version is recorded with the card. */}
          <span>{CARD_CONSENT[locale]}</span>
        </label>
        {start.isError && <ErrorBox>{errorText(start.error, 'family.checkout.failed')}</ErrorBox>}
        {!enough && (
          <p className="text-sm text-amber-800" id="family-checkout-few" data-testid="family-checkout-few">
            <FormattedMessage id={tooFew} />
          </p>
        )}
        <Button
          full
          className="min-h-12 text-base"
          disabled={!enough}
          loading={busy}
          aria-describedby={enough ? undefined : 'family-checkout-few'}
          onClick={() => start.mutate()}
          data-testid="family-checkout-pay"
        >
          <span>
            <FormattedMessage id="family.checkout.pay" values={{ amount }} />
          </span>
        </Button>
        <p className="text-xs text-slate-500">
          <FormattedMessage id="paymentPage.secure" />
        </p>
      </div>
    </>
  );
}

/**
 * The checkout the payer came back from (`?payment=` names it) as the server recorded it: declined, expired,
 * cancelled or failed say so above the section, where paying again starts; a payment taken or being confirmed
 * links its result. Nothing is shown for a reference that is not a family checkout's.
 */
export function CheckoutAttemptNotice({ reference }: { reference: string | undefined }) {
  const ref = isPaymentRef(reference) ? reference : '';
  const result = useQuery({ ...paymentResultQuery(ref), enabled: !!ref });
  const r = result.data;
  if (r?.retry.page !== 'family') return null;
  return (
    <div className="space-y-2" data-testid="family-checkout-attempt">
      <AttemptOutcome result={r} />
    </div>
  );
}
