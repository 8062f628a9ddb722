import { registerAcademyBody } from '@kora/contracts';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { z } from 'zod';
import { AuthCard } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { Form } from '../../components/form/Form';
import { useFields } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { subdomainUrl } from '../../lib/host';
import { SharedLink } from '../../routes/links';
import { registerAcademy } from './api';

/** The contract's body; an empty academy link says so first (docs/domain.md, "Shared controls and waits"). */
const schema = registerAcademyBody.extend({
  handle: z.string().trim().min(1, 'academy.error.required').pipe(registerAcademyBody.shape.handle),
});
type Values = z.output<typeof schema>;

export function RegisterAcademyPage() {
  const form = useZodForm(schema, { defaultValues: { academyName: '', phone: '', email: '', password: '', handle: '' } });
  const f = useFields(form);
  const register = useMutation({ mutationFn: registerAcademy });

  const submit = async (values: Values) => {
    await register.mutateAsync(values);
    const q = new URLSearchParams({ email: values.email, registered: 'true' });
    window.location.assign(subdomainUrl(values.handle, `/auth/login?${q}`));
  };

  return (
    <AuthCard title={<FormattedMessage id="academy.title" />} subtitle={<FormattedMessage id="academy.subtitle" />}>
      <Form form={form} onSubmit={submit} errorFallback="academy.error.failed" className="space-y-4">
        <f.Text name="academyName" label={<FormattedMessage id="academy.name" />} autoComplete="organization" autoFocus />
        <f.Phone name="phone" label={<FormattedMessage id="common.phone" />} />
        <f.Text name="email" label={<FormattedMessage id="common.email" />} type="email" autoComplete="email" />
        <f.Text
          name="password"
          label={<FormattedMessage id="common.password" />}
          type="password"
          autoComplete="new-password"
          hint={<FormattedMessage id="academy.passwordHint" />}
        />
        <f.AcademyLink name="handle" label={<FormattedMessage id="academy.link" />} />
        <Button type="submit" full loading={form.formState.isSubmitting}>
          <FormattedMessage id="academy.create" />
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        <FormattedMessage id="academy.haveOne" />{' '}
        <SharedLink to="/auth/login" className="font-semibold text-brand-700 hover:underline">
          <FormattedMessage id="landing.login" />
        </SharedLink>
      </p>
    </AuthCard>
  );
}
