// Why: the phone control bound to the form by name (its own module: the phone metadata is large).

import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { PhoneField } from '../PhoneField';
import { fieldErrorText } from './errors';

export function FormPhone({ name, label }: { name: string; label: ReactNode }) {
  const intl = useIntl();
  return (
    <Controller
      name={name}
      render={({ field, fieldState }) => (
        <PhoneField
          label={label}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldErrorText(intl, fieldState.error)}
        />
      )}
    />
  );
}
