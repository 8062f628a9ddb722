// Why: an academy sends no text messages until its owner confirms their e-mail by the link mailed at
// sign-up (docs/domain.md, "Text messages"); this page takes the link's token and confirms it.
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { AuthCard } from '../../components/AuthLayout';
import { Spinner } from '../../components/Spinner';
import { ErrorBox } from '../../components/States';
import { useErrorText } from '../../lib/errors';
import { confirmOwner } from './api';

/** The link's token, taken out of the address so it is neither kept in history nor shared. */
function takeToken(): string {
  const match = window.location.hash.match(/(?:^#|&)token=([^&]+)/);
  if (match) window.history.replaceState(window.history.state, '', window.location.pathname);
  return match ? decodeURIComponent(match[1]) : '';
}

export function ConfirmOwnerPage() {
  const errorText = useErrorText();
  const [state, setState] = useState<{ kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; text: string }>({ kind: 'busy' });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirmOwner(takeToken())
      .then(() => setState({ kind: 'done' }))
      .catch((err) => setState({ kind: 'failed', text: errorText(err, 'owner.confirm.failed') }));
  });
  return (
    <AuthCard title={<FormattedMessage id="owner.confirm.title" />}>
      {state.kind === 'busy' && <Spinner />}
      {state.kind === 'failed' && <ErrorBox>{state.text}</ErrorBox>}
      {state.kind === 'done' && (
        <p className="text-sm text-slate-700" role="status">
          <FormattedMessage id="owner.confirm.done" />
        </p>
      )}
      <a href="/" className="mt-4 block text-center text-sm font-medium text-brand-700 hover:underline">
        <FormattedMessage id="owner.confirm.continue" />
      </a>
    </AuthCard>
  );
}
