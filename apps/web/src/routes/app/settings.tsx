import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';

const ENTRIES = [
  { to: '/settings', label: 'settings.subscriptions' },
  { to: '/settings/privileges', label: 'settings.privileges' },
  { to: '/settings/packages', label: 'settings.packages' },
  { to: '/settings/payments-history', label: 'settings.payments' },
  { to: '/settings/academy', label: 'settings.academy' },
] as const;

/** The five-entry side menu (collapsing on phones) with the child page beside it. */
export function SettingsLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname.replace(/\/$/, '') });
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-4 md:flex-row">
      <aside className="md:w-60 md:shrink-0">
        <button
          type="button"
          className="mb-2 w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-start text-sm font-medium md:hidden"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          <FormattedMessage id="nav.settings" /> ▾
        </button>
        <ul className={`${open ? 'block' : 'hidden'} space-y-1 rounded-xl border border-slate-200 bg-white p-2 md:block`}>
          {ENTRIES.map((e) => (
            <li key={e.to}>
              <Link
                to={e.to}
                onClick={() => setOpen(false)}
                aria-current={pathname === e.to ? 'page' : undefined}
                className={`block rounded-lg px-3 py-2 text-sm ${pathname === e.to ? 'bg-brand-50 font-semibold text-brand-800' : 'text-slate-700 hover:bg-slate-50'}`}
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
