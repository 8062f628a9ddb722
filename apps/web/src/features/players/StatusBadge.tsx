import type { SubscriptionStatus } from '@kora/contracts';
import { FormattedMessage } from 'react-intl';

const TONES: Record<SubscriptionStatus, string> = {
  ACTIVE: 'bg-green-100 text-green-800',
  TRIAL: 'bg-sky-100 text-sky-800',
  PENDING: 'bg-amber-100 text-amber-800',
  PAUSED: 'bg-violet-100 text-violet-800',
  CANCELLED: 'bg-red-100 text-red-800',
  INACTIVE: 'bg-slate-200 text-slate-700',
};

export function StatusBadge({ status }: { status: SubscriptionStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[status]}`}>
      <FormattedMessage id={`status.${status}`} />
    </span>
  );
}
