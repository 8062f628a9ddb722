import type { ReactNode } from 'react';

export function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
      {children}
    </p>
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
