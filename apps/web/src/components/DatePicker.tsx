import { weekStart } from '@kora/contracts';
import * as Popover from '@radix-ui/react-popover';
import type { Day } from 'date-fns';
import { arSA, enUS } from 'date-fns/locale';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { useIntl } from 'react-intl';
import { useLocale } from '../lib/i18n';
import { dateOf, isoOf, parseDisplay, toDisplay, todayIso } from './date-format';
import { FieldShell, inputClass } from './Field';

interface Props {
  label: ReactNode;
  /** yyyy-MM-dd or '' */
  value: string;
  onChange(value: string): void;
  /** Bounds (yyyy-MM-dd); default 1900-01-01 to today. */
  min?: string;
  max?: string;
  error?: string;
  disabled?: boolean;
}

/** The days of the week as date-fns numbers them (Sunday 0), indexed by `Date.getDay()`. */
const WEEKDAYS: readonly Day[] = [0, 1, 2, 3, 4, 5, 6];
const dayOf = (d: Date): Day => WEEKDAYS[d.getDay()];

/** Date input shown as yyyy/MM/dd with a calendar; the week starts Sunday in English, Saturday in Arabic. */
export function DatePicker({ label, value, onChange, min = '1900-01-01', max = todayIso(), error, disabled }: Props) {
  const id = useId();
  const intl = useIntl();
  const { locale } = useLocale();
  const [typed, setTyped] = useState(toDisplay(value));
  const [typedError, setTypedError] = useState<string>();
  const [open, setOpen] = useState(false);
  useEffect(() => setTyped(toDisplay(value)), [value]);

  const commit = (text: string) => {
    if (!text.trim()) {
      setTypedError(undefined);
      onChange('');
      return;
    }
    const iso = parseDisplay(text);
    if (!iso || iso < min || iso > max) {
      setTypedError(intl.formatMessage({ id: 'date.invalid' }, { min: toDisplay(min), max: toDisplay(max) }));
      return;
    }
    setTypedError(undefined);
    onChange(iso);
  };

  const selected = value ? dateOf(value) : undefined;
  return (
    <FieldShell id={id} label={label} error={typedError ?? error}>
      <Popover.Root open={open} onOpenChange={setOpen}>
        {/* The calendar lines up with the input's edge, not with the small button. */}
        <Popover.Anchor className="relative">
          <input
            id={id}
            dir="ltr"
            inputMode="numeric"
            placeholder={intl.formatMessage({ id: 'date.placeholder' })}
            disabled={disabled}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onBlur={(e) => commit(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              commit(typed);
            }}
            aria-invalid={!!(typedError ?? error) || undefined}
            aria-describedby={(typedError ?? error) ? `${id}-error` : undefined}
            // The input reads left to right; in Arabic the calendar button sits at its left (the page's end),
            // so the padding that keeps digits clear of it moves there and the date aligns to the right.
            className={`${inputClass(typedError ?? error)} pe-10 text-start rtl:ps-10 rtl:pe-3 rtl:text-end`}
          />
          <Popover.Trigger
            disabled={disabled}
            aria-label={intl.formatMessage({ id: 'date.open' })}
            className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-lg text-slate-500 hover:text-brand-700 disabled:opacity-40"
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <rect x="3" y="5" width="18" height="16" rx="2" />
              <path d="M3 10h18M8 3v4M16 3v4" />
            </svg>
          </Popover.Trigger>
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content align="start" sideOffset={6} className="z-50 rounded-xl border border-slate-200 bg-white p-3 shadow-xl">
            <DayPicker
              mode="single"
              dir={locale === 'ar' ? 'rtl' : 'ltr'}
              locale={locale === 'ar' ? arSA : enUS}
              weekStartsOn={weekStart(locale)}
              // One-letter Arabic day names fit the day columns; each header keeps the full name as its label.
              formatters={locale === 'ar' ? { formatWeekdayName: (d) => arSA.localize.day(dayOf(d), { width: 'narrow' }) } : undefined}
              captionLayout="dropdown"
              startMonth={dateOf(min)}
              endMonth={dateOf(max)}
              disabled={[{ before: dateOf(min) }, { after: dateOf(max) }]}
              selected={selected}
              defaultMonth={selected ?? dateOf(max)}
              onSelect={(d) => {
                if (!d) return;
                setTypedError(undefined);
                onChange(isoOf(d));
                setOpen(false);
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </FieldShell>
  );
}
