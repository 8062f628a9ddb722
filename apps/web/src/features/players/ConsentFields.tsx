import { CONSENT_TEXTS, type ConsentPurpose } from '@kora/contracts';
import type { FieldValues, Path } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import { type FormControl, useBoundField } from '../../components/form/fields';
import { useLocale } from '../../lib/i18n';

/** The checkboxes of a registration's consents, by the field that holds each (consentsGivenSchema). */
export const CONSENT_FIELDS = [
  ['termsPrivacy', 'terms_privacy'],
  ['medical', 'medical'],
  ['photos', 'photos'],
  ['messagesSms', 'messages_sms'],
  ['messagesEmail', 'messages_email'],
] as const satisfies readonly (readonly [string, ConsentPurpose])[];
export type ConsentField = (typeof CONSENT_FIELDS)[number][0];

export const noConsents = (): Record<ConsentField, boolean> => ({
  termsPrivacy: false,
  medical: false,
  photos: false,
  messagesSms: false,
  messagesEmail: false,
});

export function ConsentBox<T extends FieldValues>({
  control,
  name,
  purpose,
}: {
  control: FormControl<T>;
  name: Path<T>;
  purpose: ConsentPurpose;
}) {
  const { locale } = useLocale();
  const { field, error } = useBoundField(control, name);
  const id = `consent-${purpose}`;
  return (
    <div>
      <label className="flex items-start gap-2 text-sm text-slate-700" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
          checked={field.value === true}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
          ref={field.ref}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={id}
        />
        <span>
          {CONSENT_TEXTS[purpose][locale === 'ar' ? 'ar' : 'en']}
          {purpose === 'terms_privacy' && (
            <span className="ms-1 text-xs text-slate-500">
              <FormattedMessage id="consents.required" />
            </span>
          )}
        </span>
      </label>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A new or changed condition on Edit Player: the medical consent the guardian signed on paper, asked
 * when the child's own does not stand (the server answers `consent.medical_required` then).
 */
export function MedicalConsentOnPaper<T extends FieldValues>({ control, name }: { control: FormControl<T>; name: Path<T> }) {
  return (
    <fieldset className="col-span-full space-y-2 rounded-xl border border-slate-200 p-3" data-testid="medical-consent-paper">
      <legend className="px-1 text-sm font-semibold text-slate-800">
        <FormattedMessage id="consents.medicalPaperTitle" />
      </legend>
      <ConsentBox control={control} name={name} purpose="medical" />
    </fieldset>
  );
}

/**
 * A registration's consents (docs/domain.md, "Data map"): each purpose's text, the version the server records.
 * `paper`: staff record what the guardian agreed to on paper.
 */
export function ConsentFields<T extends FieldValues>({
  control,
  names,
  paper = false,
}: {
  control: FormControl<T>;
  names(field: ConsentField): Path<T>;
  paper?: boolean;
}) {
  return (
    <fieldset className="col-span-full space-y-2 rounded-xl border border-slate-200 p-3" data-testid="consents">
      <legend className="px-1 text-sm font-semibold text-slate-800">
        <FormattedMessage id={paper ? 'consents.paperTitle' : 'consents.title'} />
      </legend>
      {paper && (
        <p className="text-xs text-slate-500">
          <FormattedMessage id="consents.paperHint" />
        </p>
      )}
      {CONSENT_FIELDS.map(([field, purpose]) => (
        <ConsentBox key={field} control={control} name={names(field)} purpose={purpose} />
      ))}
    </fieldset>
  );
}
