import { CARD_CONSENT, CARD_METHOD_NAMES, type PaymentDetails, type SubscriptionStatus } from '@kora/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { PlanDateText, PlanRange } from '../../components/PlanDate';
import { ErrorBox } from '../../components/States';
import { ApiError } from '../../lib/api';
import { displayDescription, displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import type { MessageId } from '../../lib/message-ids';
import { formatSar } from '../../lib/money';
import { WrittenText } from '../../lib/text-language';
import { SharedLink } from '../../routes/links';
import { StatusBadge } from '../players/StatusBadge';
import { initiatePayment, paymentDetailsQuery, paymentResultQuery } from './api';
import { breakOutOfFrame, isFramed } from './frame';
import { InstalmentChoice } from './InstalmentChoice';
import { AcademyHeading, PaymentShell } from './PaymentShell';
import { AttemptOutcome, isPaymentRef } from './result';

export type PaymentMode = 'initial' | 'renew';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The page's messages, with the renewal page's variants (docs/domain.md, "Screens"). */
const MESSAGES: Record<PaymentMode, Record<'fetch' | 'incomplete' | 'initiate' | 'load' | 'missingId' | 'notPayable', MessageId>> = {
  initial: {
    fetch: 'paymentPage.error.fetch',
    incomplete: 'paymentPage.error.incomplete',
    initiate: 'paymentPage.error.initiate',
    load: 'paymentPage.error.load',
    missingId: 'paymentPage.error.missingId',
    notPayable: 'paymentPage.notPending',
  },
  renew: {
    fetch: 'paymentPage.renew.error.fetch',
    incomplete: 'paymentPage.renew.error.incomplete',
    initiate: 'paymentPage.renew.error.initiate',
    load: 'paymentPage.renew.error.load',
    missingId: 'paymentPage.renew.error.missingId',
    notPayable: 'paymentPage.renew.notRenewable',
  },
};

/** Statuses each page may start a payment from: a renewal also pays an ended (INACTIVE) subscription. */
// Renewing before the end: an ACTIVE or TRIAL subscription is extended by the payment.
const PAYABLE: Record<PaymentMode, SubscriptionStatus[]> = { initial: ['PENDING'], renew: ['PENDING', 'INACTIVE', 'ACTIVE', 'TRIAL'] };

/** Whether an answer has what the page shows (spec: 'Incomplete data received from server.'). */
const complete = (d: PaymentDetails | undefined): d is PaymentDetails =>
  !!d?.user && !!d.package && !!d.subscription && !!d.academy && !!d.price;

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-end text-sm font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Days from one yyyy-MM-dd to another, both counted. */
const daysIn = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;

function Period({ d }: { d: PaymentDetails }) {
  const { package: p, subscription: s } = d;
  if (p.packageType === 'SESSION_BASED') {
    return <FormattedMessage id="paymentPage.sessions" values={{ count: s.totalSessions ?? p.sessionsCount ?? 0 }} />;
  }
  // A trial's dates are its free days, not the package's months (those follow it: the notice above says so).
  if (s.status === 'TRIAL' && s.startDate && s.endDate) {
    return (
      <span className="flex flex-col items-end" data-testid="payment-trial-period">
        <FormattedMessage id="paymentPage.trialLength" values={{ count: daysIn(s.startDate, s.endDate) }} />
        <PlanRange start={s.startDate} end={s.endDate} stacked align="end" className="text-xs font-normal text-slate-500" />
      </span>
    );
  }
  return (
    <span className="flex flex-col items-end">
      <FormattedMessage id="paymentPage.months" values={{ count: p.monthsNumber ?? 1 }} />
      {s.startDate && s.endDate && (
        <PlanRange start={s.startDate} end={s.endDate} stacked align="end" className="text-xs font-normal text-slate-500" />
      )}
    </span>
  );
}

/**
 * The outcome of the payment the payer came back from (`?payment=` names it), as the server recorded
 * it: declined, expired, cancelled or failed each say so here, where paying again starts; a payment
 * taken or being confirmed links its result. Nothing is shown for a reference of another subscription.
 */
function AttemptNotice({ reference, subscriptionId }: { reference: string; subscriptionId: string }) {
  const result = useQuery({ ...paymentResultQuery(reference), enabled: !isFramed() });
  const r = result.data;
  if (!r || (r.retry.subscriptionId !== subscriptionId && r.subscription.id !== subscriptionId)) return null;
  return (
    <div className="mb-4 space-y-2">
      <AttemptOutcome result={r} />
    </div>
  );
}

/**
 * The public payment page (docs/domain.md, "Subscription lifecycle"): the subscription's details, then Proceed, then the
 * card provider's page in a frame. The renewal page is the same with its own messages and also
 * accepts an ended subscription. The provider's return lands in the frame and comes back here with
 * `?payment=` when nothing was taken: its outcome is read from the server and shown on the whole page.
 */
export function PaymentPage({ mode }: { mode: PaymentMode }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const errorText = useErrorText();
  const from = mode === 'initial' ? '/initial-subscription/$id' : '/renew-subscription/$id';
  const { id } = useParams({ from });
  const search = useSearch({ from });
  const m = MESSAGES[mode];
  const validId = !!id && UUID.test(id);
  const [paymentUrl, setPaymentUrl] = useState<string | null>(null);
  // "Save this card for automatic renewals" (docs/domain.md, "Automatic renewals and retries"): unticked until the payer ticks it.
  const [saveCard, setSaveCard] = useState(false);
  // Pay in instalments when the package offers them (docs/domain.md, "Instalments"): in full until the payer chooses.
  const [instalments, setInstalments] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  // Sent back into the frame by the provider's return: show the outcome on the whole page.
  useEffect(() => {
    if (isFramed()) breakOutOfFrame();
  }, []);

  const details = useQuery({ ...paymentDetailsQuery(id ?? ''), enabled: validId && !isFramed() });

  const initiation = useMutation({
    mutationFn: () => initiatePayment(id ?? '', locale, mode === 'renew', saveCard, instalments && !!details.data?.instalments),
    onSuccess: setPaymentUrl,
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'payment.not_pending') void details.refetch();
    },
  });
  useEffect(() => {
    if (paymentUrl) frameRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [paymentUrl]);

  const title = <FormattedMessage id={mode === 'renew' ? 'paymentPage.renewTitle' : 'paymentPage.title'} />;

  if (!validId) {
    return (
      <PaymentShell title={title}>
        <ErrorBox>{intl.formatMessage({ id: m.missingId })}</ErrorBox>
      </PaymentShell>
    );
  }
  if (details.isPending) {
    return (
      <PaymentShell title={title}>
        <div className="space-y-3" aria-busy="true" data-testid="payment-loading">
          <p className="text-sm text-slate-500">
            <FormattedMessage id="paymentPage.loading" />
          </p>
          {[0, 1, 2, 3].map((k) => (
            <div key={k} className="h-10 animate-pulse rounded-xl bg-slate-200/70" />
          ))}
        </div>
      </PaymentShell>
    );
  }
  if (details.isError) {
    const err = details.error;
    return (
      <PaymentShell title={title}>
        <div className="space-y-3">
          <ErrorBox>{err instanceof ApiError && err.status === 404 ? errorText(err) : intl.formatMessage({ id: m.fetch })}</ErrorBox>
          <Button variant="outline" onClick={() => details.refetch()} loading={details.isFetching}>
            <FormattedMessage id="common.retry" />
          </Button>
        </div>
      </PaymentShell>
    );
  }
  const d = details.data;
  if (!complete(d)) {
    return (
      <PaymentShell title={title}>
        <ErrorBox>{intl.formatMessage({ id: mode === 'renew' ? 'paymentPage.renew.error.missingData' : m.incomplete })}</ErrorBox>
      </PaymentShell>
    );
  }

  const status = d.subscription.status;
  const payable = PAYABLE[mode].includes(status);
  // The status in the page's language, as the lists name it (not the API's ACTIVE).
  const statusWord = intl.formatMessage({ id: `status.${status}` });
  const online = d.academy.enableOnlinePayments;
  const description = displayDescription(d.package, locale);
  // What this payment charges: the package's price, less a sibling price when one applies.
  const price = d.price;
  const discounted = price.allowance > 0;
  const initiationError = (() => {
    const err = initiation.error;
    // The status changed since the page loaded: the details are read again and say why below.
    if (!err || (err instanceof ApiError && err.code === 'payment.not_pending')) return null;
    if (err instanceof ApiError && err.code !== 'request.failed' && err.code !== 'payment.initiate_failed') return errorText(err);
    return intl.formatMessage({ id: m.initiate });
  })();

  return (
    <PaymentShell title={title} handle={d.academy.handle} academy={<AcademyHeading academy={d.academy} title={title} />}>
      {isPaymentRef(search.payment) && !paymentUrl && <AttemptNotice reference={search.payment} subscriptionId={d.subscription.id} />}
      {mode === 'renew' && status === 'INACTIVE' && (
        <p className="mb-4 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">
          <FormattedMessage id="paymentPage.renew.ended" />
        </p>
      )}
      {mode === 'renew' && (status === 'ACTIVE' || status === 'TRIAL') && (
        <p className="mb-4 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900" data-testid="payment-extends">
          {d.subscription.endDate ? (
            <FormattedMessage
              id="paymentPage.renew.extends"
              values={{ date: <PlanDateText iso={d.subscription.endDate} />, months: d.package.monthsNumber ?? 1 }}
            />
          ) : (
            <FormattedMessage id="paymentPage.renew.extendsSessions" values={{ count: d.package.sessionsCount ?? 0 }} />
          )}
        </p>
      )}
      <dl className="divide-y divide-slate-100" data-testid="payment-details">
        <Row label={<FormattedMessage id="paymentPage.player" />}>{displayName(d.user, locale)}</Row>
        <Row label={<FormattedMessage id="paymentPage.package" />}>
          <span className="flex flex-col items-end gap-0.5">
            {displayName(d.package, locale)}
            {description && (
              <WrittenText text={description} className="max-w-xs text-xs font-normal whitespace-pre-line text-slate-500" as="span" />
            )}
          </span>
        </Row>
        <Row label={<FormattedMessage id="paymentPage.period" />}>
          <Period d={d} />
        </Row>
        {d.parents.length > 0 && (
          <Row label={<FormattedMessage id={d.parents.length > 1 ? 'paymentPage.parents' : 'paymentPage.parent'} />}>
            {d.parents.map((p) => displayName(p, locale)).join(locale === 'ar' ? '، ' : ', ')}
          </Row>
        )}
        <Row label={<FormattedMessage id="paymentPage.status" />}>
          <StatusBadge status={status} />
        </Row>
        {/* A sibling price (docs/domain.md, "Sibling prices"): the package's price, the allowance, then what is charged. */}
        {discounted && (
          <>
            <Row label={<FormattedMessage id="paymentPage.listPrice" />}>
              <span data-testid="payment-list-price">{formatSar(intl, price.list)}</span>
            </Row>
            <Row
              label={
                <span data-testid="payment-sibling">
                  {price.sibling && price.sibling.position >= 2 ? (
                    <FormattedMessage
                      id="paymentPage.sibling"
                      values={{ position: price.sibling.position, percent: price.sibling.percent }}
                    />
                  ) : (
                    <FormattedMessage id="paymentPage.siblingAllowance" />
                  )}
                </span>
              }
            >
              <span className="text-brand-700" data-testid="payment-allowance">
                {formatSar(intl, -price.allowance)}
              </span>
            </Row>
          </>
        )}
        <Row label={<FormattedMessage id={discounted ? 'paymentPage.toPay' : 'paymentPage.price'} />}>
          <span className="flex flex-col items-end">
            <span className="text-lg" data-testid="payment-price">
              {formatSar(intl, price.total)}
            </span>
            {d.academy.vatNumber && (
              <span className="text-xs font-normal text-slate-500" data-testid="payment-vat-included">
                <FormattedMessage id="paymentResult.vatIncluded" />
              </span>
            )}
          </span>
        </Row>
        {d.academy.vatNumber && (
          <Row label={<FormattedMessage id="paymentResult.vatNumber" />}>
            <bdi dir="ltr" data-testid="payment-vat-number">
              {d.academy.vatNumber}
            </bdi>
          </Row>
        )}
      </dl>

      <div className="mt-5 space-y-3">
        {!payable && (
          <ErrorBox>
            <span data-testid="payment-not-pending">{intl.formatMessage({ id: m.notPayable }, { status: statusWord })}</span>
          </ErrorBox>
        )}
        {/* A running subscription is renewed (or its trial paid) on the renewal page. */}
        {mode === 'initial' && (status === 'ACTIVE' || status === 'TRIAL') && (
          <SharedLink
            to="/renew-subscription/$id"
            params={{ id: d.subscription.id }}
            className="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            data-testid="payment-to-renew"
          >
            <FormattedMessage id="paymentPage.toRenew" />
          </SharedLink>
        )}
        {payable && !online && <ErrorBox>{intl.formatMessage({ id: 'errors.payment.online_disabled' })}</ErrorBox>}
        {initiationError && <ErrorBox>{initiationError}</ErrorBox>}
        {!paymentUrl && payable && online && d.instalments && (
          <InstalmentChoice
            offer={d.instalments}
            total={price.total}
            chosen={instalments}
            onChoose={setInstalments}
            needsCard={!saveCard}
          />
        )}
        {!paymentUrl && payable && online && (
          <label className="flex items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0"
              checked={saveCard}
              onChange={(e) => setSaveCard(e.target.checked)}
              data-testid="payment-save-card"
            />
            {/* The consent's own text, in the page's language; its version is recorded with the card. */}
            <span>{CARD_CONSENT[locale]}</span>
          </label>
        )}
        {!paymentUrl && (
          <Button
            full
            className="min-h-12 text-base"
            disabled={!payable || !online || (instalments && !!d.instalments && !saveCard)}
            loading={initiation.isPending}
            onClick={() => initiation.mutate()}
            data-testid="payment-proceed"
          >
            <FormattedMessage id={mode === 'renew' ? 'paymentPage.renewProceed' : 'paymentPage.proceed'} />
          </Button>
        )}
        {/* The ways the provider's page takes money (docs/domain.md, "Payment methods"): its profile's. */}
        {d.methods.length > 0 && (
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600" data-testid="payment-methods">
            <span>
              <FormattedMessage id="paymentPage.methods" />
            </span>
            {d.methods.map((m) => (
              <span
                key={m}
                className="rounded-md border border-slate-200 bg-white px-2 py-0.5 text-xs font-semibold text-slate-800"
                data-testid={`payment-method-${m}`}
              >
                {CARD_METHOD_NAMES[m][locale]}
              </span>
            ))}
          </div>
        )}
        <p className="flex items-start gap-2 text-xs text-slate-500">
          <svg viewBox="0 0 24 24" className="mt-0.5 size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <rect x="4" y="11" width="16" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
          <FormattedMessage id="paymentPage.secure" />
        </p>
      </div>

      {paymentUrl && (
        <div className="mt-5 space-y-2">
          <iframe
            ref={frameRef}
            src={paymentUrl}
            title={intl.formatMessage({ id: 'paymentPage.frameTitle' })}
            className="h-[720px] w-full rounded-xl border border-slate-200 bg-white"
            allow="payment"
            data-testid="payment-frame"
          />
          <Button variant="ghost" full onClick={() => setPaymentUrl(null)}>
            <FormattedMessage id="paymentPage.cancel" />
          </Button>
        </div>
      )}
    </PaymentShell>
  );
}

export function InitialPaymentPage() {
  return <PaymentPage mode="initial" />;
}

export function RenewPaymentPage() {
  return <PaymentPage mode="renew" />;
}
