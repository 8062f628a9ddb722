import flags from 'react-phone-number-input/flags';
import arLabels from 'react-phone-number-input/locale/ar';
import PhoneInput from 'react-phone-number-input/max';
import { regionName } from './countries';

/**
 * The list's Arabic labels: the package's words for "country", "phone" and the like, and the country names
 * the nationality picker uses (the package's Arabic list translates some literally: Réunion "جمع شمل",
 * Greenland "الأرض الخضراء").
 */
export const arabicLabels = Object.fromEntries(
  Object.entries(arLabels).map(([key, label]) => [key, (/^[A-Z]{2}$/.test(key) && key !== 'ZZ' && regionName('ar', key)) || label]),
);

export interface PhoneInputProps {
  id: string;
  name?: string;
  value: string | undefined;
  onChange(value: string): void;
  onBlur?(): void;
  invalid: boolean;
  describedBy?: string;
  locale: 'en' | 'ar';
}

/**
 * The phone control itself with its country list, flags and the full metadata (the one the contracts
 * validate with): a chunk of its own, which components/PhoneField.tsx loads when a form shows a phone.
 */
export function PhoneInputWithCountry({ id, name, value, onChange, onBlur, invalid, describedBy, locale }: PhoneInputProps) {
  return (
    <PhoneInput
      id={id}
      name={name}
      flags={flags}
      // Country names of the country list in the UI's language (English is the component's default).
      labels={locale === 'ar' ? arabicLabels : undefined}
      locales={locale === 'ar' ? 'ar' : 'en'}
      defaultCountry="SA"
      international
      countryCallingCodeEditable={false}
      value={value || undefined}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    />
  );
}
