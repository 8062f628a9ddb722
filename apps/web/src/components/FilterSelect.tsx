import { useId } from 'react';
import { inputClass } from './Field';

/** A choice of a filter: its value in the address and its label. */
export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A labelled select of a list's filter bar (players, subscriptions, growth, coaches). With `all`, its first
 * option is "All" (the empty value) and `options` follow; without, `children` are the options.
 */
export function FilterSelect({
  label,
  value,
  onChange,
  all,
  options = [],
  children,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  all?: string;
  options?: readonly FilterOption[];
  children?: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <select id={id} className={inputClass()} value={value} onChange={(e) => onChange(e.target.value)}>
        {all !== undefined && <option value="">{all}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </div>
  );
}
