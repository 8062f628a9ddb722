// Why: the academy link input bound to the form by name.

import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { AcademyLinkInput } from '../AcademyLinkInput';
import { fieldErrorText } from './errors';

export function FormAcademyLink({ name, label, autoFocus }: { name: string; label: ReactNode } & { autoFocus?: boolean }) {
  const intl = useIntl();
  return (
    <Controller
      name={name}
      render={({ field, fieldState }) => (
        <AcademyLinkInput
          label={label}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldErrorText(intl, fieldState.error)}
          autoFocus={autoFocus}
        />
      )}
    />
  );
}
