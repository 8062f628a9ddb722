import { COACH_TYPES, type Coach, coachCreateBody, coachUpdateBody, flagsBeyond } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { FormDialog } from '../../components/form/FormDialog';
import { useFields } from '../../components/form/fields';
import { useMultiPicker } from '../../components/form/MultiPicker';
import { useZodForm, type ZodForm } from '../../components/form/useZodForm';
import { PasswordShown } from '../../components/PasswordShown';
import { useToast } from '../../components/Toaster';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';
import { useTeams } from '../teams/api';
import { accountTypesQuery, useCoachMutations } from './api';

/**
 * A new coach: the contract's create body with the position required, as the dialog asks for it
 * (docs/domain.md, "Teams, coaches and players").
 */
const createSchema = coachCreateBody.extend({ coachType: coachUpdateBody.shape.coachType });
type CreateCoach = z.output<typeof createSchema>;

/**
 * The login a new coach gets: none without an e-mail; with one, an account type the signed-in user
 * may give (W:Settings and no flag beyond their own — the server enforces the same rule).
 */
function AccountTypeSelect({ form, hasEmail }: { form: ZodForm<typeof createSchema>; hasEmail: boolean }) {
  const f = useFields(form);
  const intl = useIntl();
  const { locale } = useLocale();
  const { user } = useAuth();
  const types = useQuery(accountTypesQuery);
  const givable = (types.data ?? []).filter((t) => flagsBeyond(t, user?.accountType).length === 0);
  return (
    <f.Select name="accountTypeId" empty={null} label={<FormattedMessage id="coaches.accountType" />} disabled={!hasEmail}>
      {hasEmail ? (
        <>
          <option value="">{intl.formatMessage({ id: 'coaches.access.coach' })}</option>
          {givable
            .filter((t) => !(t.isDefault && t.name === 'Coach'))
            .map((t) => (
              <option key={t.id} value={t.id}>
                {displayName(t, locale)}
              </option>
            ))}
        </>
      ) : (
        <option value="">{intl.formatMessage({ id: 'coaches.access.none' })}</option>
      )}
    </f.Select>
  );
}

/** Add or edit a coach: name and position required; an e-mail (new coaches only) creates a login whose password is shown once. */
export function CoachDialog({ coach, onClose }: { coach: Coach | null; onClose(): void }) {
  const intl = useIntl();
  const toast = useToast();
  const { create, update } = useCoachMutations();
  const teams = useTeams();
  // Editing sends only the update body's fields (the e-mail and login are chosen when the coach is added).
  const form = useZodForm(createSchema, {
    defaultValues: {
      name: coach?.name ?? '',
      nameArabic: coach?.nameArabic ?? '',
      coachType: coach?.coachType ?? undefined,
      teamIds: coach?.teamsCoaching.map((t) => t.id) ?? [],
      email: '',
      accountTypeId: null,
    },
  });
  const f = { ...useFields(form), ...useMultiPicker(form) };
  const [name, coachType, email] = form.watch(['name', 'coachType', 'email']);
  const canGiveLogin = useAuth().canWrite('Settings');

  const save = async ({ name, nameArabic, coachType, teamIds, email, accountTypeId }: CreateCoach) => {
    const created = coach
      ? await update.mutateAsync({ id: coach.id, body: { name, nameArabic, coachType, teamIds } }).then(() => null)
      : await create.mutateAsync({ name, nameArabic, coachType, teamIds, email, accountTypeId: email ? accountTypeId : null });
    toast(intl.formatMessage({ id: coach ? 'coaches.saved' : 'coaches.added' }, { name }));
    if (!created?.password) onClose();
  };

  if (create.data?.password)
    return (
      <PasswordShown
        email={create.data.coach.email ?? ''}
        password={create.data.password}
        onClose={onClose}
        messageId="coaches.passwordOnce"
        testId="coach-password"
      />
    );

  return (
    <FormDialog
      form={form}
      onSubmit={save}
      onClose={onClose}
      errorFallback="coaches.saveFailed"
      title={<FormattedMessage id={coach ? 'coaches.editTitle' : 'coaches.addTitle'} />}
      missing={[
        ...(name?.trim() ? [] : [intl.formatMessage({ id: 'coaches.name' })]),
        ...(coachType ? [] : [intl.formatMessage({ id: 'coaches.position' })]),
      ]}
    >
      <f.Text name="name" label={<FormattedMessage id="coaches.name" />} required autoFocus />
      <f.Text name="nameArabic" dir="rtl" label={<FormattedMessage id="coaches.nameArabic" />} />
      <f.Select name="coachType" label={<FormattedMessage id="coaches.position" />} required>
        <option value="">{intl.formatMessage({ id: 'coaches.choosePosition' })}</option>
        {COACH_TYPES.map((c) => (
          <option key={c} value={c}>
            {intl.formatMessage({ id: `coachType.${c}` })}
          </option>
        ))}
      </f.Select>
      {/* A login (e-mail and account type) is given only with W:Settings. */}
      {!coach && canGiveLogin && (
        <>
          <f.Text
            name="email"
            label={<FormattedMessage id="coaches.email" />}
            type="email"
            autoComplete="off"
            hint={<FormattedMessage id="coaches.emailHint" />}
          />
          <AccountTypeSelect form={form} hasEmail={!!email?.trim()} />
        </>
      )}
      <f.MultiPicker
        name="teamIds"
        label={<FormattedMessage id="coaches.teams" />}
        choices={teams.data ?? []}
        known={coach?.teamsCoaching}
        addLabel="coaches.addTeam"
        noneLeftLabel="coaches.noMoreTeams"
        emptyLabel="coaches.noTeams"
      />
    </FormDialog>
  );
}
