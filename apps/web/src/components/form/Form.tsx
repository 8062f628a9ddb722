// Why: one submit path for every form — Enter submits, the contract checks run, a failed call lands on its fields and, in words, at the top.
import type { FormEvent, MouseEvent, ReactNode } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn, useFormState } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useErrorText } from '../../lib/errors';
import type { MessageId } from '../../lib/message-ids';
import { ErrorBox } from '../States';
import { applyServerErrors, fieldErrorText, hasField } from './errors';

export interface FormProps<TIn extends FieldValues, TOut> {
  form: UseFormReturn<TIn, unknown, TOut>;
  /** Runs with the parsed values; a thrown error is shown (see `errorFallback`, `describeError`). */
  onSubmit(values: TOut): unknown;
  /** Runs first on every submit; `false` stops there (a wizard step before the last). */
  onBeforeSubmit?(): boolean | Promise<boolean>;
  /** Locale id of the message for a failure that is not an ApiError. */
  errorFallback?: MessageId;
  /** Replaces the standard wording of a failed submit. */
  describeError?(err: unknown): string;
  className?: string;
  'data-testid'?: string;
  children: ReactNode;
}

interface Leaf {
  message?: string;
  type?: string;
}

/** Whether a node of the error tree is a field's error (it has a type) rather than a branch. */
const isLeaf = (node: object): node is Leaf => typeof Reflect.get(node, 'type') === 'string';

/** Leaf errors of a form's error tree (its `FieldErrors`), by path. */
function leaves(errors: object, prefix = ''): [string, Leaf][] {
  const entries: [string, unknown][] = Object.entries(errors);
  return entries.flatMap(([key, value]) => {
    if (!value || typeof value !== 'object' || key === 'root') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    return isLeaf(value) ? [[path, value]] : leaves(value, path);
  });
}

export function Form<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  onBeforeSubmit,
  errorFallback,
  describeError,
  className,
  'data-testid': testId,
  children,
}: FormProps<TIn, TOut>) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { errors } = useFormState({ control: form.control });
  const top = errors.root?.server?.message;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation(); // a dialog's form is rendered (through a portal) inside the page's React tree
    if (onBeforeSubmit && !(await onBeforeSubmit())) return;
    await form.handleSubmit(
      async (values) => {
        try {
          await onSubmit(values);
        } catch (err) {
          applyServerErrors(form, err);
          form.setError('root.server', { type: 'server', message: describeError?.(err) ?? errorText(err, errorFallback) });
        }
      },
      (invalid) => {
        // A rule on a value without a control (the academy handle of the page) is said at the top.
        const unplaced = leaves(invalid).find(([path]) => !hasField(form, path));
        if (unplaced) form.setError('root.server', { type: 'client', message: fieldErrorText(intl, unplaced[1]) });
      },
    )();
  };

  // Pressing a submit button must not first blur the field being edited: its message would appear,
  // push the button away before the mouse is released, and the click would be lost.
  const keepFocus = (e: MouseEvent) => {
    if (e.target instanceof Element && e.target.closest('button[type="submit"]')) e.preventDefault();
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} onMouseDown={keepFocus} className={className} data-testid={testId}>
        {top && (
          <div className="col-span-full">
            <ErrorBox>{top}</ErrorBox>
          </div>
        )}
        {children}
      </form>
    </FormProvider>
  );
}
