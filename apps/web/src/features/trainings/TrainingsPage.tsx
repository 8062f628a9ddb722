import type { Event } from '@kora/contracts';
import { weekOf, weekRange } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageHeader } from '../../components/form/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { useAuth } from '../../lib/auth';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { WrittenText } from '../../lib/text-language';
import { useOfflineAttendance } from '../../offline/sync';
import { eventsQuery } from '../schedule/api';
import { CalendarLinkButton } from '../schedule/CalendarLink';
import { CoachAvatars, DayTitle, TeamsLine, TimeRange, TypeBadge } from '../schedule/parts';
import { WeekNav } from '../schedule/WeekNav';
import { OfflineStatus } from './OfflineStatus';
import { Participants, withQueued } from './Participants';

const trainingsRoute = getRouteApi('/app/trainings');

function TrainingRow({ event, today, selected, onSelect }: { event: Event; today: string; selected: boolean; onSelect(): void }) {
  const marked = event.participants.filter((p) => p.status !== 'PENDING').length;
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        className={`w-full rounded-xl border bg-white px-4 py-3 text-start hover:border-brand-300 ${selected ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200'}`}
        data-testid="training"
      >
        <span className="flex flex-wrap items-baseline gap-x-2">
          <DayTitle iso={event.date} today={today} />
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-2">
          <TimeRange event={event} className="text-sm font-semibold text-slate-800" />
          <TypeBadge type={event.type} />
          {event.field && <WrittenText as="span" className="min-w-0 truncate text-sm text-slate-500" text={event.field} />}
        </span>
        <span className="mt-1.5 flex items-center justify-between gap-3">
          <TeamsLine teams={event.teams} className="text-sm text-slate-700" />
          <span className="shrink-0 text-xs text-slate-500 tabular-nums">
            <FormattedMessage id="trainings.markedCount" values={{ marked, total: event.participants.length }} />
          </span>
        </span>
      </button>
    </li>
  );
}

function TrainingDetail({ event, today, canWrite, onBack }: { event: Event; today: string; canWrite: boolean; onBack(): void }) {
  const intl = useIntl();
  return (
    <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5" data-testid="training-detail">
      <div className="flex items-start gap-2">
        <button
          type="button"
          onClick={onBack}
          className="flex h-9 shrink-0 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-600 hover:bg-slate-100 md:hidden"
        >
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            ←
          </span>
          <FormattedMessage id="common.back" />
        </button>
        <div className="min-w-0 flex-1">
          <h2 className="flex flex-wrap items-baseline gap-x-2 text-lg">
            <DayTitle iso={event.date} today={today} />
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <TimeRange event={event} className="font-semibold text-slate-800" />
            <TypeBadge type={event.type} />
            {event.field && <WrittenText as="span" className="text-sm text-slate-500" text={event.field} />}
          </p>
        </div>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-medium text-slate-500">{intl.formatMessage({ id: 'schedule.teams' })}</dt>
          <dd className="mt-1">
            <TeamsLine teams={event.teams} className="text-sm text-slate-800" />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">{intl.formatMessage({ id: 'schedule.coaches' })}</dt>
          <dd className="mt-1">
            <CoachAvatars coaches={event.coaches} />
          </dd>
        </div>
      </dl>
      <Participants event={event} canWrite={canWrite} />
    </div>
  );
}

/** The signed-in coach's trainings of the week, and the attendance of the chosen one. */
export function TrainingsPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const { locale } = useLocale();
  const auth = useAuth();
  const canWrite = auth.canWrite('MyTrainings');
  const search = trainingsRoute.useSearch();
  const navigate = trainingsRoute.useNavigate();
  const week = weekOf(search.week, locale);
  // Asked even when the browser says it is offline: the service worker answers with the week it kept.
  const events = useQuery({ ...eventsQuery({ ...weekRange(week.start), coachId: auth.user?.id }), networkMode: 'offlineFirst' });
  const { marks } = useOfflineAttendance(auth.user?.id);
  const selected = events.data?.find((e) => e.id === search.eventId) ?? null;
  const select = (eventId: string | undefined) => navigate({ to: '/trainings', search: { week: search.week, eventId } });

  return (
    <div className="space-y-4">
      <PageHeader title={<FormattedMessage id="nav.trainings" />} actions={<CalendarLinkButton />} />
      <WeekNav start={week.start} isThisWeek={week.isThisWeek} onChange={(w) => navigate({ to: '/trainings', search: { week: w } })} />
      <OfflineStatus />
      {events.isError ? (
        <LoadError onRetry={() => events.refetch()} retrying={events.isFetching}>
          {errorText(events.error, 'errors.trainings.load_failed')}
        </LoadError>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
          <section className={selected ? 'hidden md:block' : ''} aria-label={intl.formatMessage({ id: 'nav.trainings' })}>
            {events.isPending ? (
              <SkeletonRows rows={4} />
            ) : events.data.length === 0 ? (
              <EmptyState>
                <FormattedMessage id="trainings.empty" />
              </EmptyState>
            ) : (
              <ul className="space-y-2">
                {events.data.map((e) => (
                  <TrainingRow
                    key={e.id}
                    event={withQueued(e, marks)}
                    today={week.today}
                    selected={e.id === selected?.id}
                    onSelect={() => select(e.id)}
                  />
                ))}
              </ul>
            )}
          </section>
          <section className={selected ? '' : 'hidden md:block'}>
            {selected ? (
              <TrainingDetail event={selected} today={week.today} canWrite={canWrite} onBack={() => select(undefined)} />
            ) : (
              <EmptyState>
                <FormattedMessage id="trainings.select" />
              </EmptyState>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
