import { type AnyRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';

export function Spinner({ className = 'size-5', label }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <SpinnerIcon className={className} />
    </span>
  );
}

function SpinnerIcon({ className }: { className: string }) {
  return (
    <svg className={`animate-spin text-current ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** docs/domain.md, "Shared controls and waits": a wait shows its spinner after 1000 ms, and then for at least 500 ms. */
export const SPINNER_AFTER_MS = 1000;
const SPINNER_MIN_MS = 500;

/** When the current wait began: the app's start, then each navigation (`showWaits`). */
let waitStartedAt = Date.now();

/**
 * Where a screen is on its way (the academy check, a route's code or data): nothing for the first
 * second of the wait, then a spinner that screen readers announce.
 */
export function PageSpinner() {
  const intl = useIntl();
  const [shown, setShown] = useState(() => Date.now() - waitStartedAt >= SPINNER_AFTER_MS);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), waitStartedAt + SPINNER_AFTER_MS - Date.now());
    return () => clearTimeout(timer);
  }, [shown]);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      className="flex min-h-[40vh] items-center justify-center text-brand-700"
      data-testid="page-spinner"
    >
      {shown && (
        <>
          <SpinnerIcon className="size-8" />
          <span className="sr-only">{intl.formatMessage({ id: 'common.loading' })}</span>
        </>
      )}
    </div>
  );
}

/**
 * The router's waits (docs/domain.md, "Shared controls and waits"). The first load has no screen to keep: the shell renders at
 * once and the screen's place waits under `PageSpinner`. Later navigations keep the screen shown
 * for a second (the progress bar says something is coming), then show the spinner in its place.
 */
export const pendingOptions = { defaultPendingComponent: PageSpinner, defaultPendingMs: 0, defaultPendingMinMs: 0 };

/**
 * For a layout route (the shell, Settings' menu): it never waits under a spinner of its own, which
 * the router would keep until the whole page is ready; its screen waits inside it instead.
 */
export const layoutPending = { pendingMs: Number.POSITIVE_INFINITY };

/** Whether the page's first load has resolved (`showWaits`): until then loaders do not hold the shell (routes/search.ts `warm`). */
let firstLoadResolved = false;
export const isFirstLoad = () => !firstLoadResolved;

export function showWaits<R extends AnyRouter>(router: R): R {
  waitStartedAt = Date.now();
  const afterFirst = router.subscribe('onResolved', () => {
    afterFirst();
    firstLoadResolved = true;
    router.update({ ...router.options, defaultPendingMs: SPINNER_AFTER_MS, defaultPendingMinMs: SPINNER_MIN_MS });
    // The first load's wait counts from the app's start (the academy check waits too).
    router.subscribe('onBeforeNavigate', () => {
      waitStartedAt = Date.now();
    });
  });
  return router;
}

/** A thin bar along the top of the window while a navigation loads (after 150 ms, so quick ones never flash). */
export function NavigationProgress() {
  const intl = useIntl();
  const loading = useRouterState({ select: (s) => s.status === 'pending' });
  if (!loading) return null;
  return (
    <div
      role="progressbar"
      aria-label={intl.formatMessage({ id: 'common.loading' })}
      className="nav-progress pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden"
      data-testid="navigation-progress"
    >
      <div className="nav-progress-bar h-full w-1/3 bg-brand-600" />
    </div>
  );
}
