import type { PaymentResultReply } from '@kora/contracts';
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
import type { MessageId } from '../../lib/message-ids';
import { formatSar } from '../../lib/money';
import { SharedLink } from '../../routes/links';
import { StatusBadge } from '../players/StatusBadge';
import { MAX_POLLS, POLL_MS, paymentResultQuery } from './api';
import { breakOutOfFrame, isFramed } from './frame';
import { AcademyHeading, AcademyPageLink, PaymentShell } from './PaymentShell';
import { isPaymentRef, NOT_CHARGED, OutcomeBanner, ResultPeriod } from './result';

const primary =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800';
/** The invoice viewer of an invoice (public: its id is its key). */
const invoiceHref = (id: string) => `/subscription-invoice/${id}`;

/** The total's name: a checkout's sum of its children's, or one subscription's amount; paid, or not (yet). */
const AMOUNT_LABEL = {
  one: { paid: 'paymentResult.amountPaid', due: 'paymentResult.amount' },
  checkout: { paid: 'paymentResult.totalPaid', due: 'paymentResult.total' },
} as const satisfies Record<string, Record<'paid' | 'due', MessageId>>;

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

type CheckoutItem = NonNullable<PaymentResultReply['items']>[number];

/** A family checkout's children (docs/domain.md, "One checkout per family"): each one's package, amount and invoice once paid. */
function CheckoutItems({ items }: { items: CheckoutItem[] }) {
  const intl = useIntl();
  const { locale } = useLocale();
  return (
    <section className="space-y-2" aria-labelledby="payment-result-items-title" data-testid="payment-result-items">
      <h2 className="text-sm font-semibold text-slate-700" id="payment-result-items-title">
        <FormattedMessage id="paymentResult.items" />
      </h2>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {items.map((item) => (
          <li
            key={`${item.player.name}|${item.package.name}|${item.invoice?.id ?? ''}`}
            className="flex items-start justify-between gap-4 px-3 py-2.5"
            data-testid="payment-result-item"
          >
            <div className="min-w-0 flex-1 space-y-0.5">
              <p className="font-semibold break-words text-slate-900" data-testid="payment-result-item-player">
                {displayName(item.player, locale)}
              </p>
              <p className="text-sm break-words text-slate-600">{displayName(item.package, locale)}</p>
              {item.invoice && (
                <a
                  href={invoiceHref(item.invoice.id)}
                  target="_top"
                  className="inline-flex min-h-8 items-center text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                  data-testid="payment-result-item-invoice"
                >
                  {/* One text (a flex box would drop the space before the number). */}
                  <span>
                    <FormattedMessage
                      id="paymentResult.itemInvoice"
                      values={{ number: <bdi dir="ltr">#{item.invoice.invoiceNumber}</bdi> }}
                    />
                  </span>
                </a>
              )}
            </div>
            <p className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums" data-testid="payment-result-item-amount">
              {formatSar(intl, item.amount)}
            </p>
          </li>
        ))}
      </ul>
    </section>
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
  // A family checkout: its children's lines, and `amount` their total.
  const items = r.items?.length ? r.items : null;
  const academyName = displayName(r.academy, locale);
  // Asked MAX_POLLS times and still pending: the page stops asking and says so.
  const slow = r.outcome === 'pending' && result.dataUpdatedAt - opened >= POLL_MS * (MAX_POLLS - 1);
  // The banner says what happened; the heading says what the page is about.
  const pageTitle = items ? 'paymentResult.checkoutTitle' : 'paymentPage.title';
  const title = intl.formatMessage({ id: pageTitle });

  return (
    <PaymentShell
      title={title}
      documentTitle={paid ? 'paymentSuccess.title' : pageTitle}
      handle={r.academy.handle}
      academy={<AcademyHeading academy={r.academy} title={title} />}
    >
      <div className="space-y-4" data-testid={paid ? 'payment-success' : 'payment-result'}>
        <OutcomeBanner outcome={r.outcome} slow={slow} />
        {items && <CheckoutItems items={items} />}
        <dl className="divide-y divide-slate-100" data-testid="payment-result-details">
          {!items && (
            <>
              <Row label={<FormattedMessage id="paymentPage.player" />}>{displayName(r.player, locale)}</Row>
              <Row label={<FormattedMessage id="paymentPage.package" />}>{displayName(r.package, locale)}</Row>
              <Row label={<FormattedMessage id="paymentPage.period" />} testId="payment-result-period">
                <ResultPeriod result={r} />
              </Row>
            </>
          )}
          <Row
            label={<FormattedMessage id={AMOUNT_LABEL[items ? 'checkout' : 'one'][paid ? 'paid' : 'due']} />}
            testId="payment-result-amount"
          >
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
          {/* A checkout's invoices and statuses are its children's, each on its line above. */}
          {!items && r.invoice && (
            <Row label={<FormattedMessage id="paymentResult.invoiceNumber" />} testId="payment-result-invoice">
              <a href={invoiceHref(r.invoice.id)} target="_top" className="text-brand-700 underline-offset-2 hover:underline">
                <bdi dir="ltr">#{r.invoice.invoiceNumber}</bdi>
              </a>
            </Row>
          )}
          {!items && (
            <Row label={<FormattedMessage id="paymentPage.status" />} testId="payment-result-status">
              {/* A trial paid during it stays TRIAL until the paid period starts: say when that is, not "Trial". */}
              {paid && r.subscription.status === 'TRIAL' && r.paidPeriod?.startDate ? (
                <FormattedMessage id="paymentResult.activeFrom" values={{ date: <PlanDateText iso={r.paidPeriod.startDate} /> }} />
              ) : (
                <StatusBadge status={r.subscription.status} />
              )}
            </Row>
          )}
          <Row label={<FormattedMessage id="paymentResult.reference" />}>
            <bdi dir="ltr" className="font-mono text-xs font-normal text-slate-600">
              {r.ref}
            </bdi>
          </Row>
        </dl>
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          {!items && r.invoice && (
            <a href={invoiceHref(r.invoice.id)} target="_top" className={primary} data-testid="payment-invoice-link">
              <FormattedMessage id="paymentSuccess.invoice" />
            </a>
          )}
          {/* A family checkout is tried again from the portal's payments page (only the academy's host serves it). */}
          {NOT_CHARGED.includes(r.outcome) && r.retry.page === 'family' && (
            <a href="/family/money" target="_top" className={primary} data-testid="payment-try-again">
              <FormattedMessage id="paymentResult.tryAgain" />
            </a>
          )}
          {NOT_CHARGED.includes(r.outcome) && r.retry.page !== 'family' && (
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
