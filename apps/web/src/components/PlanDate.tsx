import type { ReactNode } from 'react';
import { useCalendar } from '../lib/calendar';
import { useLocale } from '../lib/i18n';
import { planDate } from './date-format';

interface Props {
  /** yyyy-MM-dd (a Riyadh day). */
  iso: string;
  className?: string;
  hijriClassName?: string;
  /** One under the other (a narrow column) instead of side by side. */
  stacked?: boolean;
  /** The Gregorian form where a screen shows more than the day (an invoice's date and time); yyyy/MM/dd by default. */
  gregorian?: ReactNode;
  /** Shown after the Hijri date when the Gregorian one is not (the time of that invoice). */
  time?: ReactNode;
}

/**
 * A date people plan by (a schedule day, an invoice, a birth date) in the calendars the user
 * prefers (lib/calendar.ts): the Gregorian date left to right, the Umm al-Qura date beside it.
 */
export function PlanDate({ iso, className = '', hijriClassName = 'text-slate-500', stacked, gregorian, time }: Props) {
  const { locale } = useLocale();
  const shown = planDate(iso, locale, useCalendar(locale));
  const layout = stacked ? 'flex flex-col items-start' : 'inline-flex flex-wrap items-baseline gap-x-1.5';
  return (
    <span className={`${layout} ${className}`} data-testid="plan-date">
      {shown.gregorian &&
        (gregorian ?? (
          <bdi dir="ltr" className="tabular-nums">
            {shown.gregorian}
          </bdi>
        ))}
      {shown.hijri && (
        <bdi className={hijriClassName} data-testid="hijri-date">
          {shown.hijri}
        </bdi>
      )}
      {!shown.gregorian && time}
    </span>
  );
}
