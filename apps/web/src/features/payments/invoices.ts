// Why: the payments history reads one month of invoices; the CSV and the PDF come as files through the same client.
import { type CreditNoteBody, monthRange } from '@kora/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, callBlob, callFile } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';

/** The invoices of a yyyy-MM month (Asia/Riyadh days), by number. */
export const invoicesQuery = (month: string) =>
  queryOptions({
    queryKey: ['invoices', month],
    queryFn: ({ signal }) => call('listInvoices', { query: monthRange(month), signal }),
  });

export const useInvoices = (month: string) => useQuery(invoicesQuery(month));

/**
 * A month's invoices as CSV (UTF-8 with BOM, so spreadsheets keep Arabic names), saved as
 * invoices-yyyy-MM.csv; in the UI's language (Arabic headers and names on the Arabic screen).
 */
export async function downloadInvoicesCsv(month: string, lang: 'en' | 'ar') {
  saveBlob(await callBlob('exportInvoices', { query: { month, lang } }), `invoices-${month}.csv`);
}

/** The PDF of one invoice (public: its id is the key), with the name the server gives it (`invoice-41.pdf`). */
export const invoicePdfQuery = (id: string) =>
  queryOptions({
    queryKey: ['invoice-pdf', id],
    queryFn: ({ signal }) => callFile('invoicePdf', { params: { id }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // An unknown invoice stays unknown; only failures of the network or the server are tried again.
    retry: (count, err) => count < 2 && !(err instanceof ApiError && (err.status === 404 || err.status === 400)),
  });

/**
 * Credit all or part of an invoice (a credit note and its refund), optionally cancelling its subscription with it:
 * the history (the note), the bell and the subscriptions (a cancellation, what is left to refund) change with it.
 */
export function useCreateCreditNote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, body }: { invoiceId: string; body: CreditNoteBody }) =>
      call('createCreditNote', { params: { id: invoiceId }, body }),
    onSettled: () =>
      Promise.all(
        [['invoices'], ['pending-refunds'], ['attention'], ['subscriptions'], ['subscription-refundable']].map((queryKey) =>
          qc.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
