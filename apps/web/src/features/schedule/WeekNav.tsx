// Why: one week at a time, a week per step, with the way back to the current week always in reach.
import { addDaysIso } from '@kora/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { planDate } from '../../components/date-format';
import { PlanRange } from '../../components/PlanDate';
import { useCalendar } from '../../lib/calendar';
import { useLocale } from '../../lib/i18n';

interface Props {
  start: string;
  isThisWeek: boolean;
  /** The first day of the week to show; undefined for the current week. */
  onChange(week: string | undefined): void;
}

const arrow =
  'flex size-10 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-lg text-slate-700 hover:bg-slate-50';

/**
 * "This week" or "Week of {date}", the week's dates in the calendars the user prefers (lib/calendar.ts),
 * previous and next, and "Back to this week" when away from it. The heading names the first day once, by
 * its Gregorian date unless only the Hijri one is shown; the line under it has the week in each calendar.
 */
export function WeekNav({ start, isThisWeek, onChange }: Props) {
  const intl = useIntl();
  const { locale } = useLocale();
  const first = planDate(start, locale, useCalendar(locale));
  return (
    <nav className="flex flex-wrap items-center gap-2" aria-label={intl.formatMessage({ id: 'week.nav' })}>
      <button
        type="button"
        className={arrow}
        onClick={() => onChange(addDaysIso(start, -7))}
        aria-label={intl.formatMessage({ id: 'week.previous' })}
      >
        <span aria-hidden="true" className="inline-block rtl:rotate-180">
          ‹
        </span>
      </button>
      <div className="min-w-36 flex-1 text-center sm:flex-none">
        <p className="font-semibold text-slate-900" data-testid="week-label">
          {isThisWeek ? (
            <FormattedMessage id="week.this" />
          ) : (
            <FormattedMessage
              id="week.of"
              values={{
                date: first.gregorian ? (
                  <bdi dir="ltr" className="tabular-nums">
                    {first.gregorian}
                  </bdi>
                ) : (
                  <bdi>{first.hijri}</bdi>
                ),
              }}
            />
          )}
        </p>
        <PlanRange start={start} end={addDaysIso(start, 6)} stacked align="center" className="text-xs text-slate-500" />
      </div>
      <button
        type="button"
        className={arrow}
        onClick={() => onChange(addDaysIso(start, 7))}
        aria-label={intl.formatMessage({ id: 'week.next' })}
      >
        <span aria-hidden="true" className="inline-block rtl:rotate-180">
          ›
        </span>
      </button>
      {!isThisWeek && (
        <button
          type="button"
          onClick={() => onChange(undefined)}
          className="basis-full rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 sm:basis-auto"
        >
          <FormattedMessage id="week.backToThis" />
        </button>
      )}
    </nav>
  );
}
