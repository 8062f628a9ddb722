// Why: a list renders either its phone cards or its desktop table, not both hidden by CSS (the
// players list was 1,330 elements for 25 rows). docs/performance.md, "The web app on a phone".
import { useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint (48rem), where the lists' tables replace their cards. */
export const WIDE_QUERY = '(min-width: 48rem)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(WIDE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Without matchMedia (jsdom, a server render) the wide layout: a table reads on any screen. */
const wide = () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_QUERY).matches : true);

/** Whether the viewport is at least `md` wide; follows resizes and rotations. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, wide, () => true);
}
