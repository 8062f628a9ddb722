import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../lib/message-ids';
import { Button } from './Button';
import { Dialog } from './Dialog';

/** A new login's generated password, shown once with a copy button (the server keeps only its hash). */
export function PasswordShown({
  email,
  password,
  onClose,
  messageId,
  testId,
}: {
  email: string;
  password: string;
  onClose(): void;
  messageId: MessageId;
  testId: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={<FormattedMessage id="coaches.loginCreated" />}>
      <p className="text-sm text-slate-600">
        <FormattedMessage id={messageId} values={{ email: <strong dir="ltr">{email}</strong> }} />
      </p>
      <div className="mt-4 flex items-center gap-2 rounded-xl bg-slate-100 p-3">
        <code className="flex-1 text-lg font-semibold tracking-wider break-all" dir="ltr" data-testid={testId}>
          {password}
        </code>
        <Button
          variant="outline"
          onClick={async () => {
            await navigator.clipboard?.writeText(password).catch(() => undefined);
            setCopied(true);
          }}
        >
          <FormattedMessage id={copied ? 'coaches.copied' : 'coaches.copy'} />
        </Button>
      </div>
      <div className="mt-5 flex justify-end">
        <Button onClick={onClose}>
          <FormattedMessage id="coaches.done" />
        </Button>
      </div>
    </Dialog>
  );
}
