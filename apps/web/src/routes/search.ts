// The small parts the route modules (routes/**/*.route.tsx) share: reading a search param, and warming a screen's cache.
import { isFirstLoad } from '../components/Spinner';

/** A non-empty string search param, or nothing. */
export const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * A loader's work: it fills the cache the screen reads (the same queryOptions) and leaves failures
 * for the screen to show, so a failed request never turns into the router's error page. On the
 * page's first load nothing waits for it: the router resolves with the code alone, so the header and
 * navigation paint at once and the screen waits for its data inside them (its own loading state).
 * Later navigations wait for it, keeping the current screen until the next one has its data.
 */
export const warm = (work: Promise<unknown>) => {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  return isFirstLoad() ? undefined : settled;
};

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    /** The modules a route's loader imports (its queries): the first load fetches them with the screen's code. */
    queries?: () => Promise<unknown>;
    /**
     * Sends the GETs its loader will ask for (lib/api `fetchEarly`): on the first load they leave with the
     * session check, before the screen's code and the first render, so the data does not wait for them.
     */
    early?: (at: { search: Record<string, unknown> }) => void;
  }
}
