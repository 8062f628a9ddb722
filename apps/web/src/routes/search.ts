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
  }
}
