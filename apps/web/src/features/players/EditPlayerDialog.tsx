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
import { PhotoField } from './PhotoInput';
import { PlayerFields } from './PlayerFields';

const editPlayerSchema = playerUpdateSchema.extend({ photo: z.instanceof(Blob).nullable() });
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
    },
  });
  const f = useFields(form);

  const save = async (values: EditPlayer) => {
    const saved = await update.mutateAsync({ id: player.id, form: values });
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
    </FormDialog>
  );
}
