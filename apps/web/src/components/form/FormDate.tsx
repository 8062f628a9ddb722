// Why: the date picker bound to the form by a path of its values (its own module: the calendar is large).

import { useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import { DatePicker } from '../DatePicker';
import { type Bound, boundTo, type FormOf, type Named, useBoundField } from './fields';

/** A date (yyyy-MM-dd, or `empty` when cleared); a committed date counts as leaving the field. */
type DateProps<T extends FieldValues> = Named<T> & { min?: string; max?: string; disabled?: boolean; empty?: '' | null };

function FormDate<T extends FieldValues>({ control, name, label, min, max, disabled, empty = '' }: Bound<T> & DateProps<T>) {
  const { field, text, error } = useBoundField<T>(control, name);
  return (
    <DatePicker
      label={label}
      value={text ?? ''}
      onChange={(v) => {
        field.onChange(v || empty);
        field.onBlur();
      }}
      min={min}
      max={max}
      disabled={disabled}
      error={error}
    />
  );
}

/** `Date` bound to `form`, spread beside its kit: `{ ...useFields(form), ...useDateField(form) }` (fields.tsx). */
export function useDateField<T extends FieldValues>(form: FormOf<T>) {
  const { control } = form;
  return useMemo(() => ({ Date: boundTo<T, DateProps<T>>(control, FormDate) }), [control]);
}
