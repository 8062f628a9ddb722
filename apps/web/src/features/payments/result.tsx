// Why: the payer's result is the server's record of the payment, read by its reference (paymentResultQuery,
// api.ts), never a verdict carried in the address: one way of saying each outcome.
import type { PaymentOutcome, PaymentResultReply } from '@kora/contracts';
import { FormattedMessage } from 'react-intl';
import { PlanRange } from '../../components/PlanDate';
import { Spinner } from '../../components/Spinner';
import type { MessageId } from '../../lib/message-ids';
import { SharedLink } from '../../routes/links';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Only a reference of Kora's shape is asked about; anything else is a payment the server does not know. */
export const isPaymentRef = (ref: string | undefined): ref is string => !!ref && UUID.test(ref);

/** Outcomes after which the payer may pay again: nothing was charged. */
export const NOT_CHARGED: readonly PaymentOutcome[] = ['declined', 'expired', 'cancelled', 'failed'];

const TEXT: Record<PaymentOutcome, { title: MessageId; text: MessageId }> = {
  paid: { title: 'paymentSuccess.title', text: 'paymentSuccess.text' },
  pending: { title: 'paymentResult.pending.title', text: 'paymentResult.pending.text' },
  declined: { title: 'paymentResult.declined.title', text: 'paymentResult.declined.text' },
  expired: { title: 'paymentResult.expired.title', text: 'paymentResult.expired.text' },
  cancelled: { title: 'paymentResult.cancelled.title', text: 'paymentResult.cancelled.text' },
  failed: { title: 'paymentResult.failed.title', text: 'paymentResult.failed.text' },
  unapplied: { title: 'paymentResult.unapplied.title', text: 'paymentResult.unapplied.text' },
};

const TONES = {
  good: { box: 'border-brand-200 bg-brand-50 text-brand-900', icon: 'bg-brand-100 text-brand-700' },
  wait: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: 'bg-sky-100 text-sky-700' },
  stop: { box: 'border-red-200 bg-red-50 text-red-800', icon: 'bg-red-100 text-red-700' },
  warn: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: 'bg-amber-100 text-amber-700' },
} as const;
const TONE: Record<PaymentOutcome, keyof typeof TONES> = {
  paid: 'good',
  pending: 'wait',
  declined: 'stop',
  expired: 'stop',
  cancelled: 'warn',
  failed: 'stop',
  unapplied: 'warn',
};

function OutcomeIcon({ outcome }: { outcome: PaymentOutcome }) {
  if (outcome === 'pending') return <Spinner className="size-6" />;
  const path =
    outcome === 'paid'
      ? 'M5 12.5l4.5 4.5L19 7.5'
      : outcome === 'unapplied' || outcome === 'cancelled'
        ? 'M12 7v6m0 4h.01'
        : 'M7 7l10 10M17 7L7 17';
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}

/** An outcome's title and what it means for the payer; `slow` adds that confirming takes long. */
export function OutcomeBanner({
  outcome,
  slow = false,
  heading: Heading = 'h2',
}: {
  outcome: PaymentOutcome;
  slow?: boolean;
  heading?: 'h1' | 'h2';
}) {
  const tone = TONES[TONE[outcome]];
  return (
    <div
      role={outcome === 'pending' ? 'status' : outcome === 'paid' ? undefined : 'alert'}
      className={`flex items-start gap-3 rounded-xl border px-4 py-3 ${tone.box}`}
      data-testid="payment-outcome"
      data-outcome={outcome}
    >
      <span className={`flex size-10 shrink-0 items-center justify-center rounded-full ${tone.icon}`}>
        <OutcomeIcon outcome={outcome} />
      </span>
      <div className="min-w-0 space-y-1">
        <Heading className="text-base font-bold">
          <FormattedMessage id={TEXT[outcome].title} />
        </Heading>
        <p className="text-sm">
          <FormattedMessage id={TEXT[outcome].text} />
        </p>
        {slow && (
          <p className="text-sm font-medium">
            <FormattedMessage id="paymentResult.pending.slow" />
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The period paid for: the invoice's (a trial paid during it: the months after the trial), else the
 * subscription's dates, or its sessions.
 */
export function ResultPeriod({ result }: { result: PaymentResultReply }) {
  const s = result.subscription;
  const paid = result.paidPeriod;
  if (result.package.packageType === 'SESSION_BASED') {
    const count = paid?.sessions ?? s.totalSessions;
    return count !== null ? <FormattedMessage id="paymentPage.sessions" values={{ count }} /> : <>—</>;
  }
  const start = paid?.startDate ?? s.startDate;
  const end = paid?.endDate ?? s.endDate;
  return start && end ? <PlanRange start={start} end={end} stacked align="end" hijriClassName="font-normal text-slate-500" /> : <>—</>;
}

/**
 * A payment the payer came back from, as the server recorded it: its outcome, and a link to its
 * result page unless nothing was charged (the payment page's and the portal checkout's notice).
 */
export function AttemptOutcome({ result }: { result: PaymentResultReply }) {
  return (
    <>
      <OutcomeBanner outcome={result.outcome} />
      {!NOT_CHARGED.includes(result.outcome) && (
        <SharedLink
          to="/payment/success"
          search={{ ref: result.ref }}
          className="inline-flex min-h-10 items-center text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          <FormattedMessage id="paymentResult.viewResult" />
        </SharedLink>
      )}
    </>
  );
}
