import { birthdateBounds, type Player } from '@kora/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { CountryPicker } from '../../components/CountryPicker';
import { DatePicker } from '../../components/DatePicker';
import { Dialog } from '../../components/Dialog';
import { todayIso } from '../../components/date-format';
import { TextField } from '../../components/Field';
import { PhoneField } from '../../components/PhoneField';
import { ErrorBox } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { ApiError, errorMessage } from '../../lib/api';
import { usePlayerMutations } from './api';
import { PhotoInput } from './PhotoInput';

export function EditPlayerDialog({ player, onClose }: { player: Player; onClose(): void }) {
  const intl = useIntl();
  const toast = useToast();
  const { update } = usePlayerMutations();
  const [v, setV] = useState({
    name: player.name,
    nameArabic: player.nameArabic ?? '',
    nationalId: player.nationalId ?? '',
    nationality: player.nationality,
    residentialNeighborhood: player.residentialNeighborhood ?? '',
    phoneNumber: player.phoneNumber ?? '',
    emergencyPhone1: player.emergencyPhone1 ?? '',
    emergencyPhone2: player.emergencyPhone2 ?? '',
    birthdate: player.birthdate ?? '',
    condition: player.condition ?? '',
  });
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<ApiError | string>();
  const birth = birthdateBounds(todayIso());
  const field = (k: string) => (error instanceof ApiError ? error.fieldMessage(k) : undefined);

  const save = async () => {
    const form = new FormData();
    for (const [k, val] of Object.entries(v)) form.set(k, val ?? '');
    if (photo) form.set('photo', photo);
    setError(undefined);
    try {
      await update.mutateAsync({ id: player.id, form });
      toast(intl.formatMessage({ id: 'players.saved' }, { name: v.name }));
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err : errorMessage(err, intl.formatMessage({ id: 'players.saveFailed' })));
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} wide title={<FormattedMessage id="players.editTitle" />}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <PhotoInput file={photo} onChange={setPhoto} current={player.avatar} name={v.name} />
        </div>
        <TextField
          label={<FormattedMessage id="parent.playerName" />}
          value={v.name}
          onChange={(e) => setV({ ...v, name: e.target.value })}
          error={field('name')}
        />
        <TextField
          label={<FormattedMessage id="players.playerNameArabic" />}
          dir="rtl"
          value={v.nameArabic}
          onChange={(e) => setV({ ...v, nameArabic: e.target.value })}
        />
        <TextField
          label={<FormattedMessage id="parent.nationalId" />}
          value={v.nationalId}
          onChange={(e) => setV({ ...v, nationalId: e.target.value })}
        />
        <CountryPicker
          label={<FormattedMessage id="parent.nationality" />}
          value={v.nationality}
          onChange={(c) => setV({ ...v, nationality: c })}
        />
        <TextField
          label={<FormattedMessage id="parent.neighborhood" />}
          value={v.residentialNeighborhood}
          onChange={(e) => setV({ ...v, residentialNeighborhood: e.target.value })}
        />
        <DatePicker
          label={<FormattedMessage id="parent.birthdate" />}
          value={v.birthdate}
          onChange={(d) => setV({ ...v, birthdate: d })}
          min={birth.min}
          max={birth.max}
          error={field('birthdate')}
        />
        <PhoneField
          label={<FormattedMessage id="common.phone" />}
          value={v.phoneNumber}
          onChange={(p) => setV({ ...v, phoneNumber: p })}
          error={field('phoneNumber')}
        />
        <PhoneField
          label={<FormattedMessage id="players.emergency1" />}
          value={v.emergencyPhone1}
          onChange={(p) => setV({ ...v, emergencyPhone1: p })}
          error={field('emergencyPhone1')}
        />
        <PhoneField
          label={<FormattedMessage id="players.emergency2" />}
          value={v.emergencyPhone2}
          onChange={(p) => setV({ ...v, emergencyPhone2: p })}
          error={field('emergencyPhone2')}
        />
        <TextField
          label={<FormattedMessage id="players.condition" />}
          value={v.condition}
          onChange={(e) => setV({ ...v, condition: e.target.value })}
        />
      </div>
      {error && (
        <div className="mt-4">
          <ErrorBox>{error instanceof ApiError ? error.message : error}</ErrorBox>
        </div>
      )}
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          <FormattedMessage id="common.cancel" />
        </Button>
        <Button onClick={save} loading={update.isPending}>
          <FormattedMessage id="common.save" />
        </Button>
      </div>
    </Dialog>
  );
}
