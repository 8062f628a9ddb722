// Why: the dashboard, My Trainings and the schedule show an event the same way — time, type, field, teams and coaches.
import { addDaysIso, type Event, type EventTeam } from '@kora/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { AvatarStack } from '../../components/Avatar';
import { weekdayName } from '../../components/date-format';
import { PlanDate } from '../../components/PlanDate';
import { ColorDot } from '../../components/TeamColor';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';

/** Start–end, read left to right in Arabic too. */
export function TimeRange({ event, className = '' }: { event: Pick<Event, 'time' | 'endTime'>; className?: string }) {
  return (
    <span dir="ltr" className={`tabular-nums ${className}`}>
      {event.time}–{event.endTime}
    </span>
  );
}

export function TypeBadge({ type }: { type: Event['type'] }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${type === 'MATCH' ? 'bg-amber-100 text-amber-800' : 'bg-brand-50 text-brand-800'}`}
    >
      <FormattedMessage id={`event.${type}`} />
    </span>
  );
}

/** The teams of an event: a colour dot and the name of each (Arabic names on Arabic screens). */
export function TeamsLine({ teams, className = '' }: { teams: EventTeam[]; className?: string }) {
  const { locale } = useLocale();
  return (
    <span className={`flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 ${className}`}>
      {teams.map((t) => (
        <span key={t.id} className="inline-flex min-w-0 items-center gap-1.5">
          <ColorDot color={t.color} className="size-2.5" />
          <span className="truncate">{displayName(t, locale)}</span>
        </span>
      ))}
    </span>
  );
}

/** The coaches' avatars, overlapping a little, named for screen readers and on hover. */
export function CoachAvatars({ coaches, size = 'size-7' }: { coaches: Event['coaches']; size?: string }) {
  const intl = useIntl();
  const { locale } = useLocale();
  if (coaches.length === 0)
    return (
      <span className="text-xs text-slate-500">
        <FormattedMessage id="schedule.noCoaches" />
      </span>
    );
  return (
    <AvatarStack
      people={coaches}
      size={size}
      label={coaches.map((c) => displayName(c, locale)).join(intl.formatMessage({ id: 'events.listSeparator' }))}
    />
  );
}

/** "Sunday" in the user's language. */
export function useWeekday() {
  const { locale } = useLocale();
  return (iso: string, width: 'long' | 'short' = 'long') => weekdayName(iso, locale, width);
}

/** A day as a heading: "Today", "Tomorrow" or the weekday, and its date (yyyy/MM/dd and, as preferred, Hijri). */
export function DayTitle({ iso, today }: { iso: string; today: string }) {
  const weekday = useWeekday();
  const relative = iso === today ? 'events.today' : iso === addDaysIso(today, 1) ? 'events.tomorrow' : null;
  return (
    <>
      <span className="font-semibold text-slate-900">{relative ? <FormattedMessage id={relative} /> : weekday(iso)}</span>
      <PlanDate iso={iso} className="text-sm text-slate-500" hijriClassName="text-slate-500" />
    </>
  );
}
