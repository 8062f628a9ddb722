import { registerAcademyBody } from '@kora/contracts';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AcademyLinkInput } from '../../components/AcademyLinkInput';
import { AuthCard } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { PhoneField } from '../../components/PhoneField';
import { ApiError, api, errorMessage } from '../../lib/api';
import { subdomainUrl } from '../../lib/host';

type Form = { academyName: string; phone: string; email: string; password: string; handle: string };
type Errors = Partial<Record<keyof Form | 'form', string>>;

export function RegisterAcademyPage() {
  const intl = useIntl();
  const [form, setForm] = useState<Form>({ academyName: '', phone: '', email: '', password: '', handle: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [loading, setLoading] = useState(false);
  const set = (k: keyof Form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  const validate = (): Errors => {
    const e: Errors = {};
    if (!form.handle.trim()) e.handle = intl.formatMessage({ id: 'academy.error.required' });
    const parsed = registerAcademyBody.safeParse(form);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Form;
        if (e[key]) continue;
        e[key] =
          key === 'phone'
            ? intl.formatMessage({ id: 'academy.error.phone' })
            : intl.formatMessage({ id: `academy.error.${key}`, defaultMessage: issue.message });
      }
    }
    return e;
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const e = validate();
    setErrors(e);
    if (Object.keys(e).length) return;
    setLoading(true);
    try {
      await api('/api/auth/register/academy', { body: form, auth: false });
      const q = new URLSearchParams({ email: form.email.trim().toLowerCase(), registered: 'true' });
      window.location.assign(subdomainUrl(form.handle, `/auth/login?${q}`));
    } catch (err) {
      const fallback = intl.formatMessage({ id: 'academy.error.failed' });
      setErrors({
        form: errorMessage(err, fallback),
        ...(err instanceof ApiError ? Object.fromEntries((err.issues ?? []).map((i) => [i.path, i.message])) : {}),
      });
      setLoading(false);
    }
  };

  return (
    <AuthCard title={<FormattedMessage id="academy.title" />} subtitle={<FormattedMessage id="academy.subtitle" />}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={<FormattedMessage id="academy.name" />}
          value={form.academyName}
          onChange={(e) => set('academyName')(e.target.value)}
          error={errors.academyName}
          autoFocus
        />
        <PhoneField label={<FormattedMessage id="common.phone" />} value={form.phone} onChange={set('phone')} error={errors.phone} />
        <TextField
          label={<FormattedMessage id="common.email" />}
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={(e) => set('email')(e.target.value)}
          error={errors.email}
        />
        <TextField
          label={<FormattedMessage id="common.password" />}
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => set('password')(e.target.value)}
          error={errors.password}
          hint={<FormattedMessage id="academy.passwordHint" />}
        />
        <AcademyLinkInput
          label={<FormattedMessage id="academy.link" />}
          value={form.handle}
          onChange={set('handle')}
          error={errors.handle}
        />
        {errors.form && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {errors.form}
          </p>
        )}
        <Button type="submit" full loading={loading}>
          <FormattedMessage id="academy.create" />
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        <FormattedMessage id="academy.haveOne" />{' '}
        <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
          <FormattedMessage id="landing.login" />
        </Link>
      </p>
    </AuthCard>
  );
}
