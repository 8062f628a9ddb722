// Why: a family payment link (docs/domain.md, "A family payment link") lets a parent pay several children's
// periods in one payment from a link the academy sent, without signing in to the portal: the same choice, total
// and card-save consent as the portal's section, under the academy's name.
import type { FamilyCheckoutItem } from '@kora/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../components/Button';
import { ErrorBox } from '../../components/States';
import { ApiError } from '../../lib/api';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { CheckoutAttemptNotice, CheckoutForm } from '../family/FamilyCheckout';
import { familyPaymentPageQuery, startFamilyPaymentLink } from './api';
import { AcademyHeading, PaymentShell } from './PaymentShell';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** One period left to pay: it is paid on its own payment page (a checkout pays two or more). */
function OnePeriod({ item }: { item: FamilyCheckoutItem }) {
  const { locale } = useLocale();
  const page = item.status === 'PENDING' ? 'initial-subscription' : 'renew-subscription';
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 p-3" data-testid="family-link-one">
      <p className="text-sm text-slate-700">
        <FormattedMessage
          id="family.link.one"
          values={{ child: displayName(item.child, locale), package: displayName(item.package, locale) }}
        />
      </p>
      <a
        href={`/${page}/${item.subscriptionId}`}
        className="inline-flex min-h-11 items-center justify-center rounded-xl bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        data-testid="family-link-one-pay"
      >
        <FormattedMessage id="family.link.payOne" />
      </a>
    </div>
  );
}

export function FamilyPaymentPage() {
  const { token } = useParams({ from: '/family-payment/$token' });
  const search = useSearch({ from: '/family-payment/$token' });
  const { locale } = useLocale();
  const errorText = useErrorText();
  const client = useQueryClient();
  const valid = TOKEN.test(token);
  const page = useQuery({ ...familyPaymentPageQuery(token), enabled: valid });
  const title = <FormattedMessage id="family.link.title" />;
  const shell = (children: ReactNode) => (
    <PaymentShell title={title} documentTitle="family.link.title">
      {children}
    </PaymentShell>
  );

  if (!valid) return shell(<ErrorBox>{errorText(new ApiError(404, '', 'family_link.not_found'))}</ErrorBox>);
  if (page.isPending)
    return shell(
      <div className="space-y-3" aria-busy="true" data-testid="family-link-loading">
        {[0, 1, 2].map((k) => (
          <div key={k} className="h-12 animate-pulse rounded-xl bg-slate-200/70" />
        ))}
      </div>,
    );
  if (page.isError)
    return shell(
      <div className="space-y-3">
        <ErrorBox>{errorText(page.error, 'family.link.loadFailed')}</ErrorBox>
        {!(page.error instanceof ApiError && page.error.status === 404) && (
          <Button variant="outline" onClick={() => page.refetch()} loading={page.isFetching}>
            <FormattedMessage id="common.retry" />
          </Button>
        )}
      </div>,
    );

  const { academy, parent, offer } = page.data;
  return (
    <PaymentShell title={title} documentTitle="family.link.title" academy={<AcademyHeading academy={academy} title={title} />}>
      <div className="space-y-4" data-testid="family-link">
        <p className="text-slate-800" data-testid="family-link-parent">
          <FormattedMessage id="family.link.greeting" values={{ name: displayName(parent, locale) }} />
        </p>
        <CheckoutAttemptNotice reference={search.payment} />
        {offer.items.length === 0 ? (
          <p className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900" data-testid="family-link-nothing">
            <FormattedMessage id="family.link.nothing" />
          </p>
        ) : offer.items.length === 1 ? (
          <OnePeriod item={offer.items[0]} />
        ) : (
          <CheckoutForm
            items={offer.items}
            start={(body) => startFamilyPaymentLink(token, body)}
            tooFew="family.link.tooFew"
            onStale={() => void client.invalidateQueries({ queryKey: familyPaymentPageQuery(token).queryKey })}
          />
        )}
      </div>
    </PaymentShell>
  );
}
