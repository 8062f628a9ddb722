import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PlanDateText } from '../../components/PlanDate';
import { Spinner } from '../../components/Spinner';
import { LoadError } from '../../components/States';
import { ApiError } from '../../lib/api';
import { displayName } from '../../lib/display-name';
import { currentHost } from '../../lib/host';
import { useLocale } from '../../lib/i18n';
import { formatSar } from '../../lib/money';
import { SharedLink } from '../../routes/links';
import { StatusBadge } from '../players/StatusBadge';
import { MAX_POLLS, POLL_MS, paymentResultQuery } from './api';
import { breakOutOfFrame, isFramed } from './frame';
import { AcademyHeading, AcademyPageLink, PaymentShell } from './PaymentShell';
import { isPaymentRef, NOT_CHARGED, OutcomeBanner, ResultPeriod } from './result';

const primary =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800';
const secondary =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 px-5 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';

function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-end text-sm font-semibold break-words text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The home of a payment nobody knows: the academy's family portal on its host, Kora's otherwise. */
function HomeLink() {
  const host = currentHost();
  return host.kind === 'academy' ? (
    <AcademyPageLink handle={host.handle} className={secondary}>
      <FormattedMessage id="family.portalLink" />
    </AcademyPageLink>
  ) : (
    <SharedLink to="/" target="_top" className={secondary}>
      <FormattedMessage id="notFound.backHome" />
    </SharedLink>
  );
}

/**
 * The payment's result (docs/domain.md, "Subscription lifecycle"). The return arrives inside the payment page's
 * frame, so the page first takes over the whole window; then it asks the server what became of the
 * payment: paid (amount, period, invoice), being confirmed (asked again until it is), or not charged
 * (declined, expired, cancelled, failed: try again). A reference the server does not know is said so.
 */
