// Why: an invoice's PDF with its download, the same on the public viewer (/subscription-invoice/{id}, the link
// parents get) and in the academy's payments history, where it opens in a dialog and the staff stay in the app.
import { ROUTES } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { ErrorBox, LoadError } from '../../components/States';
import { ApiError } from '../../lib/api';
import { invoicePdfQuery } from './api';

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

/**
 * The invoice `id`'s PDF: `header(actions)` places its title with the download and open-in-a-tab links,
 * then the PDF (or why there is none, or a Retry).
 */
export function InvoicePdf({ id, header, frameClassName }: { id: string; header(actions: ReactNode): ReactNode; frameClassName: string }) {
  const intl = useIntl();
  const pdf = useQuery(invoicePdfQuery(id));
  // A blob that is not a PDF (an empty answer) is no invoice either.
  const blob = pdf.data && pdf.data.blob.size > 0 ? pdf.data.blob : undefined;
  const url = useObjectUrl(blob);
  const missing = (pdf.error instanceof ApiError && (pdf.error.status === 404 || pdf.error.status === 400)) || (pdf.isSuccess && !blob);
  return (
    <>
      {header(
        url && (
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
        ),
      )}
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
          className={`w-full rounded-2xl border border-slate-200 bg-white ${frameClassName}`}
        />
      ) : (
        <div className="flex justify-center py-20 text-brand-700">
          <Spinner className="size-8" label={intl.formatMessage({ id: 'common.loading' })} />
        </div>
      )}
    </>
  );
}

/** An invoice of the payments history, in a dialog over the list; `action` (its credit note) beside its download. */
export function InvoiceDialog({
  invoice,
  action,
  onClose,
}: {
  invoice: { id: string; invoiceNumber: string | number };
  action?: ReactNode;
  onClose(): void;
}) {
  return (
    <Dialog
      open
      wide
      onOpenChange={(o) => !o && onClose()}
      title={<FormattedMessage id="payments.invoiceTitle" values={{ number: invoice.invoiceNumber }} />}
    >
      <div className="flex flex-col gap-3" data-testid="invoice-dialog">
        <InvoicePdf
          id={invoice.id}
          header={(actions) =>
            action ? (
              // On a phone the download links keep their row and the action takes its own, full width.
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
                {actions}
                {action}
              </div>
            ) : (
              actions
            )
          }
          frameClassName="h-[70vh] min-h-[24rem]"
        />
      </div>
    </Dialog>
  );
}
