import { Link, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { breakOutOfFrame, isFramed } from './frame';
import { PaymentShell } from './PaymentShell';

/** `/payment/success?ref=&invoice=`: where the provider's return sends a confirmed payment. */
export interface PaymentSuccessSearch {
  ref?: string;
  invoice?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Payment success (spec part 2 §2). The return arrives inside the payment page's frame, so the page
 * first takes over the whole window; then it thanks the payer and links the invoice when known.
 */
export function PaymentSuccessPage() {
  const search = useSearch({ strict: false }) as PaymentSuccessSearch;
  const framed = isFramed();
  useEffect(() => {
    if (framed) breakOutOfFrame();
  }, [framed]);
  const invoice = search.invoice && UUID.test(search.invoice) ? search.invoice : null;

  return (
    <PaymentShell title={<FormattedMessage id="paymentSuccess.title" />}>
      <div className="flex flex-col items-center gap-3 py-6 text-center" data-testid="payment-success">
        <div className="flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <svg viewBox="0 0 24 24" className="size-9" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        </div>
        <h2 className="text-xl font-bold text-slate-900">
          <FormattedMessage id="paymentSuccess.title" />
        </h2>
        <p className="max-w-md text-slate-600">
          <FormattedMessage id="paymentSuccess.text" />
        </p>
        {search.ref && (
          <p className="text-xs text-slate-500">
            <FormattedMessage id="paymentSuccess.ref" values={{ ref: <bdi dir="ltr">{search.ref.slice(0, 40)}</bdi> }} />
          </p>
        )}
        <div className="mt-3 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          {invoice && (
            <a
              href={`/subscription-invoice/${invoice}`}
              target="_top"
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800"
              data-testid="payment-invoice-link"
            >
              <FormattedMessage id="paymentSuccess.invoice" />
            </a>
          )}
          <Link
            to="/"
            target="_top"
            className="inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 px-5 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            <FormattedMessage id="notFound.backHome" />
          </Link>
        </div>
      </div>
    </PaymentShell>
  );
}
