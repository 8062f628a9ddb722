import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AcademyLinkInput } from '../../components/AcademyLinkInput';
import { AuthCard } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { useToast } from '../../components/Toaster';
import { api, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { currentHost, subdomainUrl } from '../../lib/host';
import { safeRedirect } from '../../lib/redirect';

export interface LoginSearch {
  redirect?: string;
  registered?: boolean;
  email?: string;
}

/** Root mode: the academy URL only, then on to that academy's login page. */
function RootLogin() {
  const intl = useIntl();
  const [handle, setHandle] = useState('');
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!handle.trim()) return setError(intl.formatMessage({ id: 'login.academyUrlRequired' }));
    setLoading(true);
    setError(undefined);
    try {
      const { exists } = await api<{ exists: boolean }>(`/api/academies/check/${encodeURIComponent(handle)}`, { auth: false });
      if (!exists) throw new Error('not found');
      window.location.assign(subdomainUrl(handle, '/auth/login'));
    } catch {
      setError(intl.formatMessage({ id: 'login.academyNotFound' }));
      setLoading(false);
    }
  };
  return (
    <AuthCard title={<FormattedMessage id="login.rootTitle" />} subtitle={<FormattedMessage id="login.rootSubtitle" />}>
      <form onSubmit={submit} noValidate className="space-y-5">
        <AcademyLinkInput label={<FormattedMessage id="login.academyUrl" />} value={handle} onChange={setHandle} error={error} autoFocus />
        <Button type="submit" full loading={loading}>
          <FormattedMessage id="login.continue" />
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        <FormattedMessage id="login.noAcademy" />{' '}
        <Link to="/auth/register/academy" className="font-semibold text-brand-700 hover:underline">
          <FormattedMessage id="login.signupAcademy" />
        </Link>
      </p>
    </AuthCard>
  );
}

function AcademyLogin({ handle, search }: { handle: string; search: LoginSearch }) {
  const intl = useIntl();
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [email, setEmail] = useState(search.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const welcomed = useRef(false);

  useEffect(() => {
    if (search.registered && !welcomed.current) {
      welcomed.current = true;
      toast(intl.formatMessage({ id: 'login.welcome' }));
    }
  }, [search.registered, toast, intl]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setLoading(true);
    setError(undefined);
    try {
      const { token } = await api<{ token: string }>('/api/auth/login', { body: { handle, email, password }, auth: false });
      if (!(await auth.login(token))) throw new Error(intl.formatMessage({ id: 'login.failed' }));
      await navigate({ to: safeRedirect(search.redirect) });
    } catch (err) {
      setError(errorMessage(err, intl.formatMessage({ id: 'login.failed' })));
      setLoading(false);
    }
  };
  return (
    <AuthCard title={<FormattedMessage id="login.title" />} subtitle={<span dir="ltr">{handle}</span>}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={<FormattedMessage id="common.email" />}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          required
          autoFocus={!search.email}
        />
        <TextField
          label={<FormattedMessage id="common.password" />}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error}
          required
          autoFocus={!!search.email}
        />
        <div className="flex justify-end">
          <Link to="/auth/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            <FormattedMessage id="login.forgot" />
          </Link>
        </div>
        <Button type="submit" full loading={loading}>
          <FormattedMessage id="login.submit" />
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        <FormattedMessage id="login.parentPrompt" />{' '}
        <Link to="/auth/register/parent" className="font-semibold text-brand-700 hover:underline">
          <FormattedMessage id="login.parentRegister" />
        </Link>
      </p>
    </AuthCard>
  );
}

export function LoginPage() {
  const search = useSearch({ strict: false }) as LoginSearch;
  const host = currentHost();
  return host.kind === 'academy' ? <AcademyLogin handle={host.handle} search={search} /> : <RootLogin />;
}
