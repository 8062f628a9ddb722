import type { ReactNode } from 'react';
import { useCalendar } from '../lib/calendar';
import { useLocale } from '../lib/i18n';
import { dateText, planDate, planRange } from './date-format';

interface Props {
  /** yyyy-MM-dd (a Riyadh day). */
  iso: string;
  className?: string;
  /** The Hijri date's look beside the Gregorian one (shown alone, it looks like the Gregorian date would). */
  hijriClassName?: string;
  /** One under the other (a narrow column) instead of side by side. */
  stacked?: boolean;
  /** The Gregorian form where a screen shows more than the day (an invoice's date and time); yyyy/MM/dd by default. */
  gregorian?: ReactNode;
  /** Shown after the Hijri date when the Gregorian one is not (the time of that invoice). */
  time?: ReactNode;
}

/** A Hijri date or range whose year stays with its era ("1448 هـ", "1448 AH") when a narrow column wraps it. */
function Hijri({ text }: { text: string }) {
  const split = text.match(/^(.*\s)(\S+\s\S+)$/);
  if (!split) return text;
  return (
    <>
      {split[1]}
      <span className="whitespace-nowrap">{split[2]}</span>
    </>
  );
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
        <bdi className={shown.gregorian ? hijriClassName : undefined} data-testid="hijri-date">
          <Hijri text={shown.hijri} />
        </bdi>
      )}
      {!shown.gregorian && time}
    </span>
  );
}

/** Where a stacked range lines up in its column, its lines too: with the column's start, centre or end. */
const ALIGN = { start: 'items-start text-start', center: 'items-center text-center', end: 'items-end text-end' };

interface RangeProps {
  /** yyyy-MM-dd; a missing date is shown as "—". */
  start: string | null | undefined;
  end: string | null | undefined;
  className?: string;
  /** The Hijri range's look under or beside the Gregorian one; shown alone, it looks like the Gregorian range would. */
  hijriClassName?: string;
  /** The Hijri range under the Gregorian one (a narrow column, a card) instead of beside it. */
  stacked?: boolean;
  align?: keyof typeof ALIGN;
}

/**
 * A span of days people plan by (a week, a subscription's period) in the calendars the user prefers,
 * like PlanDate: the Gregorian range left to right, the Umm al-Qura range in the page's language. Each
 * is a line of the page's direction holding an isolated range, so a range wrapped in a narrow column
 * lines up with the column (an Arabic card's start is its right) rather than with the range's own start.
 */
export function PlanRange({ start, end, className = '', hijriClassName = 'text-slate-500', stacked, align = 'start' }: RangeProps) {
  const { locale } = useLocale();
  const shown = planRange(start, end, locale, useCalendar(locale));
  const layout = stacked ? `flex flex-col ${ALIGN[align]}` : 'inline-flex flex-wrap items-baseline gap-x-1.5';
  return (
    <span className={`${layout} ${className}`} data-testid="plan-range">
      {shown.gregorian && (
        <span className="tabular-nums">
          <bdi dir="ltr">{shown.gregorian}</bdi>
        </span>
      )}
      {shown.hijri && (
        <span className={shown.gregorian ? hijriClassName : undefined} data-testid="hijri-range">
          <bdi>
            <Hijri text={shown.hijri} />
          </bdi>
        </span>
      )}
    </span>
  );
}

/** A day as text in the calendars the user prefers (an aria-label, a sentence): "2026/03/20 · 1 شوال 1447 هـ". */
export function useDateText() {
  const { locale } = useLocale();
  const preference = useCalendar(locale);
  return (iso: string) => dateText(iso, locale, preference);
}

/**
 * A day inside a sentence ("runs until {date}"), in the calendars the user prefers, as one isolated
 * text: "2026/12/10 · 1 رجب 1448 هـ" — the dot keeps the two dates from reading as one number run.
 */
export function PlanDateText({ iso }: { iso: string }) {
  return <bdi data-testid="date-text">{useDateText()(iso)}</bdi>;
}
