// Why: the country picker bound to the form by name (its own module: the country list is large).

import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { CountryPicker } from '../CountryPicker';
import { fieldErrorText } from './errors';

export function FormCountry({ name, label }: { name: string; label: ReactNode }) {
  const intl = useIntl();
  return (
    <Controller
      name={name}
      render={({ field, fieldState }) => (
        <CountryPicker
          label={label}
          value={field.value ?? null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldErrorText(intl, fieldState.error)}
        />
      )}
    />
  );
}
