// Why: the payments history (docs/domain.md, "Invoices"): a month's invoices with the way to the month before and after,
// each invoice's PDF, and the month as CSV for the accountant.
import { CARD_METHOD_NAMES, canWrite, type InvoiceListItem } from '@kora/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { DialogLoading } from '../../components/DialogLoading';
import { monthLabel, riyadhDateOf, riyadhTimeOf, toDisplay } from '../../components/date-format';
import { ListScreen, ROW_ACTION_CLASS } from '../../components/ListScreen';
import { PlanDate } from '../../components/PlanDate';
import { useToast } from '../../components/Toaster';
import { authSnapshot } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { useListSearch } from '../../lib/list-search';
import { useMoney } from '../../lib/money';
import { ReportingBadge } from '../e-invoicing/ReportingBadge';
import { downloadInvoicesCsv, useInvoices } from './api';
import { InvoiceDialog } from './InvoicePdf';
import { currentMonth, shiftMonth } from './month';
import { PendingRefunds } from './PendingRefunds';

const CreditNoteDialog = lazy(() => import('./CreditNoteDialog').then((m) => ({ default: m.CreditNoteDialog })));

const paymentsRoute = getRouteApi('/app/settings/payments-history');
const SEARCH = { q: '' };
/** A search finds an invoice by its number, its player's or its package's name (either language). */
const matches = (inv: InvoiceListItem, q: string) =>
  [String(inv.invoiceNumber), inv.user.name, inv.user.nameArabic, inv.subscription.package.name, inv.subscription.package.nameArabic].some(
    (text) => text?.toLowerCase().includes(q),
  );

const arrow =
  'flex size-10 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-lg text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';

