import { resetPasswordBody } from '@kora/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { AuthCard } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { Form } from '../../components/form/Form';
import { useFields } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { useToast } from '../../components/Toaster';
import { resetPassword } from './api';

/** The contract's body plus the confirmation, which must match (docs/domain.md, "Shared controls and waits"). */
const schema = resetPasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, { message: 'reset.error.match', path: ['confirmPassword'] });

export function ResetPasswordPage() {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  // Two routes show this screen: with the token in the path (the mailed link) and without.
  const token = useParams({ from: '/auth/reset-password/$token', shouldThrow: false })?.token ?? '';
  const form = useZodForm(schema, { defaultValues: { token, newPassword: '', confirmPassword: '' } });
  const f = useFields(form);
  const reset = useMutation({
    mutationFn: ({ token, newPassword }: z.output<typeof schema>) => resetPassword({ token, newPassword }),
  });

  const submit = async (values: z.output<typeof schema>) => {
    await reset.mutateAsync(values);
    toast(intl.formatMessage({ id: 'reset.done' }));
    await navigate({ to: '/auth/login' });
  };

  return (
    <AuthCard title={<FormattedMessage id="reset.title" />}>
      <Form form={form} onSubmit={submit} errorFallback="reset.failed" className="space-y-4">
        <f.Text name="newPassword" label={<FormattedMessage id="reset.new" />} type="password" autoComplete="new-password" autoFocus />
        <f.Text name="confirmPassword" label={<FormattedMessage id="reset.confirm" />} type="password" autoComplete="new-password" />
        <Button type="submit" full loading={form.formState.isSubmitting}>
          <FormattedMessage id="reset.submit" />
        </Button>
      </Form>
    </AuthCard>
  );
}
