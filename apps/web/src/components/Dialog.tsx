import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from './Button';

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}

/** Modal dialog: focus trapped, Escape closes, full-height sheet on phones. */
export function Dialog({ open, onOpenChange, title, description, children, wide }: DialogProps) {
  const intl = useIntl();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        {/* The same layer as the content: a dialog opened from a dialog (a confirmation) dims the first one too. */}
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <RadixDialog.Content
          className={`fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-2xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6 ${wide ? 'sm:max-w-2xl' : 'sm:max-w-md'}`}
          aria-describedby={description ? undefined : undefined}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-lg font-bold text-slate-900">{title}</RadixDialog.Title>
              {description && <RadixDialog.Description className="mt-1 text-sm text-slate-500">{description}</RadixDialog.Description>}
            </div>
            <RadixDialog.Close
              className="rounded-full p-1 text-xl leading-none text-slate-400 hover:bg-slate-100 hover:text-slate-700"
              aria-label={intl.formatMessage({ id: 'common.close' })}
            >
              ×
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A yes/no confirmation for destructive actions. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  confirmLabel,
  onConfirm,
  loading,
  error,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  text: ReactNode;
  confirmLabel: ReactNode;
  onConfirm(): void;
  loading?: boolean;
  error?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <p className="text-sm text-slate-600">{text}</p>
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          <FormattedMessage id="common.cancel" />
        </Button>
        <Button variant="danger" loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
