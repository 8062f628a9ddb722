// Why: the form kit's controls (text, text area, select, phone, country, academy link), each named by a path of its
// form's values — a misspelt or renamed field does not compile — and showing its error in the user's language.
//
// A screen takes them from its form: `const f = fieldsOf(form)`, then `<f.Text name="email" … />`. A control whose
// module is large comes from that module the same way, spread beside these so that a screen without it never
// loads it: `const f = { ...fieldsOf(form), ...dateFieldOf(form) }` (FormDate.tsx: the calendar; MultiPicker.tsx's
// `multiPickerOf`: a list of ids, with avatars and team colours; the schedule's time, features/schedule/TimeField.tsx).
// The controls themselves are not exported: unbound, `name` would be any string.
import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { type FieldValues, get, type Path, type UseFormReturn, useController, useFormContext, useFormState } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { AcademyLinkInput } from '../AcademyLinkInput';
import { CountryPicker } from '../CountryPicker';
import { FieldShell, inputClass, TextField, type TextFieldProps } from '../Field';
import { PhoneField } from '../PhoneField';
import { fieldErrorText } from './errors';

/** A form whose values are `T`, whatever its parsed values (what `useZodForm` and `useFormContext<T>()` return). */
export type FormOf<T extends FieldValues> = UseFormReturn<T, unknown, unknown>;

/**
 * The translated error of the field `name` of the form's values `T`, re-rendering when it changes.
 * `T` is required (`useFieldError<Values>('amount')`): without it `name` accepts nothing.
 */
export function useFieldError<T extends FieldValues = never>(name: NoInfer<Path<T>>) {
  const intl = useIntl();
  const { errors } = useFormState<T>({ name });
  return fieldErrorText(intl, get(errors, name));
}

/**
 * A control bound to the field `name` of the surrounding form (react-hook-form's useController): the field's
 * handlers, its value when it is text (else null) and its error in the user's language.
 */
export function useBoundField<T extends FieldValues>(name: Path<T>) {
  const intl = useIntl();
  const { field, fieldState } = useController<T>({ name });
  return { field, text: typeof field.value === 'string' ? field.value : null, error: fieldErrorText(intl, fieldState.error) };
}

const describedBy = (id: string, error?: string) => ({
  'aria-invalid': !!error || undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** What every control takes: the path of its field in the form's values `T`, and its label. */
export interface Named<T extends FieldValues> {
  name: Path<T>;
  label: ReactNode;
}

function FormText<T extends FieldValues>({
  name,
  ...rest
}: Named<T> & Omit<TextFieldProps, 'name' | 'error' | 'onChange' | 'onBlur' | 'value'>) {
  const { register } = useFormContext<T>();
  const error = useFieldError<T>(name);
  return <TextField {...rest} {...register(name)} error={error} />;
}

function FormTextArea<T extends FieldValues>({
  name,
  label,
  ...rest
}: Named<T> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  const id = useId();
  const { register } = useFormContext<T>();
  const error = useFieldError<T>(name);
  return (
    <FieldShell id={id} label={label} error={error}>
      <textarea id={id} rows={3} className={inputClass(error)} {...describedBy(id, error)} {...rest} {...register(name)} />
    </FieldShell>
  );
}

/** A native select; `empty` is what its '' option stands for in the form (null for "none chosen"). */
function FormSelect<T extends FieldValues>({
  name,
  label,
  children,
  empty = '',
  onValueChange,
  ...rest
}: Named<T> & { empty?: '' | null; children: ReactNode; onValueChange?(value: string | null): void } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'name' | 'value' | 'onChange'
  >) {
  const id = useId();
  const { field, error } = useBoundField<T>(name);
  return (
    <FieldShell id={id} label={label} error={error}>
      <select
        id={id}
        className={`${inputClass(error)} h-9.5 py-0!`}
        {...describedBy(id, error)}
        {...rest}
        ref={field.ref}
        name={field.name}
        value={field.value == null ? '' : String(field.value)}
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
}

/** A phone number in E.164 (components/PhoneField.tsx loads the phone metadata when it is first shown). */
function FormPhone<T extends FieldValues>({ name, label }: Named<T>) {
  const { field, text, error } = useBoundField<T>(name);
  return <PhoneField label={label} name={field.name} value={text ?? ''} onChange={field.onChange} onBlur={field.onBlur} error={error} />;
}

/** A country's ISO code, or null when none is chosen. */
function FormCountry<T extends FieldValues>({ name, label }: Named<T>) {
  const { field, text, error } = useBoundField<T>(name);
  return <CountryPicker label={label} value={text} onChange={field.onChange} onBlur={field.onBlur} error={error} />;
}

/** The academy link: the handle typed before the fixed domain (components/AcademyLinkInput.tsx). */
function FormAcademyLink<T extends FieldValues>({ name, label, autoFocus }: Named<T> & { autoFocus?: boolean }) {
  const { field, text, error } = useBoundField<T>(name);
  return (
    <AcademyLinkInput
      label={label}
      value={text ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      autoFocus={autoFocus}
    />
  );
}

/**
 * The kit's controls for `form`, each taking only the paths of its values as `name`. The same
 * components on every render (instantiation expressions only narrow their types), so calling it
 * while rendering costs nothing; a control reads the form it sits in (`Form`, `FormDialog`).
 */
export const fieldsOf = <T extends FieldValues>(_form: FormOf<T>) => ({
  Text: FormText<T>,
  TextArea: FormTextArea<T>,
  Select: FormSelect<T>,
  Phone: FormPhone<T>,
  Country: FormCountry<T>,
  AcademyLink: FormAcademyLink<T>,
});
