import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';

const ENTRIES = [
  { to: '/settings', label: 'settings.subscriptions' },
  { to: '/settings/privileges', label: 'settings.privileges' },
  { to: '/settings/packages', label: 'settings.packages' },
  { to: '/settings/payments-history', label: 'settings.payments' },
  { to: '/settings/messages', label: 'settings.messages' },
  { to: '/settings/privacy', label: 'privacy.settings.nav' },
  { to: '/settings/academy', label: 'settings.academy' },
] as const;

/** The entry of a path: its own, or the longest entry it lies under (a page's sub-path). */
export const settingsEntryOf = (pathname: string) =>
  ENTRIES.filter((e) => pathname === e.to || pathname.startsWith(`${e.to}/`)).reduce<(typeof ENTRIES)[number]>(
    (best, e) => (e.to.length > best.to.length ? e : best),
    ENTRIES[0],
  );

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={`size-4 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
      aria-hidden="true"
    >
      <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The side menu with the child page beside it. On phones it folds into a header that
 * names the open page (under "Settings") and opens the list, the open page marked in it.
 */
export function SettingsLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname.replace(/\/$/, '') });
  const [open, setOpen] = useState(false);
  const listId = useId();
  const current = settingsEntryOf(pathname);
  return (
    <div className="flex flex-col gap-4 md:flex-row">
      <aside className="md:w-60 md:shrink-0">
        <button
          type="button"
          className="mb-2 flex w-full items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 text-start md:hidden"
          aria-expanded={open}
          aria-controls={listId}
          data-testid="settings-nav-toggle"
          onClick={() => setOpen((o) => !o)}
        >
          <span className="min-w-0">
            <span className="block text-xs text-slate-500">
              <FormattedMessage id="nav.settings" />
            </span>
            <span className="block truncate text-sm font-semibold text-brand-800">
              <FormattedMessage id={current.label} />
            </span>
          </span>
          <Chevron open={open} />
        </button>
        <ul id={listId} className={`${open ? 'block' : 'hidden'} space-y-1 rounded-xl border border-slate-200 bg-white p-2 md:block`}>
          {ENTRIES.map((e) => (
            <li key={e.to}>
              <Link
                to={e.to}
                onClick={() => setOpen(false)}
                aria-current={current.to === e.to ? 'page' : undefined}
                className={`block rounded-lg px-3 py-2 text-sm ${current.to === e.to ? 'bg-brand-50 font-semibold text-brand-800' : 'text-slate-700 hover:bg-slate-50'}`}
              >
                <FormattedMessage id={e.label} />
              </Link>
            </li>
          ))}
        </ul>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
