import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { currentHost, subdomainUrl } from '../lib/host';
import { SharedLink } from './links';

/** '404 Page not found'; the link says 'Go back home' on the root and 'Go back to dashboard' on an academy. */
export function NotFoundPage() {
  const academy = currentHost().kind === 'academy';
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 text-center">
      <p className="text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="text-xl font-semibold">
        <FormattedMessage id="notFound.title" />
      </h1>
      <SharedLink to="/" className="mt-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        <FormattedMessage id={academy ? 'notFound.backDashboard' : 'notFound.backHome'} />
      </SharedLink>
    </div>
  );
}

/** The academy named by the subdomain does not exist (docs/domain.md, "The host model"). */
export function AcademyNotFoundPage({ handle }: { handle: string }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center">
      <div className="rounded-full bg-amber-100 p-4 text-amber-800">
        {/* A drawn ball, not the emoji: browsers without an emoji font show a box instead. */}
        <svg
          viewBox="0 0 48 48"
          className="size-10"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinejoin="round"
          aria-hidden="true"
          data-testid="academy-not-found-icon"
        >
          <circle cx="24" cy="24" r="20" />
          <path d="M24 15.5l8 5.8-3 9.4H19l-3-9.4z" fill="currentColor" />
          <path d="M24 15.5V4.5M32 21.3l10.3-3.4M29 30.7l6.4 8.8M19 30.7l-6.4 8.8M16 21.3L5.7 17.9" />
        </svg>
      </div>
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="academyNotFound.title" />
      </h1>
      <p className="max-w-md text-slate-600">
        <FormattedMessage id="academyNotFound.text" values={{ subdomain: <strong dir="ltr">{handle}</strong> }} />
      </p>
      <a href={subdomainUrl(null)} className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        <FormattedMessage id="academyNotFound.home" />
      </a>
    </div>
  );
}

/** 'Something went wrong!' with a Show Error / Hide Error toggle. */
/** A screen's code or data that could not be fetched: the network, not a fault of the screen. */
const UNREACHABLE = /Failed to fetch|dynamically imported module|Importing a module script failed|NetworkError|Load failed/i;
export const isUnreachable = (error: unknown) =>
  (typeof navigator !== 'undefined' && navigator.onLine === false) ||
  UNREACHABLE.test(error instanceof Error ? error.message : String(error));

/** Offline (or the server out of reach) on a screen this phone has not kept: said in words, with a retry. */
function UnreachableFallback() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-3 px-4 py-16 text-center" role="alert">
      <h1 className="text-xl font-semibold text-slate-900">
        <FormattedMessage id="error.offline.title" />
      </h1>
      <p className="text-sm text-slate-600">
        <FormattedMessage id="error.offline.text" />
      </p>
      <button
        type="button"
        className="mt-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        onClick={() => window.location.reload()}
      >
        <FormattedMessage id="error.offline.retry" />
      </button>
    </div>
  );
}

export function ErrorFallback({ error }: { error: unknown }) {
  const [show, setShow] = useState(false);
  if (isUnreachable(error)) return <UnreachableFallback />;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-3 px-4 py-16 text-center">
      <h1 className="text-xl font-semibold text-red-700">
        <FormattedMessage id="error.title" />
      </h1>
      <button type="button" className="text-sm font-medium text-slate-600 underline" onClick={() => setShow((s) => !s)}>
        <FormattedMessage id={show ? 'error.hide' : 'error.show'} />
      </button>
      {show && (
        <pre className="w-full overflow-auto rounded-lg bg-slate-100 p-3 text-start text-xs">
          {error instanceof Error ? error.message : String(error)}
        </pre>
      )}
    </div>
  );
}
