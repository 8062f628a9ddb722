// Why: the invoice viewer (spec part 2 §8): the public /subscription-invoice/{id} link shows the invoice's PDF,
// with a download for phones whose browsers cannot show a PDF inside a page. On an academy's host it is the
// academy's document (its name and logo, no Kora marketing around it); a download keeps the server's file name.
import { ROUTES } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { PublicLayout } from '../../components/PublicLayout';
import { Spinner } from '../../components/Spinner';
import { ErrorBox, LoadError } from '../../components/States';
import { academyCheckQuery } from '../../lib/academy';
import { ApiError } from '../../lib/api';
import { displayName } from '../../lib/display-name';
import { currentHost } from '../../lib/host';
import { useLocale } from '../../lib/i18n';
import { invoicePdfQuery } from './invoices';
import { AcademyPageLink } from './PaymentShell';

const viewerRoute = getRouteApi('/subscription-invoice/$id');

/** An object URL of a Blob for as long as the component shows it. */
function useObjectUrl(blob: Blob | undefined) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}

const linkClass =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg px-4 py-2 text-center text-sm font-semibold transition-colors';

/** A plain document frame for an academy's invoice: the academy's logo and name, the language buttons, nothing else. */
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
          <LanguageSwitcher />
        </div>
      </header>
      <main className="flex-1">{children}</main>
    </div>
  );
}

export function InvoiceViewerPage() {
  const intl = useIntl();
  const { id } = viewerRoute.useParams();
  const host = currentHost();
  const pdf = useQuery(invoicePdfQuery(id));
  // A blob that is not a PDF (an empty answer) is no invoice either.
  const blob = pdf.data && pdf.data.blob.size > 0 ? pdf.data.blob : undefined;
  const url = useObjectUrl(blob);
  const missing = (pdf.error instanceof ApiError && (pdf.error.status === 404 || pdf.error.status === 400)) || (pdf.isSuccess && !blob);

  const content = (
    <section className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-8" data-testid="invoice-viewer">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold text-slate-900">
          <FormattedMessage id="invoice.title" />
        </h1>
        {url && (
          <div className="flex flex-wrap gap-2 [&>*]:flex-1 sm:[&>*]:flex-none">
            <a
              href={url}
              download={pdf.data?.fileName ?? 'invoice.pdf'}
              className={`${linkClass} bg-brand-700 text-white hover:bg-brand-800`}
              data-testid="invoice-download"
            >
              <FormattedMessage id="invoice.download" />
            </a>
            <a
              href={ROUTES.invoicePdf[1].replace(':id', encodeURIComponent(id))}
              target="_blank"
              rel="noopener"
              className={`${linkClass} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
            >
              <FormattedMessage id="invoice.open" />
            </a>
          </div>
        )}
      </header>
      {missing ? (
        <ErrorBox>
          <FormattedMessage id="invoice.noPdf" />
        </ErrorBox>
      ) : pdf.isError ? (
        <LoadError onRetry={() => pdf.refetch()} retrying={pdf.isFetching}>
          <FormattedMessage id="invoice.fetchFailed" />
        </LoadError>
      ) : url ? (
        <iframe
          src={url}
          title={intl.formatMessage({ id: 'invoice.frameTitle' })}
          className="h-[80vh] min-h-[32rem] w-full rounded-2xl border border-slate-200 bg-white"
        />
      ) : (
        <div className="flex justify-center py-20 text-brand-700">
          <Spinner className="size-8" label={intl.formatMessage({ id: 'common.loading' })} />
        </div>
      )}
    </section>
  );
  return host.kind === 'academy' ? (
    <AcademyDocument handle={host.handle}>{content}</AcademyDocument>
  ) : (
    <PublicLayout>{content}</PublicLayout>
  );
}
