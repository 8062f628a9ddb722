import { type AnyUser, staffCreateBody } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialog } from '../../components/form/FormDialog';
import { useFields } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { PasswordShown } from '../../components/PasswordShown';
import { useToast } from '../../components/Toaster';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';
import { accountTypesQuery, useStaffMutations } from './api';
import { givableTypes } from './flags';

export type StaffUser = Exclude<AnyUser, { role: 'PLAYER' }>;

/**
 * Generate a login (`user` null) or update a staff user's account: name and e-mail required, and an
 * account type within the signed-in user's own rights (no escalation; the server checks the same).
 */
export function UserAccountDialog({ user, onClose }: { user: StaffUser | null; onClose(): void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const toast = useToast();
  const own = useAuth().user?.accountType;
  const types = useQuery(accountTypesQuery);
  const { create, update } = useStaffMutations();
  const form = useZodForm(staffCreateBody, {
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', accountTypeId: user?.accountTypeId ?? '' },
  });
  const f = useFields(form);
  const [name, email, accountTypeId] = form.watch(['name', 'email', 'accountTypeId']);
  const all = types.data ?? [];
  const givable = givableTypes(all, own);
  // The user's current type stays listed (so the select shows it) even when it is beyond the signed-in user's rights.
  const current = all.find((t) => t.id === user?.accountTypeId);
  const options = current && !givable.includes(current) ? [current, ...givable] : givable;

  if (create.data?.password)
    return (
      <PasswordShown
        email={create.data.user.email ?? ''}
        password={create.data.password}
        onClose={onClose}
        messageId="privileges.passwordOnce"
        testId="new-password"
      />
    );

  return (
    <FormDialog
      form={form}
      onSubmit={async (body) => {
        if (user) {
          await update.mutateAsync({ id: user.id, body });
          toast(intl.formatMessage({ id: 'privileges.userSaved' }, { name: body.name }));
          onClose();
        } else {
          await create.mutateAsync(body);
          toast(intl.formatMessage({ id: 'privileges.userCreated' }, { name: body.name }));
        }
      }}
      onClose={onClose}
      errorFallback={user ? 'privileges.updateUserFailed' : 'privileges.createUserFailed'}
      title={<FormattedMessage id={user ? 'privileges.editUser' : 'privileges.addUser'} />}
      missing={[
        ...(name?.trim() ? [] : [intl.formatMessage({ id: 'privileges.userName' })]),
        ...(email?.trim() ? [] : [intl.formatMessage({ id: 'privileges.userEmail' })]),
        ...(accountTypeId ? [] : [intl.formatMessage({ id: 'privileges.col.accountType' })]),
      ]}
    >
      <f.Text name="name" label={<FormattedMessage id="privileges.userName" />} required autoFocus />
      <f.Text name="email" type="email" dir="ltr" autoComplete="off" label={<FormattedMessage id="privileges.userEmail" />} required />
      <f.Select name="accountTypeId" label={<FormattedMessage id="privileges.col.accountType" />} required>
        <option value="">{intl.formatMessage({ id: 'privileges.chooseType' })}</option>
        {options.map((t) => (
          <option key={t.id} value={t.id}>
            {displayName(t, locale)}
          </option>
        ))}
      </f.Select>
    </FormDialog>
  );
}
