// Why: at the pitch the signal comes and goes; the coach must see that marks are kept on the phone,
// when they reach Kora, and which ones a later change on the server overrode.
import type { ParticipantStatus } from '@kora/contracts';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { codeText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { dismissNotice, type SyncNotice, syncNow, useOfflineAttendance } from '../../offline/sync';

function Notice({ notice }: { notice: SyncNotice }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const name = displayName(notice, locale);
  const statusText = (s: ParticipantStatus) => intl.formatMessage({ id: `attendance.${s}` });
  const text =
    notice.outcome === 'SUPERSEDED' && notice.status
      ? intl.formatMessage({ id: 'trainings.offline.superseded' }, { name, status: statusText(notice.status) })
      : intl.formatMessage(
          { id: 'trainings.offline.rejected' },
          { name, reason: codeText(intl, notice.code ?? 'participant.status_failed') },
        );
  return (
    <li
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      data-testid="sync-notice"
    >
      <p className="min-w-0 flex-1 break-words">{text}</p>
      <button
        type="button"
        onClick={() => dismissNotice(notice.id)}
        className="shrink-0 rounded px-2 py-0.5 text-xs font-medium text-amber-900 hover:bg-amber-100"
      >
        <FormattedMessage id="trainings.offline.dismiss" />
      </button>
    </li>
  );
}

/** Offline, marks waiting, syncing, synced; and the marks a later change on the server overrode. */
export function OfflineStatus() {
  const auth = useAuth();
  const offline = useOfflineAttendance(auth.user?.id);
  const waiting = offline.marks.length;
  let line: { tone: string; text: ReactNode; action?: boolean } | null = null;
  if (!offline.online)
    line = {
      tone: 'border-slate-300 bg-slate-100 text-slate-800',
      text: (
        <>
          <FormattedMessage id="trainings.offline.banner" />
          {waiting > 0 && (
            <>
              {' '}
              <FormattedMessage id="trainings.offline.waiting" values={{ count: waiting }} />
            </>
          )}
        </>
      ),
    };
  else if (offline.syncing)
    line = { tone: 'border-brand-300 bg-brand-50 text-brand-900', text: <FormattedMessage id="trainings.offline.syncing" /> };
  else if (waiting > 0)
    line = {
      tone: offline.failed ? 'border-red-300 bg-red-50 text-red-900' : 'border-amber-300 bg-amber-50 text-amber-900',
      text: offline.failed ? (
        <>
          <FormattedMessage id="trainings.offline.failed" /> <FormattedMessage id="trainings.offline.waiting" values={{ count: waiting }} />
        </>
      ) : (
        <FormattedMessage id="trainings.offline.waiting" values={{ count: waiting }} />
      ),
      action: true,
    };
  else if (offline.lastSynced > 0)
    line = {
      tone: 'border-brand-300 bg-brand-50 text-brand-900',
      text: <FormattedMessage id="trainings.offline.synced" values={{ count: offline.lastSynced }} />,
    };
  if (!line && offline.notices.length === 0) return null;
  return (
    <div className="space-y-2">
      {line && (
        <div
          role="status"
          data-testid="sync-status"
          data-waiting={waiting}
          data-synced={waiting === 0 && !offline.syncing ? offline.lastSynced : 0}
          data-online={offline.online}
          className={`flex flex-wrap items-center gap-2 rounded-xl border px-3 py-2 text-sm ${line.tone}`}
        >
          <p className="min-w-0 flex-1">{line.text}</p>
          {line.action && (
            <button
              type="button"
              onClick={() => void syncNow()}
              className="h-8 shrink-0 rounded-lg bg-white px-3 text-sm font-medium ring-1 ring-current/30 hover:bg-slate-50"
            >
              <FormattedMessage id="trainings.offline.syncNow" />
            </button>
          )}
        </div>
      )}
      {offline.notices.length > 0 && (
        <ul className="space-y-2">
          {offline.notices.map((n) => (
            <Notice key={n.id} notice={n} />
          ))}
        </ul>
      )}
    </div>
  );
}
