import { birthdateBounds, type Package, startDateBounds } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { CountryPicker } from '../../components/CountryPicker';
import { DatePicker } from '../../components/DatePicker';
import { Dialog } from '../../components/Dialog';
import { todayIso } from '../../components/date-format';
import { FieldShell, inputClass, TextField } from '../../components/Field';
import { PhoneField } from '../../components/PhoneField';
import { ErrorBox } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { api, errorMessage } from '../../lib/api';
import { parentPhoneErrors } from '../../lib/parent-phones';
import { usePlayerMutations } from './api';
import { PhotoInput } from './PhotoInput';

const emptyParent = { name: '', nameArabic: '', email: '', phone: '', emergencyPhone1: '', emergencyPhone2: '' };
const emptyPlayer = {
  name: '',
  nameArabic: '',
  nationalId: '',
  nationality: null as string | null,
  birthdate: '',
  residentialNeighborhood: '',
  gender: 'male',
  medicalCondition: '',
};

/** Add Player wizard: step 1 parent, step 2 player (photo, optional package), then FINISH. */
export function AddPlayerDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const toast = useToast();
  const { create } = usePlayerMutations();
  const packages = useQuery({ queryKey: ['packages'], queryFn: () => api<Package[]>('/api/packages') });
  const [step, setStep] = useState<1 | 2>(1);
  const [parent, setParent] = useState(emptyParent);
  const [player, setPlayer] = useState(emptyPlayer);
  const [photo, setPhoto] = useState<File | null>(null);
  const [packageId, setPackageId] = useState('');
  const [startDate, setStartDate] = useState(todayIso());
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [submitError, setSubmitError] = useState<string>();
  const birth = birthdateBounds(todayIso());
  const start = startDateBounds(todayIso());

  const next = () => {
    const e = { name: parent.name.trim() ? undefined : t('players.error.parentName'), ...parentPhoneErrors(parent, t) };
    setErrors(e);
    if (!Object.values(e).some(Boolean)) setStep(2);
  };

  const finish = async () => {
    const e = {
      playerName: player.name.trim() ? undefined : t('parent.error.playerName'),
      birthdate: player.birthdate ? undefined : t('players.error.birthdate'),
    };
    setErrors(e);
    if (Object.values(e).some(Boolean)) return;
    const form = new FormData();
    form.set('parentInfo', JSON.stringify(parent));
    form.set('playerInfo', JSON.stringify({ ...player, nationality: player.nationality ?? '' }));
    if (packageId) {
      form.set('selectedPackage', packageId);
      form.set('packageType', packages.data?.find((p) => p.id === packageId)?.packageType ?? '');
      form.set('subscriptionStartDate', startDate);
    }
    if (photo) form.set('photo', photo);
    setSubmitError(undefined);
    try {
      const { player: created } = await create.mutateAsync(form);
      toast(intl.formatMessage({ id: 'players.added' }, { name: created.name }));
      onClose();
    } catch (err) {
      setSubmitError(errorMessage(err, t('players.addFailed')));
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      wide
      title={<FormattedMessage id="players.addTitle" />}
      description={<FormattedMessage id={step === 1 ? 'players.step1' : 'players.step2'} />}
    >
      {step === 1 ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={<FormattedMessage id="players.parentName" />}
            value={parent.name}
            onChange={(e) => setParent({ ...parent, name: e.target.value })}
            error={errors.name}
            required
          />
          <TextField
            label={<FormattedMessage id="players.parentNameArabic" />}
            dir="rtl"
            value={parent.nameArabic}
            onChange={(e) => setParent({ ...parent, nameArabic: e.target.value })}
          />
          <TextField
            label={<FormattedMessage id="common.email" />}
            type="email"
            value={parent.email}
            onChange={(e) => setParent({ ...parent, email: e.target.value })}
          />
          <PhoneField
            label={<FormattedMessage id="common.phone" />}
            value={parent.phone}
            onChange={(v) => setParent({ ...parent, phone: v })}
            error={errors.phone}
          />
          <PhoneField
            label={<FormattedMessage id="players.emergency1" />}
            value={parent.emergencyPhone1}
            onChange={(v) => setParent({ ...parent, emergencyPhone1: v })}
            error={errors.emergencyPhone1}
          />
          <PhoneField
            label={<FormattedMessage id="players.emergency2" />}
            value={parent.emergencyPhone2}
            onChange={(v) => setParent({ ...parent, emergencyPhone2: v })}
            error={errors.emergencyPhone2}
          />
          <div className="flex justify-end sm:col-span-2">
            <Button onClick={next}>
              <FormattedMessage id="common.next" />
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <PhotoInput file={photo} onChange={setPhoto} name={player.name} />
          </div>
          <TextField
            label={<FormattedMessage id="parent.playerName" />}
            value={player.name}
            onChange={(e) => setPlayer({ ...player, name: e.target.value })}
            error={errors.playerName}
            required
          />
          <TextField
            label={<FormattedMessage id="players.playerNameArabic" />}
            dir="rtl"
            value={player.nameArabic}
            onChange={(e) => setPlayer({ ...player, nameArabic: e.target.value })}
          />
          <TextField
            label={<FormattedMessage id="parent.nationalId" />}
            value={player.nationalId}
            onChange={(e) => setPlayer({ ...player, nationalId: e.target.value })}
          />
          <CountryPicker
            label={<FormattedMessage id="parent.nationality" />}
            value={player.nationality}
            onChange={(c) => setPlayer({ ...player, nationality: c })}
          />
          <DatePicker
            label={<FormattedMessage id="parent.birthdate" />}
            value={player.birthdate}
            onChange={(v) => setPlayer({ ...player, birthdate: v })}
            min={birth.min}
            max={birth.max}
            error={errors.birthdate}
          />
          <TextField
            label={<FormattedMessage id="parent.neighborhood" />}
            value={player.residentialNeighborhood}
            onChange={(e) => setPlayer({ ...player, residentialNeighborhood: e.target.value })}
          />
          <FieldShell id="add-gender" label={<FormattedMessage id="parent.gender" />}>
            <select
              id="add-gender"
              className={inputClass()}
              value={player.gender}
              onChange={(e) => setPlayer({ ...player, gender: e.target.value })}
            >
              <option value="male">{t('parent.male')}</option>
              <option value="female">{t('parent.female')}</option>
            </select>
          </FieldShell>
          <TextField
            label={<FormattedMessage id="players.condition" />}
            value={player.medicalCondition}
            onChange={(e) => setPlayer({ ...player, medicalCondition: e.target.value })}
          />
          <FieldShell id="add-package" label={<FormattedMessage id="parent.package" />}>
            <select id="add-package" className={inputClass()} value={packageId} onChange={(e) => setPackageId(e.target.value)}>
              <option value="">{t('parent.skipPackage')}</option>
              {(packages.data ?? [])
                .filter((p) => p.isActive)
                .map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} — {intl.formatNumber(p.price, { style: 'currency', currency: 'SAR' })}
                  </option>
                ))}
            </select>
          </FieldShell>
          <DatePicker
            label={<FormattedMessage id="parent.startDate" />}
            value={startDate}
            onChange={setStartDate}
            min={start.min}
            max={start.max}
            disabled={!packageId}
          />
          {submitError && (
            <div className="sm:col-span-2">
              <ErrorBox>{submitError}</ErrorBox>
            </div>
          )}
          <div className="flex justify-between sm:col-span-2">
            <Button variant="outline" onClick={() => setStep(1)}>
              <FormattedMessage id="common.back" />
            </Button>
            <Button onClick={finish} loading={create.isPending}>
              <FormattedMessage id="players.finish" />
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
