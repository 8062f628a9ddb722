// Why: every working area opens with the same header — title, an optional line under it and its actions, stacked on
// phones, where each action keeps its label on one line and the row wraps between whole buttons, each row filled.
import type { ReactNode } from 'react';

export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="truncate text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-500">{subtitle}</p>}
      </div>
      {actions && (
        <div className="flex flex-wrap items-center gap-2 sm:shrink-0 sm:justify-end [&>*]:flex-auto [&>*]:whitespace-nowrap sm:[&>*]:flex-none">
          {actions}
        </div>
      )}
    </header>
  );
}
