import type { Event } from '@kora/contracts';
import { weekOf, weekRange } from '@kora/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../components/Button';
import { DialogLoading } from '../../components/DialogLoading';
import { PageHeader } from '../../components/form/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { useAuth } from '../../lib/auth';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { useTeams } from '../teams/api';
import { useEvents } from './api';
import { CalendarLinkButton } from './CalendarLink';
import type { EventTarget } from './EventDialog';
import { ScheduleDayList, ScheduleGrid } from './ScheduleWeek';
import { WeekNav } from './WeekNav';

// The event form (zod, react-hook-form, the date picker, Radix) loads when it is opened, not with the week.
const EventDialog = lazy(() => import('./EventDialog').then((m) => ({ default: m.EventDialog })));

const scheduleRoute = getRouteApi('/app/schedule');

/** The week's events of every team; with W:Schedule, events are created, moved and deleted here. */
export function SchedulePage() {
  const errorText = useErrorText();
  const { locale } = useLocale();
  const auth = useAuth();
  const canWrite = auth.canWrite('Schedule');
  const search = scheduleRoute.useSearch();
  const navigate = scheduleRoute.useNavigate();
  const week = weekOf(search.week, locale);
  const teams = useTeams();
  const events = useEvents(weekRange(week.start));
  const [target, setTarget] = useState<EventTarget | null>(null);

  const props = {
    teams: teams.data ?? [],
    events: events.data ?? [],
    days: week.days,
    today: week.today,
    onOpen: canWrite ? (event: Event) => setTarget({ kind: 'edit', event }) : undefined,
    onAdd: canWrite ? (teamId: string, date: string) => setTarget({ kind: 'create', teamId, date }) : undefined,
  };

  const body = () => {
    if (teams.isError)
      return (
        <LoadError onRetry={() => teams.refetch()} retrying={teams.isFetching}>
          {errorText(teams.error, 'teams.loadFailed')}
        </LoadError>
      );
    if (events.isError)
      return (
        <LoadError onRetry={() => events.refetch()} retrying={events.isFetching}>
          {errorText(events.error, 'errors.schedule.load_failed')}
        </LoadError>
      );
    if (teams.isPending || events.isPending) return <SkeletonRows rows={6} />;
    if (props.teams.length === 0)
      return (
        <EmptyState>
          <FormattedMessage id="schedule.noTeams" />
        </EmptyState>
      );
    return (
      <>
        <div className="hidden md:block">
          <ScheduleGrid {...props} />
        </div>
        <div className="md:hidden">
          <ScheduleDayList {...props} />
        </div>
      </>
    );
  };

  return (
    <div className="space-y-4">
      <PageHeader
        title={<FormattedMessage id="nav.schedule" />}
        actions={
          <>
            <Link
              to="/schedule/attendance"
              className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
              data-testid="open-attendance-report"
            >
              <FormattedMessage id="attendanceReport.open" />
            </Link>
            <CalendarLinkButton />
            {canWrite && (
              <Button
                onClick={() => setTarget({ kind: 'create', date: week.days.includes(week.today) ? week.today : week.start })}
                data-testid="add-event"
              >
                <FormattedMessage id="schedule.add" />
              </Button>
            )}
          </>
        }
      />
      <WeekNav start={week.start} isThisWeek={week.isThisWeek} onChange={(w) => navigate({ to: '/schedule', search: { week: w } })} />
      {body()}
      {target && (
        <Suspense fallback={<DialogLoading />}>
          <EventDialog
            key={target.kind === 'edit' ? target.event.id : `${target.teamId}-${target.date}`}
            target={target}
            onClose={() => setTarget(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
