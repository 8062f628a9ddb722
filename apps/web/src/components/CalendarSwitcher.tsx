import { FormattedMessage, useIntl } from 'react-intl';
import { CALENDAR_PREFERENCES, saveCalendar, useCalendar } from '../lib/calendar';
import { useLocale } from '../lib/i18n';

/** The user's choice of calendars for dates (Gregorian, Hijri or both), kept on this device. */
export function CalendarSwitcher() {
  const { locale } = useLocale();
  const intl = useIntl();
  const current = useCalendar(locale);
  return (
    <fieldset className="flex flex-col gap-1" aria-label={intl.formatMessage({ id: 'calendar.label' })}>
      <legend className="mb-1 text-xs font-medium text-slate-500">
        <FormattedMessage id="calendar.label" />
      </legend>
      <div className="flex gap-1">
        {CALENDAR_PREFERENCES.map((p) => (
          <button
            key={p}
            type="button"
            onClick={() => saveCalendar(p)}
            aria-pressed={current === p}
            data-testid={`calendar-${p}`}
            className={`flex-1 rounded-md px-2 py-1 text-xs font-medium ${current === p ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200' : 'text-slate-600 hover:bg-slate-100'}`}
          >
            <FormattedMessage id={`calendar.${p}`} />
          </button>
        ))}
      </div>
    </fieldset>
  );
}
