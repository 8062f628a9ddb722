// Why: the week of every team — a teams × days grid from the md breakpoint, a day-by-day list on phones.
import type { Event, Team } from '@kora/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { dayOfMonth } from '../../components/date-format';
import { PlanDate, useDateText } from '../../components/PlanDate';
import { ColorDot, colorHex } from '../../components/TeamColor';
import { useCalendar } from '../../lib/calendar';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';
import { WrittenText } from '../../lib/text-language';
import { cellKey, placeEvents } from './grid';
import { DayTitle, TimeRange, TypeBadge, useWeekday } from './parts';

interface WeekProps {
  teams: Team[];
  events: Event[];
  days: string[];
  today: string;
  /** Without W:Schedule both are absent: events are shown, not opened, and nothing can be added. */
  onOpen?(event: Event): void;
  onAdd?(teamId: string, date: string): void;
}

/** One event in a team's cell: its time, type, field, and for a match the other teams. */
function EventChip({ event, team, onOpen }: { event: Event; team: Team; onOpen?(event: Event): void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const others = event.teams.filter((t) => t.id !== team.id);
  const coaches = event.coaches.map((c) => displayName(c, locale)).join(intl.formatMessage({ id: 'events.listSeparator' }));
  const body = (
    <>
      <span className="flex flex-wrap items-center justify-between gap-1">
        <TimeRange event={event} className="text-xs font-semibold whitespace-nowrap text-slate-900" />
        {event.type === 'MATCH' && <TypeBadge type={event.type} />}
      </span>
      {others.length > 0 && (
        <span className="block truncate text-xs text-slate-600">
          <FormattedMessage id="schedule.versus" values={{ teams: others.map((t) => displayName(t, locale)).join(' · ') }} />
        </span>
      )}
      {event.field && <WrittenText as="span" className="block truncate text-xs text-slate-500" text={event.field} />}
      {coaches && <span className="block truncate text-[11px] text-slate-500">{coaches}</span>}
    </>
  );
  const className = 'block w-full rounded-md border border-slate-200 border-s-4 bg-white px-2 py-1 text-start shadow-xs';
  const style = { borderInlineStartColor: colorHex(team.color) };
  return onOpen ? (
    <button
      type="button"
      onClick={() => onOpen(event)}
      className={`${className} hover:border-brand-400 hover:shadow-sm focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none`}
      style={style}
      data-testid="event-chip"
    >
      {body}
    </button>
  ) : (
    <div className={className} style={style} data-testid="event-chip">
      {body}
    </div>
  );
}

function AddButton({ label, onClick, fill }: { label: string; onClick(): void; fill?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={`flex w-full items-center justify-center rounded-md text-lg leading-none hover:bg-brand-50 hover:text-brand-700 focus-visible:bg-brand-50 focus-visible:text-brand-700 focus-visible:outline-none ${fill ? 'min-h-16 flex-1 text-slate-300' : 'h-6 text-slate-400 opacity-0 group-hover:opacity-100 focus-visible:opacity-100 [@media(hover:none)]:opacity-100'}`}
    >
      +
    </button>
  );
}

/** md and up: teams as rows, the seven days as columns (the week starting on the language's first day). */
export function ScheduleGrid({ teams, events, days, today, onOpen, onAdd }: WeekProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const weekday = useWeekday();
  const dateText = useDateText();
  const cells = placeEvents(events, days);
  const addLabel = (team: Team, date: string) =>
    intl.formatMessage({ id: 'schedule.addFor' }, { team: displayName(team, locale), date: `${weekday(date)} ${dateText(date)}` });
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full min-w-[56rem] table-fixed border-collapse text-sm" data-testid="schedule-grid">
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50">
            <th scope="col" className="w-40 px-3 py-2 text-start text-xs font-semibold text-slate-500 xl:w-48">
              <FormattedMessage id="schedule.team" />
            </th>
            {days.map((d) => (
              <th
                key={d}
                scope="col"
                className={`border-s border-slate-200 px-2 py-2 text-start font-normal ${d === today ? 'bg-brand-50' : ''}`}
                aria-current={d === today ? 'date' : undefined}
              >
                <span className={`block text-sm font-semibold ${d === today ? 'text-brand-800' : 'text-slate-800'}`}>{weekday(d)}</span>
                <PlanDate iso={d} stacked className="text-xs text-slate-500" hijriClassName="text-slate-500" />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {teams.map((team) => (
            <tr key={team.id} className="border-b border-slate-100 last:border-b-0" data-team={team.id}>
              <th scope="row" className="px-3 py-2 text-start align-top font-medium text-slate-900">
                <span className="flex items-center gap-2">
                  <ColorDot color={team.color} />
                  <span className="min-w-0 break-words">{displayName(team, locale)}</span>
                </span>
              </th>
              {days.map((d) => {
                const list = cells.get(cellKey(team.id, d)) ?? [];
                return (
                  <td
                    key={d}
                    className={`group border-s border-slate-100 p-1.5 align-top ${d === today ? 'bg-brand-50/40' : ''}`}
                    data-date={d}
                  >
                    <div className="flex min-h-16 flex-col gap-1">
                      {list.map((e) => (
                        <EventChip key={e.id} event={e} team={team} onOpen={onOpen} />
                      ))}
                      {onAdd && <AddButton label={addLabel(team, d)} onClick={() => onAdd(team.id, d)} fill={list.length === 0} />}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: a strip of the seven days, then the chosen day's events team by team, each team with its add button. */
export function ScheduleDayList({ teams, events, days, today, onOpen, onAdd }: WeekProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const weekday = useWeekday();
  const dateText = useDateText();
  const calendar = useCalendar(locale);
  const [picked, setPicked] = useState<string>();
  const day = picked && days.includes(picked) ? picked : days.includes(today) ? today : days[0];
  const cells = placeEvents(events, days);
  const busy = new Set(events.map((e) => e.date));
  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="sr-only">{intl.formatMessage({ id: 'schedule.days' })}</legend>
        <div className="grid grid-cols-7 gap-1">
          {days.map((d) => (
            <button
              key={d}
              type="button"
              aria-pressed={d === day}
              onClick={() => setPicked(d)}
              className={`flex flex-col items-center rounded-lg py-1.5 text-xs ${d === day ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200'}`}
            >
              <span className="font-medium">{weekday(d, 'short')}</span>
              <span className="text-base font-semibold tabular-nums">{dayOfMonth(d, locale, calendar)}</span>
              <span
                aria-hidden="true"
                className={`mt-0.5 size-1.5 rounded-full ${busy.has(d) ? (d === day ? 'bg-white' : 'bg-brand-600') : 'bg-transparent'}`}
              />
            </button>
          ))}
        </div>
      </fieldset>
      <h2 className="flex items-baseline gap-2 px-1">
        <DayTitle iso={day} today={today} />
      </h2>
      <ul className="space-y-2" data-testid="schedule-day">
        {teams.map((team) => {
          const list = cells.get(cellKey(team.id, day)) ?? [];
          const name = displayName(team, locale);
          return (
            <li key={team.id} className="rounded-xl border border-slate-200 bg-white p-3" data-team={team.id}>
              <div className="flex items-center gap-2">
                <ColorDot color={team.color} />
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{name}</span>
                {onAdd && (
                  <button
                    type="button"
                    onClick={() => onAdd(team.id, day)}
                    aria-label={intl.formatMessage({ id: 'schedule.addFor' }, { team: name, date: `${weekday(day)} ${dateText(day)}` })}
                    className="flex h-9 shrink-0 items-center gap-1 rounded-lg px-3 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
                  >
                    <span aria-hidden="true">+</span>
                    <FormattedMessage id="schedule.add" />
                  </button>
                )}
              </div>
              {list.length > 0 ? (
                <div className="mt-2 space-y-1.5">
                  {list.map((e) => (
                    <EventChip key={e.id} event={e} team={team} onOpen={onOpen} />
                  ))}
                </div>
              ) : (
                <p className="mt-1 text-xs text-slate-500">
                  <FormattedMessage id="schedule.noEventsDay" />
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
