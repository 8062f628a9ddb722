// Why: the plain controls (text, text area, select) bound to the surrounding form by name, each showing its error in the user's language.
import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { Controller, get, useFormContext, useFormState } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { FieldShell, inputClass, TextField, type TextFieldProps } from '../Field';
import { fieldErrorText } from './errors';

/** The translated error of the field `name`, re-rendering when it changes. */
export function useFieldError(name: string) {
  const intl = useIntl();
  const { errors } = useFormState({ name });
  return fieldErrorText(intl, get(errors, name));
}

const describedBy = (id: string, error?: string) => ({
  'aria-invalid': !!error || undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

type Named = { name: string; label: ReactNode };

export function FormText({ name, ...rest }: Named & Omit<TextFieldProps, 'name' | 'error' | 'onChange' | 'onBlur' | 'value'>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <TextField {...rest} {...register(name)} error={error} />;
}

export function FormTextArea({ name, label, ...rest }: Named & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  const id = useId();
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FieldShell id={id} label={label} error={error}>
      <textarea id={id} rows={3} className={inputClass(error)} {...describedBy(id, error)} {...rest} {...register(name)} />
    </FieldShell>
  );
}

/** A native select; `empty` is what its '' option stands for in the form (null for "none chosen"). */
export function FormSelect({
  name,
  label,
  children,
  empty = '',
  onValueChange,
  ...rest
}: Named & { empty?: '' | null; children: ReactNode; onValueChange?(value: string | null): void } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'name' | 'value' | 'onChange'
  >) {
  const id = useId();
  const intl = useIntl();
  return (
    <Controller
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldErrorText(intl, fieldState.error);
        return (
          <FieldShell id={id} label={label} error={error}>
            <select
              id={id}
              className={`${inputClass(error)} h-9.5 py-0!`}
              {...describedBy(id, error)}
              {...rest}
              ref={field.ref}
              name={field.name}
              value={field.value ?? ''}
              onChange={(e) => {
                field.onChange(e.target.value || empty);
                onValueChange?.(e.target.value || empty);
              }}
              onBlur={field.onBlur}
            >
              {children}
            </select>
          </FieldShell>
        );
      }}
    />
  );
}
