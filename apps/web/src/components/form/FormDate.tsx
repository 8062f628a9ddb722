// Why: the date picker bound to the form by name (its own module: the calendar is large).

import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { DatePicker } from '../DatePicker';
import { fieldErrorText } from './errors';

/** A date (yyyy-MM-dd, or `empty` when cleared); a committed date counts as leaving the field. */
export function FormDate({
  name,
  label,
  min,
  max,
  disabled,
  empty = '',
}: { name: string; label: ReactNode } & { min?: string; max?: string; disabled?: boolean; empty?: '' | null }) {
  const intl = useIntl();
  return (
    <Controller
      name={name}
      render={({ field, fieldState }) => (
        <DatePicker
          label={label}
          value={field.value ?? ''}
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
