// Why: the payments area's queries and calls: the history reads one month of invoices (the CSV and the PDF come
// as files through the same client), the pending refunds, and the payer's pages (details, start, result, refund policy).
import { type CreditNoteBody, type FamilyCheckoutBody, monthRange } from '@kora/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, callBlob, callFile } from '../../lib/api';
import type { Locale } from '../../lib/i18n';
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

/** While the provider has not confirmed a payment the page asks again every 2 s, for 2 minutes, then says it is taking long. */
export const POLL_MS = 2000;
export const MAX_POLLS = 60;

/** Only failures of the network or the server are tried again: an unknown id or reference stays unknown. */
const retryServerErrors = (count: number, err: unknown) => count < 2 && !(err instanceof ApiError && err.status < 500);

/** The server's record of a payment, by its reference (docs/domain.md, "Card payments with PayTabs"), asked again while pending. */
export const paymentResultQuery = (ref: string) =>
  queryOptions({
    queryKey: ['payment-result', ref],
    queryFn: ({ signal }) => call('paymentResult', { params: { ref }, signal }),
    retry: retryServerErrors,
    refetchInterval: (q) => (q.state.data?.outcome === 'pending' && q.state.dataUpdateCount < MAX_POLLS ? POLL_MS : false),
  });

/** What the payer pays for: the subscription, its package, the parent and the academy. */
export const paymentDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: ['payment-details', id],
    retry: retryServerErrors,
    queryFn: () => call('paymentDetails', { params: { id } }),
  });

/** A family payment link's page: the academy, the parent and what the family may pay together (public). */
export const familyPaymentPageQuery = (token: string) =>
  queryOptions({
    queryKey: ['family-payment', token],
    queryFn: ({ signal }) => call('familyPaymentPage', { params: { token }, signal }),
    retry: retryServerErrors,
  });

/** One payment for the chosen periods from a family payment link: the provider's page to go to. */
export const startFamilyPaymentLink = (token: string, body: FamilyCheckoutBody) =>
  call('startFamilyPaymentLink', { params: { token }, body });

/** Starts the provider's payment session; its page's address, or an error when the payment did not start. */
export async function initiatePayment(subscriptionId: string, lang: Locale, renew: boolean, saveCard = false, instalments = false) {
  const res = await call('initiatePayment', {
    body: {
      subscriptionId,
      lang,
      ...(renew ? { renew: true } : {}),
      ...(saveCard ? { saveCard: true } : {}),
      ...(instalments ? { instalments: true } : {}),
    },
  });
  // docs/domain.md, "Card payments with PayTabs": a success flag and a payment URL, or the payment did not start.
  if (!res.success || !res.paymentUrl) throw new Error('Failed to initiate payment session.');
  return res.paymentUrl;
}

/** An academy's refund policy, by its handle (public). */
export const refundPolicyQuery = (handle: string) =>
  queryOptions({
    queryKey: ['refund-policy', handle],
    queryFn: ({ signal }) => call('refundPolicy', { params: { handle }, signal }),
    retry: retryServerErrors,
  });

/** Card refunds the provider has not confirmed yet (docs/domain.md, "Credit notes and refunds"). */
export const pendingRefundsQuery = queryOptions({
  queryKey: ['pending-refunds'],
  queryFn: ({ signal }) => call('listPendingRefunds', { signal }),
});

/** Settling a refund changes the history (its credit note), the bell, the subscriptions (a cancellation) and the list. */
export function usePendingRefundActions() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all(
      [['pending-refunds'], ['invoices'], ['attention'], ['subscriptions'], ['subscription-refundable']].map((queryKey) =>
        qc.invalidateQueries({ queryKey }),
      ),
    );
  return {
    retry: useMutation({ mutationFn: (id: string) => call('retryRefund', { params: { id } }), onSettled: refresh }),
    settle: useMutation({
      mutationFn: ({ id, outcome, providerRef }: { id: string; outcome: 'refunded' | 'failed'; providerRef: string }) =>
        call('settleRefund', { params: { id }, body: { outcome, ...(providerRef.trim() ? { providerRef: providerRef.trim() } : {}) } }),
      onSettled: refresh,
    }),
  };
}
