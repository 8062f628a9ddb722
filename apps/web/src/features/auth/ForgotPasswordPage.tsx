import { forgotPasswordBody } from '@kora/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { z } from 'zod';
import { AuthCard } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { Form } from '../../components/form/Form';
import { useFields } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { ErrorBox } from '../../components/States';
import { useErrorText } from '../../lib/errors';
import { currentHost } from '../../lib/host';
import { SharedLink } from '../../routes/links';
import { sendPasswordReset } from './api';

/** Initial → emailSent; a real request (docs/domain.md, "Signing in safely") that never reveals whether the e-mail exists. */
export function ForgotPasswordPage() {
  const host = currentHost();
  const errorText = useErrorText();
  const form = useZodForm(forgotPasswordBody, { defaultValues: { handle: host.kind === 'academy' ? host.handle : '', email: '' } });
  const f = useFields(form);
  const send = useMutation({ mutationFn: (body: z.input<typeof forgotPasswordBody>) => sendPasswordReset(body) });
  // The two states (docs/domain.md, "Shared controls and waits"): the form, then "sent" to this address.
  const [sent, setSent] = useState<string>();

  return (
    <AuthCard title={<FormattedMessage id="forgot.title" />}>
      {sent ? (
        <div className="space-y-4 text-center" data-testid="forgot-sent">
          <p className="text-slate-700">
            <FormattedMessage id="forgot.sent" values={{ email: <strong dir="ltr">{sent}</strong> }} />
          </p>
          {send.isError && <ErrorBox>{errorText(send.error, 'forgot.failed')}</ErrorBox>}
          <Button variant="outline" full loading={send.isPending} onClick={() => send.mutate(form.getValues())}>
            <FormattedMessage id="forgot.resend" />
          </Button>
        </div>
      ) : (
        <Form
          form={form}
          onSubmit={async (values) => {
            await send.mutateAsync(values);
            setSent(values.email);
          }}
          errorFallback="forgot.failed"
          className="space-y-4"
        >
          <p className="text-sm text-slate-600">
            <FormattedMessage id="forgot.intro" />
          </p>
          {host.kind === 'root' && <f.AcademyLink name="handle" label={<FormattedMessage id="login.academyUrl" />} />}
          <f.Text name="email" label={<FormattedMessage id="common.email" />} type="email" autoComplete="email" autoFocus />
          <Button type="submit" full loading={form.formState.isSubmitting}>
            <FormattedMessage id="forgot.submit" />
          </Button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <SharedLink to="/auth/login" className="font-semibold text-brand-700 hover:underline">
          <FormattedMessage id="forgot.back" />
        </SharedLink>
      </p>
    </AuthCard>
  );
}
