// Why: every add/edit dialog is the same thing — a real <form> in a modal (Enter submits), the failure at the top, Cancel and a pending Save.
import { type ReactNode, useId } from 'react';
import { type FieldValues, useFormState } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { Form, type FormProps } from './Form';

export interface FormDialogProps<TIn extends FieldValues, TOut> extends Omit<FormProps<TIn, TOut>, 'className'> {
  title: ReactNode;
  description?: ReactNode;
  onClose(): void;
  open?: boolean;
  wide?: boolean;
  /** Fields in two columns from the small breakpoint on. */
  columns?: 1 | 2;
  submitLabel?: ReactNode;
  submitDisabled?: boolean;
  /**
   * The labels of the required fields still empty: while there are any, Save is disabled and the
   * footer says which ones are missing (a disabled button alone does not say why).
   */
  missing?: string[];
  /** Shown as pending besides the form's own submitting state. */
  pending?: boolean;
  /** Buttons at the start of the footer (a wizard's Back). */
  actions?: ReactNode;
}

export function FormDialog<TIn extends FieldValues, TOut>({
  title,
  description,
  onClose,
  open = true,
  wide,
  columns = 1,
  submitLabel,
  submitDisabled,
  missing = [],
  pending,
  actions,
  children,
  ...form
}: FormDialogProps<TIn, TOut>) {
  const { isSubmitting } = useFormState({ control: form.form.control });
  const intl = useIntl();
  const hintId = useId();
  const needs = missing.length > 0;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={title} description={description} wide={wide}>
      <Form {...form} className={`grid grid-cols-1 gap-4 ${columns === 2 ? 'sm:grid-cols-2' : ''}`}>
        {children}
        {/* Stays in view at the bottom of a long dialog (a full-height sheet on phones). */}
        <div className="sticky -bottom-5 z-10 col-span-full -mx-5 -mb-5 mt-1 flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 bg-white px-5 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6 sm:py-4">
          {actions && <div className="me-auto flex gap-2">{actions}</div>}
          {needs && (
            <p id={hintId} className="me-auto text-xs text-slate-500" data-testid="save-needs">
              <FormattedMessage id="form.saveNeeds" values={{ fields: intl.formatList(missing, { type: 'conjunction' }) }} />
            </p>
          )}
          <Button variant="outline" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button
            type="submit"
            loading={isSubmitting || pending}
            disabled={submitDisabled || needs}
            aria-describedby={needs ? hintId : undefined}
          >
            {submitLabel ?? <FormattedMessage id="common.save" />}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
