// Why: the player's own fields are asked the same way by the public wizard, Add Player and Edit Player.
import { birthdateBounds, GENDERS, type Gender, isOneOf } from '@kora/contracts';
import type { ReactNode } from 'react';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import { todayIso } from '../../components/date-format';
import { useDateField } from '../../components/form/FormDate';
import { type FormOf, useFields } from '../../components/form/fields';

/** The male/female picture toggle of the parent wizard (docs/domain.md, "Screens"). */
function GenderToggle({ value, onChange }: { value: Gender | undefined; onChange(v: Gender): void }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">
        <FormattedMessage id="parent.gender" />
      </legend>
      <div className="grid grid-cols-2 gap-3">
        {GENDERS.map((g) => (
          <button
            key={g}
            type="button"
            aria-pressed={value === g}
            onClick={() => onChange(g)}
            className={`flex items-center justify-center gap-2 rounded-xl border-2 px-3 py-1.5 text-sm font-medium ${value === g ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-200 text-slate-600 hover:border-slate-300'}`}
          >
            <svg viewBox="0 0 48 48" className="size-7 shrink-0" aria-hidden="true">
              <circle cx="24" cy="16" r="9" fill={g === 'MALE' ? '#60a5fa' : '#f472b6'} />
              <path
                d={g === 'MALE' ? 'M8 44c0-9 7-15 16-15s16 6 16 15z' : 'M8 44c2-10 8-15 16-15s14 5 16 15z'}
                fill={g === 'MALE' ? '#2563eb' : '#db2777'}
              />
              {g === 'FEMALE' && <path d="M15 16c0-8 4-12 9-12s9 4 9 12l2 8h-4l-1-6" fill="#be185d" />}
            </svg>
            <FormattedMessage id={g === 'MALE' ? 'parent.male' : 'parent.female'} />
          </button>
        ))}
      </div>
    </fieldset>
  );
}

interface Props<T extends FieldValues> {
  form: FormOf<T>;
  /**
   * Each field's path in the form's values, checked by the compiler at the call: `(field) => `playerInfo.${field}``
   * in the registration wizards; Edit Player's contract calls the condition `condition` (not `medicalCondition`).
   */
  names(field: keyof PlayerFormFields): Path<T>;
  autoFocus?: boolean;
  /** More fields after gender (Edit Player's phones); the condition then takes a whole row. */
  extra?: ReactNode;
  /**
   * Whether the national id and the condition are shown (default): an edit by a member without medical and
   * identity leaves them out, and the server keeps what is stored (docs/domain.md, "Data map").
   */
  sensitive?: boolean;
}

/** Name, Arabic name, national id, nationality, neighbourhood, birthdate (5–50 years ago), gender and condition. */
export function PlayerFields<T extends FieldValues>({ form, names: n, autoFocus, extra, sensitive = true }: Props<T>) {
  const f = { ...useFields(form), ...useDateField(form) };
  const birth = birthdateBounds(todayIso());
  return (
    <>
      <f.Text name={n('name')} label={<FormattedMessage id="parent.playerName" />} autoFocus={autoFocus} />
      <f.Text name={n('nameArabic')} label={<FormattedMessage id="players.playerNameArabic" />} dir="rtl" />
      {sensitive && <f.Text name={n('nationalId')} label={<FormattedMessage id="parent.nationalId" />} inputMode="numeric" />}
      <f.Country name={n('nationality')} label={<FormattedMessage id="parent.nationality" />} />
      <f.Text name={n('residentialNeighborhood')} label={<FormattedMessage id="parent.neighborhood" />} />
      <f.Date name={n('birthdate')} label={<FormattedMessage id="parent.birthdate" />} min={birth.min} max={birth.max} />
      <Controller
        control={form.control}
        name={n('gender')}
        render={({ field: { value, onChange } }) => (
          <GenderToggle value={typeof value === 'string' && isOneOf(GENDERS, value) ? value : undefined} onChange={onChange} />
        )}
      />
      {extra}
      {sensitive && (
        <div className={extra ? 'col-span-full' : undefined}>
          <f.TextArea name={n('medicalCondition')} label={<FormattedMessage id="players.condition" />} rows={2} />
        </div>
      )}
    </>
  );
}

/** A player's fields as a form holds them before they are sent. */
interface PlayerFormFields {
  name: string;
  nameArabic: string;
  nationalId: string;
  nationality: string | null;
  residentialNeighborhood: string;
  birthdate: string;
  gender: Gender;
  medicalCondition: string;
}

/** Empty player fields for a form's default values (gender male, as the wizard starts). */
export const emptyPlayer = (): PlayerFormFields => ({
  name: '',
  nameArabic: '',
  nationalId: '',
  nationality: null,
  residentialNeighborhood: '',
  birthdate: '',
  gender: 'MALE',
  medicalCondition: '',
});
