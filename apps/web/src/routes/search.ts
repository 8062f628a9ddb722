// The small parts the route modules (routes/**/*.route.tsx) share: reading a search param, and warming a screen's cache.

/** A non-empty string search param, or nothing. */
export const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * A loader's work: it fills the cache the screen reads (the same queryOptions) and leaves failures
 * for the screen to show, so a failed request never turns into the router's error page.
 */
export const warm = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    () => undefined,
  );

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
