import type { ReportingState } from '@kora/contracts';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../lib/message-ids';

const LABEL: Record<ReportingState, MessageId> = {
  waiting: 'einvoicing.reporting.waiting',
  reported: 'einvoicing.reporting.reported',
  reported_with_warnings: 'einvoicing.reporting.reported_with_warnings',
  rejected: 'einvoicing.reporting.rejected',
};

const TONE: Record<ReportingState, string> = {
  waiting: 'bg-slate-100 text-slate-700',
  reported: 'bg-emerald-100 text-emerald-800',
  reported_with_warnings: 'bg-amber-100 text-amber-800',
  rejected: 'bg-red-100 text-red-800',
};

/**
 * A document's reporting to ZATCA (payments history); nothing for an invoice without an e-invoice.
 * `wrap`: the label may take two lines (a table's narrow column: 'Reported with warnings' is the widest cell).
 */
export function ReportingBadge({ state, wrap }: { state: ReportingState | null; wrap?: boolean }) {
  if (!state) return <span className="text-slate-500">—</span>;
  return (
    <span
      className={`inline-block px-2 py-0.5 text-xs font-medium ${wrap ? 'rounded-xl' : 'rounded-full whitespace-nowrap'} ${TONE[state]}`}
      data-testid="reporting-state"
    >
      <FormattedMessage id={LABEL[state]} />
    </span>
  );
}