/** "November 2026" with the previous and next month; the next stops at this month (no payment is in the future). */
function MonthNav({ month, onChange }: { month: string; onChange(month: string | undefined): void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const thisMonth = currentMonth();
  const isThisMonth = month === thisMonth;
  return (
    <nav className="flex flex-wrap items-center gap-2" aria-label={intl.formatMessage({ id: 'payments.month.nav' })}>
      <button
        type="button"
        className={arrow}
        onClick={() => onChange(shiftMonth(month, -1))}
        aria-label={intl.formatMessage({ id: 'payments.month.previous' })}
      >
        {/* The arrows point the way the months run: right to left in Arabic. */}
        <span aria-hidden="true" className="inline-block rtl:rotate-180">
          ‹
        </span>
      </button>
      <h2
        className="min-w-40 flex-1 text-center text-lg font-semibold text-slate-900 sm:flex-none"
        data-testid="payments-month"
        aria-live="polite"
      >
        {monthLabel(month, locale)}
      </h2>
      <button
        type="button"
        className={arrow}
        onClick={() => onChange(shiftMonth(month, 1))}
        disabled={month >= thisMonth}
        aria-label={intl.formatMessage({ id: 'payments.month.next' })}
      >
        <span aria-hidden="true" className="inline-block rtl:rotate-180">
          ›
        </span>
      </button>
      {!isThisMonth && (
        <button
          type="button"
          onClick={() => onChange(undefined)}
          className="basis-full rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 sm:basis-auto"
        >
          <FormattedMessage id="payments.month.current" />
        </button>
      )}
    </nav>
  );
}

export function PaymentsHistoryPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const toast = useToast();
  const { locale } = useLocale();
  const search = paymentsRoute.useSearch();
  const navigate = paymentsRoute.useNavigate();
  const month = search.month ?? currentMonth();
  const invoices = useInvoices(month);
  const [exporting, setExporting] = useState(false);
  const [viewing, setViewing] = useState<InvoiceListItem | null>(null);
  const [crediting, setCrediting] = useState<InvoiceListItem | null>(null);
  // Crediting an invoice writes Settings (a refund); the history itself only reads them.
  const canCredit = canWrite(authSnapshot().user?.accountType, 'Settings');
  // The month's invoices a page at a time, searchable; the month itself is the route's own search.
  const paged = useListSearch(SEARCH);

  const money = useMoney();
  // The Riyadh day of the payment, in the calendars the user prefers; the time stays with the Hijri date alone.
  // `stacked` (the table): the second date or the time on a line of its own, the column as narrow as one date.
  const paidAt = (iso: string, stacked?: boolean) => (
    <PlanDate
      iso={riyadhDateOf(iso)}
      stacked={stacked}
      gregorian={
        <bdi dir="ltr" className="tabular-nums whitespace-nowrap">
          {toDisplay(riyadhDateOf(iso))} {riyadhTimeOf(iso)}
        </bdi>
      }
      time={<bdi dir="ltr">{riyadhTimeOf(iso)}</bdi>}
    />
  );
  // A card payment names its way (docs/domain.md, "Payment methods"): "Card — mada".
  const method = (m: InvoiceListItem['paymentMethod'], by: InvoiceListItem['cardMethod'] = null) =>
    `${intl.formatMessage({ id: m === 'Cash' ? 'payments.method.cash' : 'payments.method.card' })}${by ? ` — ${CARD_METHOD_NAMES[by][locale]}` : ''}`;
  /** The invoice's PDF, shown in a dialog of the app (the public viewer's page is for parents' links). */
  const pdfLink = (inv: InvoiceListItem, className: string) => (
    <button
      type="button"
      onClick={() => setViewing(inv)}
      data-testid="payments-pdf"
      aria-label={intl.formatMessage(
        { id: inv.kind === 'credit_note' ? 'payments.viewCreditNoteOf' : 'payments.viewInvoiceOf' },
        { number: inv.invoiceNumber },
      )}
      className={`${ROW_ACTION_CLASS} ${className}`}
    >
      <FormattedMessage id="payments.viewInvoice" />
    </button>
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadInvoicesCsv(month, locale);
    } catch (err) {
      toast(errorText(err, 'payments.exportFailed'), 'error');
    } finally {
      setExporting(false);
    }
  };

  const rows = invoices.data ?? [];
  const q = paged.filters.q.trim().toLowerCase();
  const shown = q ? rows.filter((inv) => matches(inv, q)) : rows;
  // Credit notes come negative: the total is what the academy kept.
  const total = rows.reduce((sum, r) => sum + Math.round(r.totalAmount * 100), 0) / 100;
  const credits = rows.filter((r) => r.kind === 'credit_note').length;
  /** A credit note says so, with the invoice it credits. */
  const creditNoteOf = (inv: InvoiceListItem) =>
    inv.kind === 'credit_note' && (
      <span className="inline-flex flex-wrap items-center gap-x-1.5" data-testid="payments-credit-note">
        <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-800 ring-1 ring-amber-200">
          <FormattedMessage id="payments.creditNote" />
        </span>
        {inv.creditedInvoiceNumber !== null && (
          <span className="text-xs whitespace-nowrap text-slate-500">
            <FormattedMessage id="payments.creditNoteFor" values={{ number: inv.creditedInvoiceNumber }} />
          </span>
        )}
      </span>
    );

  const number = (inv: InvoiceListItem) => (
    <FormattedMessage
      id={inv.kind === 'credit_note' ? 'payments.creditNoteNumber' : 'payments.number'}
      values={{ number: inv.invoiceNumber }}
    />
  );
  const amount = (inv: InvoiceListItem) => (
    <span className={`font-semibold ${inv.totalAmount < 0 ? 'text-red-700' : 'text-slate-900'}`}>
      <bdi>{money(inv.totalAmount)}</bdi>
    </span>
  );
  const packageName = (inv: InvoiceListItem) => <bdi>{displayName(inv.subscription.package, locale)}</bdi>;

  return (
    <ListScreen
      title={<FormattedMessage id="settings.payments" />}
      actions={
        <Button variant="outline" onClick={exportCsv} loading={exporting} disabled={!rows.length} data-testid="payments-export">
          <FormattedMessage id="payments.export" />
        </Button>
      }
      toolbar={
        <div className="space-y-3">
          <PendingRefunds />
          <div className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
            <MonthNav month={month} onChange={(m) => navigate({ to: '/settings/payments-history', search: { month: m } })} />
            {rows.length > 0 && (
              <p className="text-sm text-slate-600" data-testid="payments-summary">
                {credits ? (
                  <FormattedMessage
                    id="payments.summaryWithCredits"
                    values={{ count: rows.length - credits, credits, total: <bdi>{money(total)}</bdi> }}
                  />
                ) : (
                  <FormattedMessage id="payments.summary" values={{ count: rows.length, total: <bdi>{money(total)}</bdi> }} />
                )}
              </p>
            )}
          </div>
        </div>
      }
      search={{ label: 'payments.search', value: paged.filters.q, onChange: (v) => paged.setFilter('q', v) }}
      query={invoices}
      texts="payments"
      rows={shown}
      testId="payments-row"
      paging={paged}
      skeletonRows={6}
      cardClassName="space-y-2 p-4"
      card={(inv) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{displayName(inv.user, locale)}</p>
              <p className="text-xs text-slate-500">
                {number(inv)} · {paidAt(inv.paidAt)}
              </p>
              {creditNoteOf(inv)}
            </div>
            <p className="shrink-0">{amount(inv)}</p>
          </div>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
            <span>
              {packageName(inv)} · {method(inv.paymentMethod, inv.cardMethod)}
            </span>
            {inv.reporting && <ReportingBadge state={inv.reporting} />}
          </p>
          {pdfLink(inv, 'block w-full rounded-lg border border-slate-300 px-4 py-2 text-center text-sm')}
        </>
      )}
      // Names and ZATCA's longest state wrap and a date takes two lines, so the eight columns fit a 990 px table
      // (1280 px beside the settings menu) in both languages and calendars, credit notes included.
      columns={[
        {
          header: 'payments.col.number',
          // As narrow as its widest line (the header, a credit note's reference): the room goes to the names.
          className: 'w-px font-medium tabular-nums text-slate-900',
          cell: (inv) => (
            <span className="flex flex-col gap-1">
              {inv.invoiceNumber}
              {creditNoteOf(inv)}
            </span>
          ),
        },
        { header: 'payments.col.date', className: 'whitespace-nowrap', cell: (inv) => paidAt(inv.paidAt, true) },
        { header: 'payments.col.player', className: 'min-w-32 font-medium text-slate-900', cell: (inv) => displayName(inv.user, locale) },
        { header: 'payments.col.package', className: 'min-w-24', cell: packageName },
        { header: 'payments.col.method', className: 'whitespace-nowrap', cell: (inv) => method(inv.paymentMethod, inv.cardMethod) },
        { header: 'payments.col.zatca', cell: (inv) => <ReportingBadge state={inv.reporting} wrap /> },
        { header: 'payments.col.total', className: 'whitespace-nowrap', cell: amount },
        { header: 'payments.col.invoice', cell: (inv) => pdfLink(inv, 'whitespace-nowrap') },
      ]}
    >
      {viewing && (
        <InvoiceDialog
          invoice={viewing}
          onClose={() => setViewing(null)}
          action={
            canCredit &&
            viewing.kind === 'invoice' && (
              <Button
                variant="outline"
                className="w-full sm:w-auto"
                data-testid="credit-note-open"
                aria-label={intl.formatMessage({ id: 'creditNote.actionOf' }, { number: viewing.invoiceNumber })}
                onClick={() => {
                  setCrediting(viewing);
                  setViewing(null);
                }}
              >
                <FormattedMessage id="creditNote.action" />
              </Button>
            )
          }
        />
      )}
      {crediting && (
        <Suspense fallback={<DialogLoading />}>
          <CreditNoteDialog invoice={crediting} onClose={() => setCrediting(null)} />
        </Suspense>
      )}
    </ListScreen>
  );
}
