// Why: a long list (players, growth) shows a page at a time, and its filters and length live in the
// address, so a reload, a shared link or Back returns to the same list.
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';

/** Rows a list shows at first, and how many more each "Show more" adds. */
export const PAGE_SIZE = 25;

/** A list's search params: its filters (strings; a default is left out) and `shown`, the rows shown. */
export type ListSearch<K extends string> = Partial<Record<K, string>> & { shown?: number };

const text = (v: unknown) => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : undefined);
/** A whole number of rows beyond the first page, at most 100 pages. */
const shownParam = (v: unknown) => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isInteger(n) && n > PAGE_SIZE ? Math.min(n, 100 * PAGE_SIZE) : undefined;
};

/** The route's `validateSearch` of a list whose filters are `keys`. */
export const listSearch =
  <K extends string>(...keys: K[]) =>
  (s: Record<string, unknown>): ListSearch<K> => {
    const out: ListSearch<K> = {};
    for (const k of keys) {
      const v = text(s[k]);
      if (v !== undefined) out[k] = v as ListSearch<K>[K];
    }
    const shown = shownParam(s.shown);
    return shown ? { ...out, shown } : out;
  };

/**
 * The filters of the address (a value outside `choices` is its default), the rows to show, and the
 * setters that write them back (replacing the entry: typing in the search box is not history).
 * Changing a filter starts again from the first page.
 */
export function useListSearch<F extends { [K in keyof F]: string }>(
  search: ListSearch<Extract<keyof F, string>>,
  defaults: F,
  choices: Partial<Record<keyof F, readonly string[]>> = {},
) {
  const navigate = useNavigate();
  const filters = useMemo(() => {
    const out = { ...defaults };
    for (const k of Object.keys(defaults) as Extract<keyof F, string>[]) {
      const v = (search as Partial<Record<string, string>>)[k];
      if (v !== undefined && (!choices[k] || choices[k].includes(v))) out[k] = v as F[typeof k];
    }
    return out;
  }, [search, defaults, choices]);
  const shown = search.shown ?? PAGE_SIZE;
  const update = useCallback(
    (patch: Record<string, string | number | undefined>) =>
      navigate({
        to: '.',
        // The search of whichever list route is shown: its validator checks what comes back.
        search: ((prev: Record<string, unknown>) => ({ ...prev, ...patch })) as never,
        replace: true,
        resetScroll: false,
      }),
    [navigate],
  );
  const setFilter = useCallback(
    <K extends keyof F & string>(key: K, value: F[K]) => update({ [key]: value === defaults[key] ? undefined : value, shown: undefined }),
    [update, defaults],
  );
  const showMore = useCallback(() => update({ shown: shown + PAGE_SIZE }), [update, shown]);
  return { filters, setFilter, shown, showMore };
}
