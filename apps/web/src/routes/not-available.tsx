import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { PublicLayout } from '../components/PublicLayout';

/**
 * The payment and invoice links of spec part 1 §2 (/initial-subscription, /renew-subscription,
 * /subscription-invoice, /payment/success) whose screens are not built yet: say so instead of
 * showing an unrelated page.
 */
export function NotAvailablePage() {
  return (
    <PublicLayout>
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center" data-testid="not-available">
        <div className="rounded-full bg-brand-50 p-4 text-brand-700">
          <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M3 10h18M7 15h4" />
            <circle cx="17.5" cy="17.5" r="4.5" fill="white" />
            <path d="M17.5 15.5v2.2l1.4 1" strokeLinecap="round" />
          </svg>
        </div>
        <h1 className="text-2xl font-bold text-slate-900">
          <FormattedMessage id="notAvailable.title" />
        </h1>
        <p className="text-slate-600">
          <FormattedMessage id="notAvailable.text" />
        </p>
        <Link to="/" className="mt-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          <FormattedMessage id="notFound.backHome" />
        </Link>
      </section>
    </PublicLayout>
  );
}
