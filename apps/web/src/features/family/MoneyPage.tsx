// Why: paying is most of what parents do in a club app — the children's periods paid together in one checkout,
// the child's subscriptions with pay or renew (the academy's public payment page), every invoice and credit note
// with its PDF, and the saved cards that renew.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { riyadhDateOf } from '../../components/date-format';
import { PlanDate } from '../../components/PlanDate';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { familyCheckoutOfferQuery, familyMoneyQuery } from './api';
import { ChildPage } from './ChildPage';
import { CheckoutAttemptNotice, FamilyCheckoutSection } from './FamilyCheckout';
import { Card, SubscriptionBox, sar } from './parts';
import { SavedCardsSection } from './SavedCardsSection';

const route = getRouteApi('/family/money');

function Money({ childId }: { childId: string }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const errorText = useErrorText();
  const money = useQuery(familyMoneyQuery(childId));
  // What paying asks now (a sibling price included), for the periods waiting for payment (the checkout's offer).
  const asked = new Map((useQuery(familyCheckoutOfferQuery).data?.items ?? []).map((i) => [i.subscriptionId, i.price.total]));
  if (money.isError)
    return (
      <LoadError onRetry={() => void money.refetch()} retrying={money.isFetching}>
        {errorText(money.error, 'family.loadFailed')}
      </LoadError>
    );
  if (money.isPending) return <SkeletonRows rows={5} />;
  const { subscriptions, invoices } = money.data;
  return (
    <>
      <section className="space-y-2">
        <h2 className="font-semibold text-slate-900">
          <FormattedMessage id="family.money.subscriptions" />
        </h2>
        {subscriptions.length === 0 ? (
          <EmptyState>
            <FormattedMessage id="family.home.noSubscription" />
          </EmptyState>
        ) : (
          subscriptions.map((s) => (
            <Card key={s.id}>
              <SubscriptionBox subscription={s} asked={asked.get(s.id)} />
            </Card>
          ))
        )}
      </section>
      <section className="space-y-2">
        <h2 className="font-semibold text-slate-900">
          <FormattedMessage id="family.money.invoices" />
        </h2>
        {invoices.length === 0 ? (
          <EmptyState>
            <FormattedMessage id="family.money.noInvoices" />
          </EmptyState>
        ) : (
          <ul className="space-y-2">
            {invoices.map((inv) => (
              <li key={inv.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs" data-testid="family-invoice">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold text-slate-900" data-testid="family-invoice-title">
                    <FormattedMessage
                      id={inv.kind === 'credit_note' ? 'family.money.creditNote' : 'family.money.invoice'}
                      values={{ number: inv.number }}
                    />
                  </p>
                  <p className={`font-semibold tabular-nums ${inv.total < 0 ? 'text-red-700' : 'text-slate-900'}`} dir="ltr">
                    {sar(intl, inv.total)}
                  </p>
                </div>
                <p className="text-sm text-slate-600">
                  {displayName({ name: inv.packageName, nameArabic: inv.packageNameArabic }, locale)}
                  <span className="text-slate-500"> · </span>
                  <PlanDate iso={riyadhDateOf(inv.paidAt)} />
                  {inv.creditedInvoiceNumber != null && (
                    <>
                      <span className="text-slate-500"> · </span>
                      <FormattedMessage id="family.money.credits" values={{ number: inv.creditedInvoiceNumber }} />
                    </>
                  )}
                </p>
                <div className="mt-2 flex gap-4 text-sm font-medium">
                  <a href={`/subscription-invoice/${inv.id}`} className="text-brand-700 hover:underline" data-testid="family-invoice-open">
                    <FormattedMessage id="family.money.open" />
                  </a>
                  <a href={inv.pdfPath} target="_blank" rel="noopener" className="text-brand-700 hover:underline">
                    <FormattedMessage id="family.money.pdf" />
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <SavedCardsSection />
    </>
  );
}

export function FamilyMoneyPage() {
  const search = route.useSearch();
  return (
    <ChildPage
      title={<FormattedMessage id="family.money.title" />}
      to="/family/money"
      chosen={search.child}
      part={Money}
      lead={
        <>
          <CheckoutAttemptNotice reference={search.payment} />
          <FamilyCheckoutSection />
        </>
      }
    />
  );
}
