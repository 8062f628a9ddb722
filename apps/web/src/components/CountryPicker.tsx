import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../lib/i18n';
import { codeOf, countries } from './countries';
import { FieldShell, inputClass } from './Field';

interface Props {
  label: ReactNode;
  value: string | null;
  onChange(code: string | null): void;
  error?: string;
  onBlur?(): void;
}

/**
 * Searchable country picker (docs/domain.md, "Shared controls and waits"): opens on focus or click, closes on an outside
 * click or a selection, stores the 2-letter code and turns a typed name into its code.
 */
export function CountryPicker({ label, value, onChange, error, onBlur }: Props) {
  const { locale } = useLocale();
  const id = useId();
  const list = countries(locale);
  const selectedName = list.find((c) => c.code === value)?.name ?? '';
  const [query, setQuery] = useState(selectedName);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => setQuery(selectedName), [selectedName]);
  useEffect(() => {
    const close = (e: MouseEvent) => {
      if (box.current && !(e.target instanceof Node && box.current.contains(e.target))) {
        setOpen(false);
        const code = codeOf(query);
        if (code && code !== value) onChange(code);
        else if (!code) setQuery(selectedName);
      }
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  });

  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q || q === selectedName.toLowerCase()) return list;
    return list.filter((c) => c.name.toLowerCase().includes(q) || c.code.toLowerCase() === q);
  }, [list, query, selectedName]);

  const choose = (code: string) => {
    onChange(code);
    setQuery(list.find((c) => c.code === code)?.name ?? '');
    setOpen(false);
  };

  return (
    <FieldShell id={id} label={label} error={error}>
      <div ref={box} className="relative">
        <input
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={open && matches[active] ? `${id}-${matches[active].code}` : undefined}
          autoComplete="off"
          aria-invalid={!!error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={query}
          className={inputClass(error)}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={onBlur}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(0);
            const code = codeOf(e.target.value);
            if (code) onChange(code);
            else if (!e.target.value) onChange(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((a) => Math.min(a + 1, matches.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === 'Enter' && open && matches[active]) {
              e.preventDefault();
              choose(matches[active].code);
            } else if (e.key === 'Escape') setOpen(false);
          }}
        />
        {open && (
          <div
            id={`${id}-list`}
            role="listbox"
            className="absolute z-30 mt-1 max-h-60 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          >
            {matches.length === 0 ? (
              <p className="px-3 py-2 text-sm text-slate-500">
                <FormattedMessage id="common.noResults" />
              </p>
            ) : (
              matches.map((c, i) => (
                // Options are chosen with the input's arrow keys and Enter (aria-activedescendant), as in the WAI-ARIA combobox pattern.
                // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input
                // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys
                <div
                  key={c.code}
                  id={`${id}-${c.code}`}
                  role="option"
                  aria-selected={c.code === value}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(c.code)}
                  onMouseEnter={() => setActive(i)}
                  className={`flex cursor-pointer items-center justify-between px-3 py-2 text-sm ${i === active ? 'bg-brand-50' : ''} ${c.code === value ? 'font-semibold text-brand-800' : ''}`}
                >
                  <span>{c.name}</span>
                  <span className="text-xs text-slate-500">{c.code}</span>
                </div>
              ))
            )}
          </div>
        )}
      </div>
    </FieldShell>
  );
}
