import { canReadSensitive, type Player, playerUpdateSchema } from '@kora/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { FormDialog } from '../../components/form/FormDialog';
import { useFields } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { useToast } from '../../components/Toaster';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';
import { usePlayerMutations } from './api';
import { MedicalConsentOnPaper } from './ConsentFields';
import { PhotoField } from './PhotoInput';
import { PlayerFields } from './PlayerFields';

const editPlayerSchema = playerUpdateSchema.omit({ medicalConsent: true }).extend({
  photo: z.instanceof(Blob).nullable(),
  /** The guardian's medical consent on paper, sent with a new or changed condition (`medicalConsent`). */
  medicalConsentOnPaper: z.boolean(),
});
type EditPlayer = z.output<typeof editPlayerSchema>;

/** Manage on the player page: the player's own fields, phones and photo (multipart PUT /api/users/{id}). */
export function EditPlayerDialog({ player, onClose }: { player: Player; onClose(): void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const toast = useToast();
  const { update } = usePlayerMutations();
  const sensitive = canReadSensitive(useAuth().user?.accountType);
  const form = useZodForm(editPlayerSchema, {
    defaultValues: {
      name: player.name,
      nameArabic: player.nameArabic ?? '',
      nationalId: player.nationalId ?? '',
      nationality: player.nationality,
      residentialNeighborhood: player.residentialNeighborhood ?? '',
      phoneNumber: player.phoneNumber ?? '',
      emergencyPhone1: player.emergencyPhone1 ?? '',
      emergencyPhone2: player.emergencyPhone2 ?? '',
      birthdate: player.birthdate ?? '',
      gender: player.gender ?? undefined,
      condition: player.condition ?? '',
      photo: null,
      medicalConsentOnPaper: false,
    },
  });
  const f = useFields(form);
  const condition = form.watch('condition') ?? '';
  const conditionChanged = sensitive && condition.trim() !== '' && condition.trim() !== (player.condition ?? '');

  const save = async ({ medicalConsentOnPaper, ...values }: EditPlayer) => {
    const medicalConsent = conditionChanged && medicalConsentOnPaper ? JSON.stringify({ language: locale }) : undefined;
    const saved = await update.mutateAsync({ id: player.id, form: { ...values, ...(medicalConsent ? { medicalConsent } : {}) } });
    toast(intl.formatMessage({ id: 'players.saved' }, { name: displayName(saved, locale) }));
    onClose();
  };

  return (
    <FormDialog
      form={form}
      onSubmit={save}
      onClose={onClose}
      errorFallback="players.saveFailed"
      wide
      columns={2}
      title={<FormattedMessage id="players.editTitle" />}
    >
      <PhotoField form={form} name="photo" names={(field) => field} current={player.avatar} />
      <PlayerFields
        form={form}
        names={(field) => (field === 'medicalCondition' ? 'condition' : field)}
        sensitive={sensitive}
        extra={
          <>
            <f.Phone name="phoneNumber" label={<FormattedMessage id="common.phone" />} />
            <f.Phone name="emergencyPhone1" label={<FormattedMessage id="players.emergency1" />} />
            <f.Phone name="emergencyPhone2" label={<FormattedMessage id="players.emergency2" />} />
          </>
        }
      />
      {conditionChanged && <MedicalConsentOnPaper control={form.control} name="medicalConsentOnPaper" />}
    </FormDialog>
  );
}
