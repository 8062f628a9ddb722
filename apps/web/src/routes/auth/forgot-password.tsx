import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AcademyLinkInput } from '../../components/AcademyLinkInput';
import { AuthCard } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { api, errorMessage } from '../../lib/api';
import { currentHost } from '../../lib/host';

/** Initial → emailSent; a real request (DESIGN §5.2) that never reveals whether the e-mail exists. */
export function ForgotPasswordPage() {
  const intl = useIntl();
  const host = currentHost();
  const [handle, setHandle] = useState(host.kind === 'academy' ? host.handle : '');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!email.trim()) return setError(intl.formatMessage({ id: 'forgot.emailRequired' }));
    if (!handle.trim()) return setError(intl.formatMessage({ id: 'login.academyUrlRequired' }));
    setLoading(true);
    setError(undefined);
    try {
      await api('/api/auth/forgot-password', { body: { handle, email }, auth: false });
      setSent(true);
    } catch (err) {
      setError(errorMessage(err, intl.formatMessage({ id: 'forgot.failed' })));
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthCard title={<FormattedMessage id="forgot.title" />}>
      {sent ? (
        <div className="space-y-4 text-center" data-testid="forgot-sent">
          <p className="text-slate-700">
            <FormattedMessage id="forgot.sent" values={{ email: <strong dir="ltr">{email}</strong> }} />
          </p>
          <Button variant="outline" full loading={loading} onClick={() => send()}>
            <FormattedMessage id="forgot.resend" />
          </Button>
        </div>
      ) : (
        <form onSubmit={send} noValidate className="space-y-4">
          <p className="text-sm text-slate-600">
            <FormattedMessage id="forgot.intro" />
          </p>
          {host.kind === 'root' && (
            <AcademyLinkInput label={<FormattedMessage id="login.academyUrl" />} value={handle} onChange={setHandle} />
          )}
          <TextField
            label={<FormattedMessage id="common.email" />}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
            autoFocus
          />
          <Button type="submit" full loading={loading}>
            <FormattedMessage id="forgot.submit" />
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
          <FormattedMessage id="forgot.back" />
        </Link>
      </p>
    </AuthCard>
  );
}
