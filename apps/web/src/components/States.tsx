import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../lib/message-ids';

export function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
      {children}
    </p>
  );
}

/** A read that failed: its message and a Retry button, instead of an empty list. */
export function LoadError({
  children,
  onRetry,
  retrying,
  retryLabel = 'common.retry',
}: {
  children: ReactNode;
  onRetry(): void;
  retrying?: boolean;
  /** The button's catalog key, where the screen's spec names it ("Try again"). */
  retryLabel?: MessageId;
}) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
    >
      <p>{children}</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        aria-busy={retrying || undefined}
        className="rounded-lg border border-red-300 bg-white px-3 py-1.5 font-semibold text-red-700 hover:bg-red-100 disabled:opacity-60"
      >
        <FormattedMessage id={retrying ? 'common.loading' : retryLabel} />
      </button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">{children}</div>
  );
}

/** Grey placeholder rows while a list loads. */
export function SkeletonRows({ rows = 5 }: { rows?: number }) {
  return (
    <div className="space-y-2" aria-hidden="true" data-testid="skeleton">
      {Array.from({ length: rows }, (_, i) => `row-${i}`).map((k) => (
        <div key={k} className="h-12 animate-pulse rounded-xl bg-slate-200/70" />
      ))}
    </div>
  );
}
