// Why: the date picker bound to the form by a path of its values (its own module: the calendar is large).

import { Controller, type FieldValues } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { DatePicker } from '../DatePicker';
import { fieldErrorText } from './errors';
import type { FormOf, Named } from './fields';

/** A date (yyyy-MM-dd, or `empty` when cleared); a committed date counts as leaving the field. */
function FormDate<T extends FieldValues>({
  name,
  label,
  min,
  max,
  disabled,
  empty = '',
}: Named<T> & { min?: string; max?: string; disabled?: boolean; empty?: '' | null }) {
  const intl = useIntl();
  return (
    <Controller<T>
      name={name}
      render={({ field, fieldState }) => (
        <DatePicker
          label={label}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(v) => {
            field.onChange(v || empty);
            field.onBlur();
          }}
          min={min}
          max={max}
          disabled={disabled}
          error={fieldErrorText(intl, fieldState.error)}
        />
      )}
    />
  );
}

/** `Date` for `form`, spread beside its kit: `{ ...fieldsOf(form), ...dateFieldOf(form) }` (fields.tsx). */
export const dateFieldOf = <T extends FieldValues>(_form: FormOf<T>) => ({ Date: FormDate<T> });
