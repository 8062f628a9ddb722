import { changePasswordBody } from '@kora/contracts';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { call } from '../lib/api';
import { FormDialog } from './form/FormDialog';
import { useFields } from './form/fields';
import { useZodForm } from './form/useZodForm';
import { useToast } from './Toaster';

/** The contract's body (the new password: 8 characters or more) plus its confirmation, which must match. */
const schema = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, { message: 'reset.error.match', path: ['confirmPassword'] });

/**
 * The signed-in member's own password (the avatar menu): the current one, the new one twice. A wrong
 * current password is said on its field (`auth.current_password_wrong`); once changed, the member's
 * other sessions have ended, and the toast says so.
 */
export function ChangePasswordDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const toast = useToast();
  const form = useZodForm(schema, { defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const f = useFields(form);
  const [current, next, confirm] = form.watch(['currentPassword', 'newPassword', 'confirmPassword']);
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: z.output<typeof schema>) =>
      call('changePassword', { body: { currentPassword, newPassword } }),
  });
  return (
    <FormDialog
      form={form}
      title={<FormattedMessage id="password.title" />}
      description={<FormattedMessage id="password.explain" />}
      onClose={onClose}
      errorFallback="password.failed"
      submitLabel={<FormattedMessage id="password.submit" />}
      missing={[
        ...(current ? [] : [intl.formatMessage({ id: 'password.current' })]),
        ...(next ? [] : [intl.formatMessage({ id: 'password.new' })]),
        ...(confirm ? [] : [intl.formatMessage({ id: 'password.confirm' })]),
      ]}
      onSubmit={async (values) => {
        await change.mutateAsync(values);
        toast(intl.formatMessage({ id: 'password.changed' }));
        onClose();
      }}
    >
      <f.Text
        name="currentPassword"
        label={<FormattedMessage id="password.current" />}
        type="password"
        autoComplete="current-password"
        autoFocus
      />
      <f.Text
        name="newPassword"
        label={<FormattedMessage id="password.new" />}
        hint={<FormattedMessage id="password.rule" />}
        type="password"
        autoComplete="new-password"
      />
      <f.Text name="confirmPassword" label={<FormattedMessage id="password.confirm" />} type="password" autoComplete="new-password" />
    </FormDialog>
  );
}
