// Why: the invoice viewer (docs/domain.md, "Invoices"): the public /subscription-invoice/{id} link shows the invoice's PDF,
// with a download for phones whose browsers cannot show a PDF inside a page. On an academy's host it is the
// academy's document (its name and logo, no Kora marketing around it); a download keeps the server's file name.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { PublicLayout } from '../../components/PublicLayout';
import { academyCheckQuery } from '../../lib/academy';
import { displayName } from '../../lib/display-name';
import { currentHost } from '../../lib/host';
import { useLocale } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/screen-title';
import { InvoicePdf } from './InvoicePdf';
import { AcademyPageLink } from './PaymentShell';

const viewerRoute = getRouteApi('/subscription-invoice/$id');

/**
 * A plain document frame for an academy's invoice: the academy's logo and name (both lead to its family
 * portal, where a parent opens the invoice from), the language buttons, and the way back to the portal.
 */
function AcademyDocument({ handle, children }: { handle: string; children: ReactNode }) {
  const { locale } = useLocale();
  const { data } = useQuery(academyCheckQuery(handle));
  const academy = data?.academy;
  const name = academy ? displayName(academy, locale) : '';
  return (
    <div className="flex min-h-screen flex-col bg-slate-100" data-testid="invoice-document">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-4 py-3">
          <AcademyPageLink handle={handle} className="flex min-w-0 items-center gap-3">
            {academy?.logo ? (
              <img src={academy.logo} alt="" className="size-10 shrink-0 rounded-lg border border-slate-200 object-cover" />
            ) : (
              <span
                className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 font-bold text-brand-700"
                aria-hidden="true"
              >
                {name.slice(0, 1)}
              </span>
            )}
            <span className="line-clamp-2 leading-tight font-bold text-slate-900" data-testid="invoice-academy">
              {name}
            </span>
          </AcademyPageLink>
          <div className="flex shrink-0 items-center gap-1">
            <a
              href="/family/money"
              className="rounded-md px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-slate-100"
              data-testid="invoice-back-to-portal"
            >
              <FormattedMessage id="family.portalLink" />
            </a>
            <LanguageSwitcher />
          </div>
        </div>
      </header>
      <main className="flex-1">{children}</main>
    </div>
  );
}

export function InvoiceViewerPage() {
  const { id } = viewerRoute.useParams();
  const host = currentHost();
  useDocumentTitle('invoice.title');
  const content = (
    <section className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-8" data-testid="invoice-viewer">
      <InvoicePdf
        id={id}
        frameClassName="h-[80vh] min-h-[32rem]"
        header={(actions) => (
          <header className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <h1 className="text-2xl font-bold text-slate-900">
              <FormattedMessage id="invoice.title" />
            </h1>
            {actions}
          </header>
        )}
      />
    </section>
  );
  return host.kind === 'academy' ? (
    <AcademyDocument handle={host.handle}>{content}</AcademyDocument>
  ) : (
    <PublicLayout>{content}</PublicLayout>
  );
}
