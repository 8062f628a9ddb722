import { type ReactNode, useId } from 'react';
import { baseDomainOf } from '../lib/host';
import { FieldShell } from './Field';

/** Strips the fixed academy-domain suffix from what is typed and shows it as a label (docs/domain.md, "The host model"). */
export function stripSuffix(typed: string, suffix: string) {
  let v = typed
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '');
  if (v.endsWith(`.${suffix}`)) v = v.slice(0, -(suffix.length + 1));
  // A handle is one DNS label: whatever follows a dot is (part of) the domain someone pasted.
  return v.split(/[./]/)[0].replace(/[^a-z0-9-]/g, '');
}

interface Props {
  label: ReactNode;
  value: string;
  onChange(handle: string): void;
  error?: string;
  suffix?: string;
  autoFocus?: boolean;
  onBlur?(): void;
}

export function AcademyLinkInput({ label, value, onChange, error, suffix = baseDomainOf(window.location), autoFocus, onBlur }: Props) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <div
        dir="ltr"
        className={`flex overflow-hidden rounded-lg border bg-white focus-within:ring-2 ${error ? 'border-red-400 focus-within:ring-red-200' : 'border-slate-300 focus-within:border-brand-600 focus-within:ring-brand-100'}`}
      >
        <input
          id={id}
          value={value}
          autoFocus={autoFocus}
          onChange={(e) => onChange(stripSuffix(e.target.value, suffix))}
          onBlur={onBlur}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 flex-1 px-3 py-2 text-sm focus:outline-none"
          placeholder="my-academy"
          autoCapitalize="none"
          spellCheck={false}
        />
        <span className="flex items-center border-s border-slate-200 bg-slate-50 px-3 text-sm text-slate-500" data-testid="academy-suffix">
          .{suffix}
        </span>
      </div>
    </FieldShell>
  );
}