export function PaymentSuccessPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const search = useSearch({ from: '/payment/success' });
  const framed = isFramed();
  useEffect(() => {
    if (framed) breakOutOfFrame();
  }, [framed]);
  const ref = isPaymentRef(search.ref) ? search.ref : null;
  const result = useQuery({ ...paymentResultQuery(ref ?? ''), enabled: !!ref && !framed });
  const [opened] = useState(() => Date.now());

  const unknown = !ref || (result.error instanceof ApiError && result.error.status === 404);
  if (unknown) {
    return (
      <PaymentShell title={<FormattedMessage id="paymentResult.notFound.title" />} documentTitle="paymentResult.notFound.title">
        <div className="flex flex-col items-center gap-3 py-4 text-center" data-testid="payment-not-found">
          <p className="max-w-md text-slate-600">
            <FormattedMessage id="paymentResult.notFound.text" />
          </p>
          <HomeLink />
        </div>
      </PaymentShell>
    );
  }
  if (result.isError) {
    return (
      <PaymentShell title={<FormattedMessage id="paymentResult.loading" />}>
        <LoadError onRetry={() => result.refetch()} retrying={result.isFetching}>
          <FormattedMessage id="paymentResult.fetchFailed" />
        </LoadError>
      </PaymentShell>
    );
  }
  const r = result.data;
  if (!r) {
    return (
      <PaymentShell title={<FormattedMessage id="paymentResult.loading" />}>
        <div className="flex items-center justify-center gap-3 py-10 text-brand-700" aria-busy="true">
          <Spinner className="size-6" />
          <span className="text-sm text-slate-600">
            <FormattedMessage id="paymentResult.loading" />
          </span>
        </div>
      </PaymentShell>
    );
  }

  const paid = r.outcome === 'paid';
  const academyName = displayName(r.academy, locale);
  // Asked MAX_POLLS times and still pending: the page stops asking and says so.
  const slow = r.outcome === 'pending' && result.dataUpdatedAt - opened >= POLL_MS * (MAX_POLLS - 1);
  // The banner says what happened; the heading says what the page is about.
  const title = intl.formatMessage({ id: 'paymentPage.title' });

  return (
    <PaymentShell
      title={title}
      documentTitle={paid ? 'paymentSuccess.title' : 'paymentPage.title'}
      handle={r.academy.handle}
      academy={<AcademyHeading academy={r.academy} title={title} />}
    >
      <div className="space-y-4" data-testid={paid ? 'payment-success' : 'payment-result'}>
        <OutcomeBanner outcome={r.outcome} slow={slow} />
        <dl className="divide-y divide-slate-100" data-testid="payment-result-details">
          <Row label={<FormattedMessage id="paymentPage.player" />}>{displayName(r.player, locale)}</Row>
          <Row label={<FormattedMessage id="paymentPage.package" />}>{displayName(r.package, locale)}</Row>
          <Row label={<FormattedMessage id="paymentPage.period" />} testId="payment-result-period">
            <ResultPeriod result={r} />
          </Row>
          <Row label={<FormattedMessage id={paid ? 'paymentResult.amountPaid' : 'paymentResult.amount'} />} testId="payment-result-amount">
            <span className="flex flex-col items-end">
              <span className="text-lg">{formatSar(intl, r.amount)}</span>
              {r.academy.vatNumber && (
                <span className="text-xs font-normal text-slate-500">
                  <FormattedMessage id="paymentResult.vatIncluded" />
                </span>
              )}
            </span>
          </Row>
          {r.academy.vatNumber && (
            <Row label={<FormattedMessage id="paymentResult.vatNumber" />}>
              <bdi dir="ltr">{r.academy.vatNumber}</bdi>
            </Row>
          )}
          {r.invoice && (
            <Row label={<FormattedMessage id="paymentResult.invoiceNumber" />} testId="payment-result-invoice">
              <a href={`/subscription-invoice/${r.invoice.id}`} target="_top" className="text-brand-700 underline-offset-2 hover:underline">
                <bdi dir="ltr">#{r.invoice.invoiceNumber}</bdi>
              </a>
            </Row>
          )}
          <Row label={<FormattedMessage id="paymentPage.status" />} testId="payment-result-status">
            {/* A trial paid during it stays TRIAL until the paid period starts: say when that is, not "Trial". */}
            {paid && r.subscription.status === 'TRIAL' && r.paidPeriod?.startDate ? (
              <FormattedMessage id="paymentResult.activeFrom" values={{ date: <PlanDateText iso={r.paidPeriod.startDate} /> }} />
            ) : (
              <StatusBadge status={r.subscription.status} />
            )}
          </Row>
          <Row label={<FormattedMessage id="paymentResult.reference" />}>
            <bdi dir="ltr" className="font-mono text-xs font-normal text-slate-600">
              {r.ref}
            </bdi>
          </Row>
        </dl>
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          {r.invoice && (
            <a href={`/subscription-invoice/${r.invoice.id}`} target="_top" className={primary} data-testid="payment-invoice-link">
              <FormattedMessage id="paymentSuccess.invoice" />
            </a>
          )}
          {NOT_CHARGED.includes(r.outcome) && (
            <SharedLink
              to={r.retry.page === 'renew' ? '/renew-subscription/$id' : '/initial-subscription/$id'}
              params={{ id: r.retry.subscriptionId }}
              target="_top"
              className={primary}
              data-testid="payment-try-again"
            >
              <FormattedMessage id="paymentResult.tryAgain" />
            </SharedLink>
          )}
          {/* On the academy's host, its family portal; on the root's, the academy's public page. */}
          <AcademyPageLink handle={r.academy.handle} className={secondary}>
            {currentHost().kind === 'academy' ? (
              <FormattedMessage id="family.portalLink" />
            ) : (
              <FormattedMessage id="paymentResult.backTo" values={{ academy: academyName }} />
            )}
          </AcademyPageLink>
        </div>
      </div>
    </PaymentShell>
  );
}
