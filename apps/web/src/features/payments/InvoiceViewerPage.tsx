// Why: the invoice viewer (spec part 2 §8): the public /subscription-invoice/{id} link shows the invoice's PDF,
// with a download for phones whose browsers cannot show a PDF inside a page.
import { ROUTES } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PublicLayout } from '../../components/PublicLayout';
import { Spinner } from '../../components/Spinner';
import { ErrorBox, LoadError } from '../../components/States';
import { ApiError } from '../../lib/api';
import { invoicePdfQuery } from './invoices';

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

const linkClass = 'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors';

export function InvoiceViewerPage() {
  const intl = useIntl();
  const { id } = viewerRoute.useParams();
  const pdf = useQuery(invoicePdfQuery(id));
  // A blob that is not a PDF (an empty answer) is no invoice either.
  const blob = pdf.data && pdf.data.size > 0 ? pdf.data : undefined;
  const url = useObjectUrl(blob);
  const missing = (pdf.error instanceof ApiError && (pdf.error.status === 404 || pdf.error.status === 400)) || (pdf.isSuccess && !blob);

  return (
    <PublicLayout>
      <section className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-8" data-testid="invoice-viewer">
        <header className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h1 className="text-2xl font-bold text-slate-900">
            <FormattedMessage id="invoice.title" />
          </h1>
          {url && (
            <div className="flex flex-wrap gap-2 [&>*]:flex-1 sm:[&>*]:flex-none">
              <a
                href={url}
                download="invoice.pdf"
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
    </PublicLayout>
  );
}
