import type { Event, MonthlyStats } from '@kora/contracts';
import { riyadhToday } from '@kora/contracts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageHeader } from '../../components/form/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { useAuth } from '../../lib/auth';
import { useErrorText } from '../../lib/errors';
import type { MessageId } from '../../lib/message-ids';
import { WrittenText } from '../../lib/text-language';
import { dashboardRange, useEvents, useMonthlyStats } from '../schedule/api';
import { expectedOf } from '../schedule/CantCome';
import { CoachAvatars, DayTitle, TeamsLine, TimeRange, TypeBadge } from '../schedule/parts';
import { Collections } from './Collections';

const CARDS: { key: keyof MonthlyStats; label: MessageId; unit?: 'percent' | 'hours' }[] = [
  { key: 'monthlyActivePlayers', label: 'dashboard.activePlayers' },
  { key: 'monthlyNewPlayers', label: 'dashboard.newPlayers' },
  { key: 'monthlyRetentionRate', label: 'dashboard.retention', unit: 'percent' },
  { key: 'monthlyCoachHours', label: 'dashboard.coachHours', unit: 'hours' },
];

function StatCard({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <dt className="text-xs font-medium text-slate-500 sm:text-sm">{label}</dt>
      <dd className="mt-2 text-2xl font-bold text-slate-900 tabular-nums sm:text-3xl">{children}</dd>
    </div>
  );
}

/** The current month's four figures (docs/domain.md, "Monthly stats"). */
function StatCards({ stats }: { stats: MonthlyStats | undefined }) {
  const intl = useIntl();
  const value = (card: (typeof CARDS)[number]) => {
    if (!stats) return <span className="inline-block h-8 w-16 animate-pulse rounded bg-slate-200/70" />;
    const n = stats[card.key];
    if (card.unit === 'percent') return intl.formatNumber(n / 100, { style: 'percent', maximumFractionDigits: 0 });
    if (card.unit === 'hours') return intl.formatNumber(n, { maximumFractionDigits: 2 });
    return intl.formatNumber(n);
  };
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="stats">
      {CARDS.map((card) => (
        <StatCard key={card.key} label={<FormattedMessage id={card.label} />}>
          {value(card)}
        </StatCard>
      ))}
    </dl>
  );
}

/** One upcoming event: time, type, field, teams, the players expected and coaches. */
function EventRow({ event }: { event: Event }) {
  const away = event.participants.length - expectedOf(event);
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="upcoming-event">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <TimeRange event={event} className="font-semibold text-slate-900" />
          <TypeBadge type={event.type} />
          {event.field && <WrittenText as="span" className="min-w-0 truncate text-sm text-slate-500" text={event.field} />}
        </div>
        <TeamsLine teams={event.teams} className="text-sm text-slate-700" />
        {event.participants.length > 0 && (
          // How many players to expect: parents' "can't come" marks taken off (family portal).
          <p className={`text-xs ${away > 0 ? 'font-medium text-amber-800' : 'text-slate-500'}`} data-testid="event-expected">
            <FormattedMessage id="events.expected" values={{ expected: expectedOf(event), total: event.participants.length }} />
          </p>
        )}
      </div>
      <CoachAvatars coaches={event.coaches} />
    </li>
  );
}

/** The next days' events, a card per day. */
function Upcoming({ events, today }: { events: Event[]; today: string }) {
  const days = [...new Set(events.map((e) => e.date))];
  return (
    <div className="space-y-3">
      {days.map((day) => (
        <section key={day} className="overflow-hidden rounded-2xl border border-slate-200 bg-white" aria-labelledby={`day-${day}`}>
          <h3 id={`day-${day}`} className="flex items-baseline gap-2 border-b border-slate-100 bg-slate-50 px-4 py-2">
            <DayTitle iso={day} today={today} />
          </h3>
          <ul className="divide-y divide-slate-100">
            {events
              .filter((e) => e.date === day)
              .map((e) => (
                <EventRow key={e.id} event={e} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The monthly figures, the month's fees for members who read Settings, and the next seven days' events. */
export function DashboardPage() {
  const errorText = useErrorText();
  const auth = useAuth();
  const today = riyadhToday();
  const stats = useMonthlyStats();
  const events = useEvents(dashboardRange(today));
  const retryAll = () => Promise.all([stats.refetch(), events.refetch()]);

  return (
    <div className="space-y-6">
      <PageHeader title={<FormattedMessage id="nav.dashboard" />} subtitle={<FormattedMessage id="dashboard.thisMonth" />} />
      {stats.isError && events.isError ? (
        <LoadError onRetry={retryAll} retrying={stats.isFetching || events.isFetching}>
          {errorText(stats.error, 'errors.dashboard.load_failed')}
        </LoadError>
      ) : (
        <>
          {stats.isError ? (
            <LoadError onRetry={() => stats.refetch()} retrying={stats.isFetching}>
              {errorText(stats.error, 'errors.stats.load_failed')}
            </LoadError>
          ) : (
            <StatCards stats={stats.data} />
          )}
          <section className="space-y-3" aria-labelledby="upcoming">
            <div className="flex items-center justify-between gap-3">
              <h2 id="upcoming" className="text-lg font-semibold text-slate-900">
                <FormattedMessage id="dashboard.upcoming" />
              </h2>
              {auth.canRead('Schedule') && (
                <Link to="/schedule" className="text-sm font-semibold text-brand-700 hover:underline">
                  <FormattedMessage id="dashboard.openSchedule" />
                </Link>
              )}
            </div>
            {events.isError ? (
              <LoadError onRetry={() => events.refetch()} retrying={events.isFetching}>
                {errorText(events.error, 'errors.events.load_failed')}
              </LoadError>
            ) : events.isPending ? (
              <SkeletonRows rows={4} />
            ) : events.data.length === 0 ? (
              <EmptyState>
                <FormattedMessage id="dashboard.noEvents" />
              </EmptyState>
            ) : (
              <Upcoming events={events.data} today={today} />
            )}
          </section>
          {/* Below the week the document carries (first paint from the server): its own answer comes later and a
              block above would push the week down as it arrives (a layout shift of 0.24 measured there). */}
          {auth.canRead('Settings') && <Collections />}
        </>
      )}
    </div>
  );
}
