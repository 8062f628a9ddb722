import { ERRORS, loginBody } from '@kora/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AuthCard } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { Form } from '../../components/form/Form';
import { useFields } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { useToast } from '../../components/Toaster';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { currentHost, subdomainUrl } from '../../lib/host';
import { safeRedirect } from '../../lib/redirect';
import { SharedLink } from '../../routes/links';
import { useAcademyName } from './academy-name';
import { academyExists, logIn } from './api';

/** What the login reads from its address (validated by its route, login.route.ts). */
export interface LoginSearch {
  redirect?: string;
  registered?: boolean;
  email?: string;
}

const rootSchema = loginBody.pick({ handle: true });

/** Root mode: the academy URL only, then on to that academy's login page. */
function RootLogin() {
  const form = useZodForm(rootSchema, { defaultValues: { handle: '' } });
  const f = useFields(form);
  const submit = async ({ handle }: { handle: string }) => {
    if (!(await academyExists(handle))) {
      form.setError('handle', { type: 'academy.not_found', message: ERRORS['academy.not_found'] }, { shouldFocus: true });
      return;
    }
    window.location.assign(subdomainUrl(handle, '/auth/login'));
  };
  return (
    <AuthCard title={<FormattedMessage id="login.rootTitle" />} subtitle={<FormattedMessage id="login.rootSubtitle" />}>
      <Form form={form} onSubmit={submit} className="space-y-5">
        <f.AcademyLink name="handle" label={<FormattedMessage id="login.academyUrl" />} autoFocus />
        <Button type="submit" full loading={form.formState.isSubmitting}>
          <FormattedMessage id="login.continue" />
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        <FormattedMessage id="login.noAcademy" />{' '}
        <SharedLink to="/auth/register/academy" className="font-semibold text-brand-700 hover:underline">
          <FormattedMessage id="login.signupAcademy" />
        </SharedLink>
      </p>
    </AuthCard>
  );
}

function AcademyLogin({ handle, search }: { handle: string; search: LoginSearch }) {
  const intl = useIntl();
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const academy = useAcademyName(handle);
  const welcomed = useRef(false);
  const form = useZodForm(loginBody, { defaultValues: { handle, email: search.email ?? '', password: '' } });
  const f = useFields(form);
  const login = useMutation({ mutationFn: logIn });

  useEffect(() => {
    if (search.registered && !welcomed.current) {
      welcomed.current = true;
      toast(intl.formatMessage({ id: 'login.welcome' }));
    }
  }, [search.registered, toast, intl]);

  const submit = async (values: typeof loginBody._output) => {
    try {
      // The answer's token is not kept: the session is the cookie the login set (docs/architecture.md, "Sessions in cookies").
      await login.mutateAsync(values);
      if (!(await auth.login())) throw new Error('no academy membership');
      await navigate({ to: safeRedirect(search.redirect) });
    } catch (err) {
      // The failure is said under both the email and the password (docs/domain.md, "Shared controls and waits").
      const failure =
        err instanceof ApiError
          ? { type: err.code, message: err.message }
          : { type: 'auth.login_failed', message: ERRORS['auth.login_failed'] };
      form.setError('email', failure);
      form.setError('password', failure, { shouldFocus: true });
    }
  };

  return (
    <AuthCard title={<FormattedMessage id="login.title" />} subtitle={academy === handle ? <span dir="ltr">{handle}</span> : academy}>
      <Form form={form} onSubmit={submit} className="space-y-4">
        <f.Text
          name="email"
          label={<FormattedMessage id="common.email" />}
          type="email"
          autoComplete="email"
          required
          autoFocus={!search.email}
        />
        <f.Text
          name="password"
          label={<FormattedMessage id="common.password" />}
          type="password"
          autoComplete="current-password"
          required
          autoFocus={!!search.email}
        />
        <div className="flex justify-end">
          <SharedLink to="/auth/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            <FormattedMessage id="login.forgot" />
          </SharedLink>
        </div>
        <Button type="submit" full loading={form.formState.isSubmitting}>
          <FormattedMessage id="login.submit" />
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        <FormattedMessage id="login.parentPrompt" />{' '}
        <SharedLink to="/auth/register/parent" className="font-semibold text-brand-700 hover:underline">
          <FormattedMessage id="login.parentRegister" />
        </SharedLink>
      </p>
    </AuthCard>
  );
}

export function LoginPage() {
  const search = useSearch({ from: '/auth/login' });
  const host = currentHost();
  return host.kind === 'academy' ? <AcademyLogin handle={host.handle} search={search} /> : <RootLogin />;
}
