// Why: times are HH:mm on the 24-hour clock in both languages; the browser's time input would show AM/PM, in English, on Arabic screens.

import { latinDigits } from '@kora/contracts';
import { useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { TextField } from '../../components/Field';
import { type Bound, boundTo, type FormOf, type Named, useBoundField } from '../../components/form/fields';

/** A typed time as HH:mm when it reads as one ("9" → 09:00, "930" → 09:30, "16.30" → 16:30, "١٦:٣٠" → 16:30); anything else unchanged. */
export function normaliseTime(typed: string): string {
  const t = latinDigits(typed).trim();
  const m = t.match(/^(\d{1,2})(?:[:.\s]?(\d{2}))?$/);
  if (!m) return t;
  const [h, min] = [Number(m[1]), Number(m[2] ?? 0)];
  if (h > 23 || min > 59) return t;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}

/** A time field of its form, tidied to HH:mm when left; the contract checks the rest. */
function FormTime<T extends FieldValues>({ control, name, label }: Bound<T> & Named<T>) {
  const intl = useIntl();
  const { field, text, error } = useBoundField<T>(control, name);
  // Typed and tidied: "930" is kept as 09:30 once it reads as a time.
  const tidy = (typed: string) => {
    const time = normaliseTime(typed);
    if (time !== field.value) field.onChange(time);
  };
  return (
    <TextField
      ref={field.ref}
      name={field.name}
      label={label}
      value={text ?? ''}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={(e) => {
        tidy(e.target.value);
        field.onBlur();
      }}
      // Enter submits without leaving the field: tidy first, so "930" is sent as 09:30.
      onKeyDown={(e) => e.key === 'Enter' && tidy(e.currentTarget.value)}
      error={error}
      dir="ltr"
      inputMode="numeric"
      autoComplete="off"
      placeholder={intl.formatMessage({ id: 'time.placeholder' })}
      maxLength={5}
      className="text-start tabular-nums rtl:text-end"
    />
  );
}

/** `Time` bound to `form`, spread beside its kit: `{ ...useFields(form), ...useTimeField(form) }` (components/form/fields.tsx). */
export function useTimeField<T extends FieldValues>(form: FormOf<T>) {
  const { control } = form;
  return useMemo(() => ({ Time: boundTo<T, Named<T>>(control, FormTime) }), [control]);
}
