import { lazy, type ReactNode, Suspense, useId } from 'react';
import { useLocale } from '../lib/i18n';
import { FieldShell, inputClass } from './Field';

// Flags, country names and the phone metadata are large: they load when a form first shows a phone.
const PhoneInputWithCountry = lazy(() => import('./PhoneInput').then((m) => ({ default: m.PhoneInputWithCountry })));

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
        {/* Until the control arrives: the number, unchangeable, in a box of the same height. */}
        <Suspense fallback={<input id={id} disabled readOnly value={value ?? ''} className="PhoneInputInput w-full bg-transparent" />}>
          <PhoneInputWithCountry
            id={id}
            name={name}
            value={value}
            onChange={onChange}
            onBlur={onBlur}
            invalid={!!error}
            describedBy={error ? `${id}-error` : undefined}
            locale={locale}
          />
        </Suspense>
      </div>
    </FieldShell>
  );
}
