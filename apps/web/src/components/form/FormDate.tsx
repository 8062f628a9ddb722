// Why: the date picker bound to the form by a path of its values (its own module: the calendar is large).

import type { FieldValues } from 'react-hook-form';
import { DatePicker } from '../DatePicker';
import { type FormOf, type Named, useBoundField } from './fields';

/** A date (yyyy-MM-dd, or `empty` when cleared); a committed date counts as leaving the field. */
function FormDate<T extends FieldValues>({
  name,
  label,
  min,
  max,
  disabled,
  empty = '',
}: Named<T> & { min?: string; max?: string; disabled?: boolean; empty?: '' | null }) {
  const { field, text, error } = useBoundField<T>(name);
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

/** `Date` for `form`, spread beside its kit: `{ ...fieldsOf(form), ...dateFieldOf(form) }` (fields.tsx). */
export const dateFieldOf = <T extends FieldValues>(_form: FormOf<T>) => ({ Date: FormDate<T> });
