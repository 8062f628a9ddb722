// Why: a coach marks attendance where the training is — one player at a time, or every player still pending at once,
// with or without a network: a mark that cannot reach Kora waits on the phone (offline/queue.ts) and is shown as such.
import { type Event, type EventParticipant, PARTICIPANT_STATUSES, type ParticipantStatus } from '@kora/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { ErrorBox } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import type { QueuedMark } from '../../offline/queue';
import { queueMark, useOfflineAttendance } from '../../offline/sync';
import { useMarkAllPresent, useSetParticipantStatus } from '../schedule/api';
import { CantComeNote, expectedOf } from '../schedule/CantCome';

const TONE: Record<ParticipantStatus, string> = {
  PENDING: 'bg-slate-100 text-slate-700',
  ATTENDED: 'bg-green-100 text-green-800',
  PLAYED: 'bg-green-100 text-green-800',
  ABSENT: 'bg-red-100 text-red-800',
  NOT_ATTENDING: 'bg-amber-100 text-amber-800',
};

/** No network to try: the browser says it is offline. A failed fetch (TypeError) is the same, found out later. */
const offlineNow = () => typeof navigator !== 'undefined' && !navigator.onLine;

function StatusSelect({ participant, eventId, queued }: { participant: EventParticipant; eventId: string; queued: boolean }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { locale } = useLocale();
  const setStatus = useSetParticipantStatus();
  const [error, setError] = useState<string>();
  return (
    <div className="shrink-0">
      <select
        aria-label={intl.formatMessage({ id: 'trainings.statusOf' }, { name: displayName(participant.user, locale) })}
        className={`h-9 rounded-lg border-0 px-2 text-sm font-medium ring-1 ring-slate-300 ${TONE[participant.status]}`}
        value={participant.status}
        disabled={setStatus.isPending}
        onChange={async (e) => {
          const status = PARTICIPANT_STATUSES.find((s) => s === e.target.value);
          if (!status) return;
          setError(undefined);
          // Offline, or a mark of this player already waiting (it must not arrive after this one): queued.
          if (queued || offlineNow()) return queueMark(eventId, participant, status);
          try {
            await setStatus.mutateAsync({ participantId: participant.id, userId: participant.user.id, status });
          } catch (err) {
            if (err instanceof TypeError) await queueMark(eventId, participant, status);
            else setError(errorText(err, 'errors.participant.status_failed'));
          }
        }}
      >
        {PARTICIPANT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {intl.formatMessage({ id: `attendance.${s}` })}
          </option>
        ))}
      </select>
      {error && (
        <p role="alert" className="mt-1 max-w-40 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * "Mark all present": every PENDING participant becomes ATTENDED in one call, except those a parent said
 * can't come, who are left for the coach to mark (the button says how many, the toast too). Offline (or
 * once the call finds no network) the same players are queued on the phone at once.
 */
function MarkAll({ event }: { event: Event }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const toast = useToast();
  const markAll = useMarkAllPresent();
  const [error, setError] = useState<string>();
  const pending = event.participants.filter((p) => p.status === 'PENDING');
  const todo = pending.filter((p) => !p.cantCome);
  const away = pending.length - todo.length;

  const queueAll = async () => {
    for (const p of todo) await queueMark(event.id, p, 'ATTENDED');
    toast(intl.formatMessage({ id: 'trainings.offline.markedAll' }, { count: todo.length }), 'info');
  };

  const run = async () => {
    setError(undefined);
    if (offlineNow()) return queueAll();
    try {
      const reply = await markAll.mutateAsync({ eventId: event.id });
      const count = reply.marked.length;
      const skipped = reply.skippedCantCome.length;
      toast(
        skipped
          ? intl.formatMessage({ id: 'trainings.markedAllSkipped' }, { count, skipped })
          : intl.formatMessage({ id: 'trainings.markedAll' }, { count }),
      );
    } catch (err) {
      if (err instanceof TypeError) return queueAll();
      setError(errorText(err, 'errors.participant.status_failed'));
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={run} disabled={todo.length === 0 || markAll.isPending} className="flex-1 sm:flex-none">
          {markAll.isPending ? <FormattedMessage id="trainings.markingAll" /> : <FormattedMessage id="trainings.markAll" />}
        </Button>
        {away > 0 && (
          <span className="text-sm text-amber-800" data-testid="mark-all-skips">
            <FormattedMessage id="trainings.markAllSkips" values={{ count: away }} />
          </span>
        )}
        {!markAll.isPending && pending.length === 0 && event.participants.length > 0 && (
          <span className="text-sm text-slate-500">
            <FormattedMessage id="trainings.noneLeft" />
          </span>
        )}
      </div>
      {error && <ErrorBox>{error}</ErrorBox>}
    </div>
  );
}

/** The event as the coach sees it: each participant with the status of their mark waiting on the phone, if any. */
export function withQueued(event: Event, marks: QueuedMark[]): Event {
  if (!marks.some((m) => m.eventId === event.id)) return event;
  return {
    ...event,
    participants: event.participants.map((p) => {
      const mark = marks.find((m) => m.participantId === p.id);
      return mark ? { ...p, status: mark.status } : p;
    }),
  };
}

/** The players of a training: avatar, name, medical condition and attendance (a select with W:MyTrainings, else text). */
export function Participants({ event: shown, canWrite }: { event: Event; canWrite: boolean }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const auth = useAuth();
  const { marks } = useOfflineAttendance(auth.user?.id);
  const event = withQueued(shown, marks);
  const waiting = new Set(marks.map((m) => m.participantId));
  const marked = event.participants.filter((p) => p.status !== 'PENDING').length;
  return (
    <section className="space-y-3" aria-labelledby="participants">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="participants" className="font-semibold text-slate-900">
          <FormattedMessage id="trainings.participants" values={{ count: event.participants.length }} />
        </h3>
        <span className="text-sm text-slate-500">
          <FormattedMessage id="trainings.markedCount" values={{ marked, total: event.participants.length }} />
          {event.participants.some((p) => p.cantCome) && (
            <span data-testid="event-expected">
              {' · '}
              <FormattedMessage id="events.expected" values={{ expected: expectedOf(event), total: event.participants.length }} />
            </span>
          )}
        </span>
      </div>
      {canWrite && event.participants.length > 0 && <MarkAll event={event} />}
      {event.participants.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500">
          <FormattedMessage id="trainings.noParticipants" />
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {event.participants.map((p) => (
            <li key={p.id} className="flex items-center gap-3 px-3 py-2.5" data-testid="participant">
              <Avatar name={p.user.name} nameArabic={p.user.nameArabic} src={p.user.avatar} />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-slate-900">{displayName(p.user, locale)}</p>
                {waiting.has(p.id) && (
                  <p className="mt-0.5 inline-flex items-center gap-1 text-xs font-medium text-amber-700" data-testid="sync-pending">
                    <span aria-hidden="true" className="inline-block h-1.5 w-1.5 rounded-full bg-amber-500" />
                    <FormattedMessage id="trainings.offline.pending" />
                  </p>
                )}
                <CantComeNote participant={p} />
                {p.user.condition ? (
                  <p className="text-xs break-words text-amber-700">
                    {intl.formatMessage({ id: 'trainings.condition' }, { condition: p.user.condition })}
                  </p>
                ) : p.user.hasMedicalNote ? (
                  <p className="text-xs text-amber-700" data-testid="medical-note-hidden">
                    <FormattedMessage id="players.medicalNoteHidden" />
                  </p>
                ) : (
                  <p className="text-xs text-slate-500">
                    <FormattedMessage id="trainings.noCondition" />
                  </p>
                )}
              </div>
              {canWrite ? (
                <StatusSelect participant={p} eventId={event.id} queued={waiting.has(p.id)} />
              ) : (
                <span className={`shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold ${TONE[p.status]}`}>
                  <FormattedMessage id={`attendance.${p.status}`} />
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
