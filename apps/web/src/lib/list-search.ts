// Why: a long list (players, subscriptions, growth, payments, coaches) shows a page at a time, and its filters and length live in the
// address, so a reload, a shared link or Back returns to the same list.
import { keysOf } from '@kora/contracts';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';

/** Rows a list shows at first, and how many more each "Show more" adds. */
export const PAGE_SIZE = 25;

/** A list's search params: its filters (strings; a default is left out) and `shown`, the rows shown. */
export type ListSearch<K extends string> = Partial<Record<K, string>> & { shown?: number };

const text = (v: unknown) => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : undefined);
/** A whole number of rows beyond the first page, at most 100 pages. */
const shownParam = (v: unknown, pageSize = PAGE_SIZE) => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isInteger(n) && n > pageSize ? Math.min(n, 100 * pageSize) : undefined;
};

/** The route's `validateSearch` of a list whose filters are `keys`. */
export const listSearch =
  <K extends string>(...keys: K[]) =>
  (s: Record<string, unknown>): ListSearch<K> => {
    const out: Partial<Record<K, string>> = {};
    for (const k of keys) {
      const v = text(s[k]);
      if (v !== undefined) out[k] = v;
    }
    const shown = shownParam(s.shown);
    return shown ? { ...out, shown } : out;
  };

/**
 * The filters of the address (a value outside `choices` is its default), the rows to show, and the
 * setters that write them back (replacing the entry: typing in the search box is not history).
 * Changing a filter starts again from the first page. It reads the address itself, so a list route
 * needs no validator of its own (one that keeps other keys only, like the payments' month, is fine).
 * The search text (`q`) follows typing at once; the address follows it.
 */
export function useListSearch<F extends { [K in keyof F]: string }>(
  defaults: F,
  choices: Partial<Record<keyof F, readonly string[]>> = {},
  pageSize = PAGE_SIZE,
) {
  const navigate = useNavigate();
  const search = useRouterState({ select: (s): Record<string, unknown> => s.location.search });
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const filters = useMemo(() => {
    const out = { ...defaults };
    for (const k of keysOf(defaults)) {
      const v = text(search[k]);
      // The one assertion of the lists: a value from the address stands for the filter's type once it is
      // one of the key's choices, or for a key without choices (free text, whose type is string).
      if (v !== undefined && (!choices[k] || choices[k].includes(v))) out[k] = v as F[typeof k];
    }
    if (typed !== undefined && 'q' in out) Object.assign(out, { q: typed });
    return out;
  }, [search, defaults, choices, typed]);
  const shown = shownParam(search.shown, pageSize) ?? pageSize;
  const update = useCallback(
    (patch: Record<string, string | number | undefined>) =>
      navigate({
        to: '.',
        // The search of whichever list route is shown: its validator checks what comes back.
        search: (prev: Record<string, unknown>) => ({ ...prev, ...patch }),
        replace: true,
        resetScroll: false,
      }),
    [navigate],
  );
  const setFilter = useCallback(
    // Any text: the address is read back through the choices above, so a value outside them is the default.
    <K extends keyof F & string>(key: K, value: string) => {
      if (key === 'q') setTyped(value);
      return update({ [key]: value === defaults[key] ? undefined : value, shown: undefined });
    },
    [update, defaults],
  );
  const showMore = useCallback(() => update({ shown: shown + pageSize }), [update, shown, pageSize]);
  /** How many filters besides the search differ from their defaults (the phone's "Filters (2)"). */
  const active = keysOf(defaults).filter((k) => k !== 'q' && filters[k] !== defaults[k]).length;
  return { filters, setFilter, shown, showMore, pageSize, active };
}

/** What a list screen is given by `useListSearch`. */
export type ListPaging = Pick<ReturnType<typeof useListSearch>, 'shown' | 'showMore' | 'pageSize'>;
