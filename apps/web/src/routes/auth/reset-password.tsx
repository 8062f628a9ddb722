import { MIN_PASSWORD } from '@kora/contracts';
import { useNavigate, useParams } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AuthCard } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { useToast } from '../../components/Toaster';
import { api, errorMessage } from '../../lib/api';

export function ResetPasswordPage() {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const { token = '' } = useParams({ strict: false }) as { token?: string };
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; confirmPassword?: string; form?: string }>({});
  const [loading, setLoading] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (newPassword.length < MIN_PASSWORD) next.newPassword = intl.formatMessage({ id: 'reset.error.length' });
    if (confirmPassword !== newPassword) next.confirmPassword = intl.formatMessage({ id: 'reset.error.match' });
    setErrors(next);
    if (Object.keys(next).length) return;
    setLoading(true);
    try {
      await api('/api/auth/reset-password', { body: { token, newPassword }, auth: false });
      toast(intl.formatMessage({ id: 'reset.done' }));
      await navigate({ to: '/auth/login' });
    } catch (err) {
      setErrors({ form: errorMessage(err, intl.formatMessage({ id: 'reset.failed' })) });
      setLoading(false);
    }
  };

  return (
    <AuthCard title={<FormattedMessage id="reset.title" />}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={<FormattedMessage id="reset.new" />}
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
          error={errors.newPassword}
          autoFocus
        />
        <TextField
          label={<FormattedMessage id="reset.confirm" />}
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          error={errors.confirmPassword}
        />
        {errors.form && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {errors.form}
          </p>
        )}
        <Button type="submit" full loading={loading}>
          <FormattedMessage id="reset.submit" />
        </Button>
      </form>
    </AuthCard>
  );
}
