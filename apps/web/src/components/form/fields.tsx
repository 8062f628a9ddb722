// Why: the form kit's controls (text, text area, select, phone, country, academy link), each named by a path of its
// form's values — a misspelt or renamed field does not compile — bound to that form, and showing its error in the
// user's language.
//
// A screen takes them from its form: `const f = useFields(form)`, then `<f.Text name="email" … />`. Each control is
// given the form's `control` by the kit, so a control of one form shown inside another form's `<Form>` still reads and
// writes its own form. A control whose module is large comes from that module the same way, spread beside these so
// that a screen without it never loads it: `const f = { ...useFields(form), ...useDateField(form) }` (FormDate.tsx: the
// calendar; MultiPicker.tsx's `useMultiPicker`: a list of ids, with avatars and team colours; the schedule's time,
// features/schedule/TimeField.tsx). The controls themselves are not exported: unbound, `name` would be any string.
import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId, useMemo } from 'react';
import { type Control, type FieldValues, get, type Path, type UseFormReturn, useController, useFormState } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { AcademyLinkInput } from '../AcademyLinkInput';
import { CountryPicker } from '../CountryPicker';
import { FieldShell, inputClass, TextField, type TextFieldProps } from '../Field';
import { PhoneField } from '../PhoneField';
import { fieldErrorText } from './errors';

/** A form whose values are `T`, whatever its parsed values (what `useZodForm` and `useFormContext<T>()` return). */
export type FormOf<T extends FieldValues> = UseFormReturn<T, unknown, unknown>;
/** What binds a control to its form: the form's react-hook-form `control`. */
export type FormControl<T extends FieldValues> = Control<T, unknown, unknown>;

/**
 * The translated error of the field `name` of the form's values `T` (of `control`'s form, else of the surrounding
 * `Form`), re-rendering when it changes. `T` is required (`useFieldError<Values>('amount')`): without it `name`
 * accepts nothing.
 */
export function useFieldError<T extends FieldValues = never>(name: NoInfer<Path<T>>, control?: FormControl<T>) {
  const intl = useIntl();
  const { errors } = useFormState<T, unknown>({ name, control });
  return fieldErrorText(intl, get(errors, name));
}

/**
 * A control bound to the field `name` of `control`'s form (react-hook-form's useController): the field's
 * handlers, its value when it is text (else null) and its error in the user's language.
 */
export function useBoundField<T extends FieldValues>(control: FormControl<T>, name: Path<T>) {
  const intl = useIntl();
  const { field, fieldState } = useController<T, Path<T>, unknown>({ control, name });
  return { field, text: typeof field.value === 'string' ? field.value : null, error: fieldErrorText(intl, fieldState.error) };
}

/**
 * `Control` given `control`: what a kit hands out (`useFields` and its siblings), taking the rest of the props.
 * Made once per form (the hooks memoise on the control), so a control keeps its state across renders.
 */
export function boundTo<T extends FieldValues, P>(control: FormControl<T>, Control: (props: P & { control: FormControl<T> }) => ReactNode) {
  return (props: P) => <Control {...props} control={control} />;
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

/** What a control gets from its kit: its form's `control`. */
export interface Bound<T extends FieldValues> {
  control: FormControl<T>;
}

type TextProps<T extends FieldValues> = Named<T> & Omit<TextFieldProps, 'name' | 'error' | 'onChange' | 'onBlur' | 'value'>;

function FormText<T extends FieldValues>({ control, name, ...rest }: Bound<T> & TextProps<T>) {
  const error = useFieldError<T>(name, control);
  return <TextField {...rest} {...control.register(name)} error={error} />;
}

type TextAreaProps<T extends FieldValues> = Named<T> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>;

function FormTextArea<T extends FieldValues>({ control, name, label, ...rest }: Bound<T> & TextAreaProps<T>) {
  const id = useId();
  const error = useFieldError<T>(name, control);
  return (
    <FieldShell id={id} label={label} error={error}>
      <textarea id={id} rows={3} className={inputClass(error)} {...describedBy(id, error)} {...rest} {...control.register(name)} />
    </FieldShell>
  );
}

type SelectProps<T extends FieldValues> = Named<T> & {
  empty?: '' | null;
  children: ReactNode;
  onValueChange?(value: string | null): void;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'value' | 'onChange'>;

/** A native select; `empty` is what its '' option stands for in the form (null for "none chosen"). */
function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  children,
  empty = '',
  onValueChange,
  ...rest
}: Bound<T> & SelectProps<T>) {
  const id = useId();
  const { field, error } = useBoundField<T>(control, name);
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
function FormPhone<T extends FieldValues>({ control, name, label }: Bound<T> & Named<T>) {
  const { field, text, error } = useBoundField<T>(control, name);
  return <PhoneField label={label} name={field.name} value={text ?? ''} onChange={field.onChange} onBlur={field.onBlur} error={error} />;
}

/** A country's ISO code, or null when none is chosen. */
function FormCountry<T extends FieldValues>({ control, name, label }: Bound<T> & Named<T>) {
  const { field, text, error } = useBoundField<T>(control, name);
  return <CountryPicker label={label} value={text} onChange={field.onChange} onBlur={field.onBlur} error={error} />;
}

/** The academy link: the handle typed before the fixed domain (components/AcademyLinkInput.tsx). */
function FormAcademyLink<T extends FieldValues>({ control, name, label, autoFocus }: Bound<T> & Named<T> & { autoFocus?: boolean }) {
  const { field, text, error } = useBoundField<T>(control, name);
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

/** The kit's controls for `form`, each bound to it and taking only the paths of its values as `name`. */
export function useFields<T extends FieldValues>(form: FormOf<T>) {
  const { control } = form;
  return useMemo(
    () => ({
      Text: boundTo<T, TextProps<T>>(control, FormText),
      TextArea: boundTo<T, TextAreaProps<T>>(control, FormTextArea),
      Select: boundTo<T, SelectProps<T>>(control, FormSelect),
      Phone: boundTo<T, Named<T>>(control, FormPhone),
      Country: boundTo<T, Named<T>>(control, FormCountry),
      AcademyLink: boundTo<T, Named<T> & { autoFocus?: boolean }>(control, FormAcademyLink),
    }),
    [control],
  );
}
