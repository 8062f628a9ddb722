export function Spinner({ className = 'size-5', label }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <svg className={`animate-spin text-current ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}

/** Full-area spinner for pending routes and the academy check. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-brand-700" data-testid="page-spinner">
      <Spinner className="size-8" label="Loading" />
    </div>
  );
}
