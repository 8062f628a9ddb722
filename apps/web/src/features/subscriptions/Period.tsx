import type { ManagedSubscription } from '@kora/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { PlanRange } from '../../components/PlanDate';
import { sessionBar } from '../players/helpers';

const BAR: Record<string, string> = { green: 'bg-green-500', yellow: 'bg-yellow-400', red: 'bg-red-500' };
/** The warning is for subscriptions still using sessions. */
const RUNNING: string[] = ['ACTIVE', 'TRIAL', 'PAUSED'];

/**
 * The period column (docs/domain.md, "Screens"): start and end dates of a time-based
 * subscription; "left / total sessions" with the used bar (yellow at ≤ 30% left, red at 2 or fewer) of a session-based one.
 */
export function Period({ subscription: s }: { subscription: ManagedSubscription | null }) {
  const intl = useIntl();
  if (!s) return <span className="text-slate-500">—</span>;
  if (s.package.packageType === 'SESSION_BASED' && s.totalSessions !== null) {
    const left = s.sessionsLeft ?? 0;
    const bar = sessionBar(left, s.totalSessions);
    return (
      <div className="min-w-32 space-y-1">
        <p className="text-sm whitespace-nowrap">
          <FormattedMessage id="subscriptions.sessions" values={{ left, total: s.totalSessions }} />
        </p>
        <div
          className="h-2 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-valuenow={bar.usedPercent}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label={intl.formatMessage({ id: 'players.sessionsUsed' })}
        >
          <div className={`h-full ${BAR[bar.tone]}`} style={{ width: `${bar.usedPercent}%` }} />
        </div>
        {bar.lowWarning && RUNNING.includes(s.status) && (
          <p className="text-xs font-medium text-red-700">{intl.formatMessage({ id: 'players.lowSessions' })}</p>
        )}
      </div>
    );
  }
  if (!s.startDate && !s.endDate) return <span className="text-slate-500">—</span>;
  // In the calendars the user prefers, one under the other; the Gregorian range breaks after its dash
  // (date-format.ts, planRange) and the Hijri one between words, so a phone's narrow card column holds them.
  return <PlanRange start={s.startDate} end={s.endDate} stacked />;
}
