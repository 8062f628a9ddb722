import { birthdateBounds, type PublicPackage, startDateBounds } from '@kora/contracts';
import { useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { AuthCard } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { CountryPicker } from '../../components/CountryPicker';
import { DatePicker } from '../../components/DatePicker';
import { todayIso } from '../../components/date-format';
import { FieldShell, inputClass, TextField } from '../../components/Field';
import { PhoneField } from '../../components/PhoneField';
import { api, errorMessage } from '../../lib/api';
import { currentHost } from '../../lib/host';
import { parentPhoneErrors } from '../../lib/parent-phones';

const emptyParent = {
  parentName: '',
  email: '',
  phone: '',
  emergencyPhone1: '',
  emergencyPhone2: '',
  selectedPackage: '',
  subscriptionStartDate: '',
};
const emptyPlayer = {
  playerName: '',
  nationalId: '',
  nationality: null as string | null,
  residentialNeighborhood: '',
  birthdate: '',
  gender: 'male' as 'male' | 'female',
  medicalConditions: '',
};
type Errors = Record<string, string | undefined>;

function StepIndicator({ step }: { step: 1 | 2 }) {
  return (
    <ol className="mb-6 flex items-center gap-2 text-xs font-medium" aria-label="steps">
      {[1, 2, 3].map((n) => (
        <li key={n} className="flex flex-1 items-center gap-2">
          <span
            aria-current={n === step ? 'step' : undefined}
            className={`flex size-7 shrink-0 items-center justify-center rounded-full ${n <= step ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-500'}`}
          >
            {n}
          </span>
          <span className={n === step ? 'text-slate-900' : 'text-slate-500'}>
            <FormattedMessage id={`parent.step${n}`} />
          </span>
          {n < 3 && <span className="h-px flex-1 bg-slate-200" />}
        </li>
      ))}
    </ol>
  );
}

function GenderToggle({ value, onChange }: { value: 'male' | 'female'; onChange(v: 'male' | 'female'): void }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">
        <FormattedMessage id="parent.gender" />
      </legend>
      <div className="grid grid-cols-2 gap-3">
        {(['male', 'female'] as const).map((g) => (
          <button
            key={g}
            type="button"
            aria-pressed={value === g}
            onClick={() => onChange(g)}
            className={`flex flex-col items-center gap-1 rounded-xl border-2 p-3 text-sm font-medium ${value === g ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-200 text-slate-600 hover:border-slate-300'}`}
          >
            <svg viewBox="0 0 48 48" className="size-10" aria-hidden="true">
              <circle cx="24" cy="16" r="9" fill={g === 'male' ? '#60a5fa' : '#f472b6'} />
              <path
                d={g === 'male' ? 'M8 44c0-9 7-15 16-15s16 6 16 15z' : 'M8 44c2-10 8-15 16-15s14 5 16 15z'}
                fill={g === 'male' ? '#2563eb' : '#db2777'}
              />
              {g === 'female' && <path d="M15 16c0-8 4-12 9-12s9 4 9 12l2 8h-4l-1-6" fill="#be185d" />}
            </svg>
            <FormattedMessage id={`parent.${g}`} />
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function RegisterParentPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const search = useSearch({ strict: false }) as { academy?: string };
  const host = currentHost();
  const handle = search.academy ?? (host.kind === 'academy' ? host.handle : '');
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [parent, setParent] = useState(emptyParent);
  const [player, setPlayer] = useState(emptyPlayer);
  const [errors, setErrors] = useState<Errors>({});
  const [submitError, setSubmitError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [packages, setPackages] = useState<PublicPackage[]>([]);
  const today = todayIso();
  const birth = birthdateBounds(today);
  const start = startDateBounds(today);

  useEffect(() => {
    if (!handle) return;
    api<PublicPackage[]>(`/api/packages?handle=${encodeURIComponent(handle)}`, { auth: false })
      .then(setPackages)
      .catch((err) => console.error('Failed to fetch packages', err));
  }, [handle]);

  const phoneErrors = (): Errors => parentPhoneErrors(parent, t);
  const hasErrors = (e: Errors) => Object.values(e).some(Boolean);

  // A message goes away as soon as its field is edited; the next Next/Checkout checks again.
  const fields: Record<string, unknown> = { ...parent, ...player };
  const edited = JSON.stringify(fields);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on any edit, keyed by the serialized form
  useEffect(() => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in fields) || !fields[k]))), [edited]);

  const next = (e: FormEvent) => {
    e.preventDefault();
    const e1 = { ...phoneErrors(), parentName: parent.parentName.trim() ? undefined : t('parent.error.parentName') };
    setErrors(e1);
    if (!hasErrors(e1)) setStep(2);
  };

  const checkout = async (e: FormEvent) => {
    e.preventDefault();
    const e2: Errors = {
      ...phoneErrors(),
      playerName: player.playerName.trim() ? undefined : t('parent.error.playerName'),
      birthdate: player.birthdate ? undefined : t('parent.error.birthdate'),
      handle: handle ? undefined : t('parent.error.handle'),
    };
    setErrors(e2);
    if (hasErrors(e2)) {
      if (e2.handle) setSubmitError(e2.handle);
      return;
    }
    setLoading(true);
    setSubmitError(undefined);
    try {
      await api('/api/auth/register/parent', {
        auth: false,
        body: {
          handle,
          selectedPackage: parent.selectedPackage || null,
          subscriptionStartDate: parent.selectedPackage ? parent.subscriptionStartDate || today : null,
          parentInfo: {
            name: parent.parentName,
            nameArabic: '',
            phone: parent.phone,
            email: parent.email,
            emergencyPhone1: parent.emergencyPhone1,
            emergencyPhone2: parent.emergencyPhone2,
          },
          playerInfo: {
            residentialNeighborhood: player.residentialNeighborhood,
            name: player.playerName,
            nameArabic: '',
            nationalId: player.nationalId,
            nationality: player.nationality ?? '',
            birthdate: player.birthdate,
            gender: player.gender.toUpperCase(),
            medicalCondition: player.medicalConditions,
          },
        },
      });
      setStep(3);
    } catch (err) {
      setSubmitError(errorMessage(err, t('parent.error.failed')));
    } finally {
      setLoading(false);
    }
  };

  if (step === 3) {
    return (
      <AuthCard>
        <div className="space-y-3 py-4 text-center" data-testid="parent-success">
          <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <svg viewBox="0 0 24 24" className="size-9" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
          </div>
          <h1 className="text-xl font-bold">
            <FormattedMessage id="parent.successTitle" />
          </h1>
          <p className="text-slate-600">
            <FormattedMessage id="parent.successText" values={{ phone: <strong dir="ltr">{parent.phone}</strong> }} />
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={<FormattedMessage id="parent.title" />} subtitle={handle ? <span dir="ltr">{handle}</span> : undefined} wide>
      <StepIndicator step={step} />
      {step === 1 ? (
        <form onSubmit={next} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={<FormattedMessage id="parent.parentName" />}
            value={parent.parentName}
            onChange={(e) => setParent({ ...parent, parentName: e.target.value })}
            error={errors.parentName}
            autoFocus
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
            label={<FormattedMessage id="parent.emergency1" />}
            value={parent.emergencyPhone1}
            onChange={(v) => setParent({ ...parent, emergencyPhone1: v })}
            error={errors.emergencyPhone1}
          />
          <FieldShell id="package" label={<FormattedMessage id="parent.package" />}>
            <select
              id="package"
              className={inputClass()}
              value={parent.selectedPackage}
              onChange={(e) =>
                setParent({
                  ...parent,
                  selectedPackage: e.target.value,
                  subscriptionStartDate: e.target.value ? parent.subscriptionStartDate || today : '',
                })
              }
            >
              <option value="">{t('parent.skipPackage')}</option>
              {packages.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} — {intl.formatNumber(p.price, { style: 'currency', currency: 'SAR' })}
                </option>
              ))}
            </select>
          </FieldShell>
          {parent.selectedPackage ? (
            <DatePicker
              label={<FormattedMessage id="parent.startDate" />}
              value={parent.subscriptionStartDate}
              onChange={(v) => setParent({ ...parent, subscriptionStartDate: v })}
              min={start.min}
              max={start.max}
            />
          ) : (
            <div className="hidden sm:block" />
          )}
          {(() => {
            const chosen = packages.find((p) => p.id === parent.selectedPackage);
            return chosen ? (
              <div className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900 sm:col-span-2">
                <p className="font-semibold">
                  {chosen.name} · <FormattedNumber value={chosen.price} style="currency" currency="SAR" />
                </p>
                {chosen.description && <p className="text-brand-800">{chosen.description}</p>}
                {chosen.hasTrial && <FormattedMessage id="parent.trial" values={{ days: chosen.trialDays }} />}
              </div>
            ) : null;
          })()}
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit">
              <FormattedMessage id="common.next" />
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={checkout} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={<FormattedMessage id="parent.playerName" />}
            value={player.playerName}
            onChange={(e) => setPlayer({ ...player, playerName: e.target.value })}
            error={errors.playerName}
            autoFocus
          />
          <TextField
            label={<FormattedMessage id="parent.nationalId" />}
            value={player.nationalId}
            inputMode="numeric"
            onChange={(e) => setPlayer({ ...player, nationalId: e.target.value })}
          />
          <CountryPicker
            label={<FormattedMessage id="parent.nationality" />}
            value={player.nationality}
            onChange={(code) => setPlayer({ ...player, nationality: code })}
          />
          <TextField
            label={<FormattedMessage id="parent.neighborhood" />}
            value={player.residentialNeighborhood}
            onChange={(e) => setPlayer({ ...player, residentialNeighborhood: e.target.value })}
          />
          <DatePicker
            label={<FormattedMessage id="parent.birthdate" />}
            value={player.birthdate}
            onChange={(v) => setPlayer({ ...player, birthdate: v })}
            min={birth.min}
            max={birth.max}
            error={errors.birthdate}
          />
          <GenderToggle value={player.gender} onChange={(g) => setPlayer({ ...player, gender: g })} />
          <FieldShell id="medical" label={<FormattedMessage id="parent.medical" />}>
            <textarea
              id="medical"
              rows={3}
              className={inputClass()}
              value={player.medicalConditions}
              onChange={(e) => setPlayer({ ...player, medicalConditions: e.target.value })}
            />
          </FieldShell>
          {submitError && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 sm:col-span-2">
              {submitError}
            </p>
          )}
          <div className="flex justify-between gap-3 sm:col-span-2">
            <Button variant="outline" onClick={() => setStep(1)}>
              <FormattedMessage id="common.back" />
            </Button>
            <Button type="submit" loading={loading}>
              <FormattedMessage id="parent.checkout" />
            </Button>
          </div>
        </form>
      )}
    </AuthCard>
  );
}
