import { type ReactNode, useId } from 'react';
import PhoneInput from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import arLabels from 'react-phone-number-input/locale/ar';
import { useLocale } from '../lib/i18n';
import { FieldShell, inputClass } from './Field';

interface Props {
  label: ReactNode;
  value: string | undefined;
  onChange(value: string): void;
  error?: string;
  name?: string;
  onBlur?(): void;
}

/** Phone input: Saudi Arabia by default, international format, the calling code not editable; answers E.164. */
export function PhoneField({ label, value, onChange, error, name, onBlur }: Props) {
  const id = useId();
  const { locale } = useLocale();
  return (
    <FieldShell id={id} label={label} error={error}>
      <div className={inputClass(error)} dir="ltr">
        <PhoneInput
          id={id}
          name={name}
          flags={flags}
          // Country names of the country list in the UI's language (English is the component's default).
          labels={locale === 'ar' ? arLabels : undefined}
          locales={locale === 'ar' ? 'ar' : 'en'}
          defaultCountry="SA"
          international
          countryCallingCodeEditable={false}
          value={value || undefined}
          onChange={(v) => onChange(v ?? '')}
          onBlur={onBlur}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
    </FieldShell>
  );
}
