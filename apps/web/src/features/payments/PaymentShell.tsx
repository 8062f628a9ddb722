import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Logo } from '../../components/Logo';
import { PaymentLogos } from '../../components/PaymentLogos';
import { displayName, type Named } from '../../lib/display-name';
import { currentHost } from '../../lib/host';
import { useLocale } from '../../lib/i18n';
import type { MessageId } from '../../lib/message-ids';
import { useDocumentTitle } from '../../lib/screen-title';
import { SharedLink } from '../../routes/links';

/**
 * Where a payer goes back to (never the staff login): on the academy's own host its family portal
 * (`/family`, whose sign-in comes first without a parent session); on the root's, where there is no
 * portal, the academy's parent registration page with `?academy=`.
 */
export function AcademyPageLink({ handle, className, children }: { handle: string; className?: string; children: ReactNode }) {
  const host = currentHost();
  if (host.kind === 'academy')
    return (
      <a href="/family" target="_top" className={className} data-testid="family-portal-link">
        {children}
      </a>
    );
  return (
    <SharedLink to="/auth/register/parent" search={{ academy: handle }} target="_top" className={className}>
      {children}
    </SharedLink>
  );
}

/** The academy's refund and cancellation policy page (its own, or the standard one it has not written). */
export function RefundPolicyLink({ handle, className }: { handle?: string; className?: string }) {
  const host = currentHost();
  return (
    <SharedLink
      to="/refund-policy"
      search={host.kind === 'academy' || !handle ? {} : { academy: handle }}
      target="_top"
      className={className}
      data-testid="refund-policy-link"
    >
      <FormattedMessage id="paymentPage.refundPolicy" />
    </SharedLink>
  );
}

/** The academy's logo (or its initial) and name, above what the page is about. */
export function AcademyHeading({ academy, title }: { academy: Named & { logo: string | null }; title: ReactNode }) {
  const { locale } = useLocale();
  const name = displayName(academy, locale);
  return (
    <div className="flex items-center gap-3">
      {academy.logo ? (
        <img src={academy.logo} alt="" className="size-12 shrink-0 rounded-xl border border-slate-200 object-cover" />
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-lg font-bold text-brand-700">
          {name.slice(0, 1)}
        </span>
      )}
      <div className="min-w-0">
        <p className="truncate text-base font-bold text-slate-900" data-testid="payment-academy">
          {name}
        </p>
        <h1 className="text-sm font-normal text-slate-500">{title}</h1>
      </div>
    </div>
  );
}

/**
 * The public payment screens: a light header with the language buttons, one centred card, the
 * accepted cards and the refund policy. On an academy's host the logo leads to the academy's family
 * portal, not to the staff login nor the registration wizard.
 */
export function PaymentShell({
  title,
  documentTitle = 'paymentPage.title',
  academy,
  handle,
  policyLink = true,
  children,
}: {
  title: ReactNode;
  /** The browser tab's title, in the page's language. */
  documentTitle?: MessageId;
  academy?: ReactNode;
  /** The academy whose refund policy the footer links (the host's own when on an academy's host). */
  handle?: string;
  /** False on the policy page itself. */
  policyLink?: boolean;
  children: ReactNode;
}) {
  const host = currentHost();
  useDocumentTitle(documentTitle);
  const logo = <Logo />;
  return (
    <div className="flex min-h-screen flex-col bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-2xl items-center justify-between gap-2 px-4 py-3">
          {host.kind === 'academy' ? (
            <a href="/family" target="_top" aria-label="Kora">
              {logo}
            </a>
          ) : (
            <SharedLink to="/" aria-label="Kora">
              {logo}
            </SharedLink>
          )}
          <LanguageSwitcher />
        </div>
      </header>
      <main className="mx-auto w-full max-w-2xl flex-1 px-3 py-6 sm:px-4 sm:py-10">
        <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid="payment-card">
          <div className="mb-4 border-b border-slate-100 pb-4">
            {academy ?? <h1 className="text-lg font-bold text-slate-900">{title}</h1>}
          </div>
          {children}
        </section>
        <div className="mt-4 flex flex-col items-center gap-3">
          <div className="opacity-80">
            <PaymentLogos />
          </div>
          {policyLink && (handle || host.kind === 'academy') && (
            <RefundPolicyLink
              handle={handle}
              className="text-sm font-medium text-slate-600 underline-offset-2 hover:text-brand-800 hover:underline"
            />
          )}
        </div>
      </main>
    </div>
  );
}
