import type { Area } from '@kora/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAuth } from '../lib/auth';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';

/** Navigation entries of spec part 1 §2, each shown only with the read permission of its area. */
export const NAV: { path: string; area: Area; label: string }[] = [
  { path: '/', area: 'Dashboard', label: 'nav.dashboard' },
  { path: '/trainings', area: 'MyTrainings', label: 'nav.trainings' },
  { path: '/teams', area: 'ManageTeam', label: 'nav.teams' },
  { path: '/players', area: 'Players', label: 'nav.players' },
  { path: '/growth', area: 'Growth', label: 'nav.growth' },
  { path: '/coaches', area: 'Coaches', label: 'nav.coaches' },
  { path: '/schedule', area: 'Schedule', label: 'nav.schedule' },
  { path: '/settings', area: 'Settings', label: 'nav.settings' },
];

/** Fuzzy (prefix) matching except for `/`, which is active only on itself. */
export const isActive = (entry: string, pathname: string) =>
  entry === '/' ? pathname === '/' : pathname === entry || pathname.startsWith(`${entry}/`);

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

export function Avatar({ name, src, size = 'size-9' }: { name: string; src?: string | null; size?: string }) {
  return src ? (
    <img src={src} alt="" className={`${size} rounded-full object-cover`} />
  ) : (
    <span
      className={`${size} flex items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800`}
      aria-hidden="true"
    >
      {initials(name)}
    </span>
  );
}

function TopBar() {
  const auth = useAuth();
  const intl = useIntl();
  const navigate = useNavigate();
  const academy = auth.academies.find((a) => a.id === auth.currentAcademyId);
  const user = auth.user!;
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-2.5">
        <div className="flex min-w-0 items-center gap-3">
          <Link to="/" aria-label="Kora">
            <Logo />
          </Link>
          {academy && (
            <span className="hidden truncate border-s border-slate-200 ps-3 text-sm font-medium text-slate-600 sm:block">
              {academy.name}
            </span>
          )}
        </div>
        <div className="flex items-center gap-2">
          <div className="hidden sm:block">
            <LanguageSwitcher />
          </div>
          <button
            type="button"
            className="rounded-full p-2 text-slate-500 hover:bg-slate-100"
            aria-label={intl.formatMessage({ id: 'shell.notifications' })}
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10 20a2 2 0 0 0 4 0" />
            </svg>
          </button>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger
              className="rounded-full"
              aria-label={intl.formatMessage({ id: 'shell.account' })}
              data-testid="avatar-menu"
            >
              <Avatar name={user.name} src={user.avatar} />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={8}
                className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
              >
                <div className="px-2 py-2">
                  <p className="truncate font-semibold text-slate-900">{user.name}</p>
                  <p className="truncate text-sm text-slate-500" dir="ltr">
                    {user.email}
                  </p>
                </div>
                <div className="px-2 pb-2 sm:hidden">
                  <LanguageSwitcher />
                </div>
                <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
                <DropdownMenu.Item
                  className="cursor-pointer rounded-lg px-2 py-2 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
                  onSelect={async () => {
                    await auth.logout();
                    await navigate({ to: '/auth/login' });
                  }}
                >
                  <FormattedMessage id="shell.logout" />
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </div>
    </header>
  );
}

function NavBar() {
  const auth = useAuth();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const entries = NAV.filter((e) => auth.canRead(e.area));
  return (
    <nav className="border-b border-slate-200 bg-white" aria-label="main">
      <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-2 sm:px-4">
        {entries.map((e) => {
          const active = isActive(e.path, pathname);
          return (
            <li key={e.path}>
              <Link
                to={e.path}
                aria-current={active ? 'page' : undefined}
                className={`block whitespace-nowrap border-b-2 px-3 py-3 text-sm font-medium ${active ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
              >
                <FormattedMessage id={e.label} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Top bar, navigation, and the page: full width for the schedule, a max-width container elsewhere. */
export function Shell({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const full = isActive('/schedule', pathname);
  return (
    <div className="min-h-screen bg-slate-50">
      <TopBar />
      <NavBar />
      <main className={full ? 'px-2 py-4 sm:px-4' : 'mx-auto max-w-7xl px-4 py-6'}>{children}</main>
    </div>
  );
}
