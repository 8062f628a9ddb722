// Why: the parents' own frame, phone first — the academy at the top, the screen, and a bottom bar of
// the portal's six places (a row of links under the header on wider screens). Not the staff Shell.
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { type ReactElement, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { PageSpinner } from '../../components/Spinner';
import { LoadError } from '../../components/States';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import type { MessageId } from '../../lib/message-ids';
import { useDocumentTitle } from '../../lib/screen-title';
import { familyMeQuery, setFamilySignedOutHandler, useSignOut } from './api';
import { usePortalManifest } from './manifest';

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
    <path d={d} strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

type FamilyPath =
  | '/family'
  | '/family/availability'
  | '/family/progress'
  | '/family/money'
  | '/family/details'
  | '/family/announcements'
  | '/family/notifications';

const NAV: { to: FamilyPath; label: MessageId; icon: ReactElement }[] = [
  { to: '/family', label: 'family.nav.home', icon: icon('M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z') },
  { to: '/family/availability', label: 'family.nav.availability', icon: icon('M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M9 15l2 2 4-4') },
  { to: '/family/progress', label: 'family.nav.progress', icon: icon('M4 20V10M10 20V4M16 20v-7M22 20H2') },
  { to: '/family/money', label: 'family.nav.money', icon: icon('M3 7h18v11H3zM3 11h18M7 15h3') },
  { to: '/family/announcements', label: 'family.nav.announcements', icon: icon('M4 10v4h3l6 4V6L7 10zM17 9a4 4 0 0 1 0 6') },
  { to: '/family/details', label: 'family.nav.details', icon: icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0') },
];

/** Each screen's own title, the browser tab's in the page's language. */
const TITLES: Record<FamilyPath, MessageId> = {
  '/family': 'family.home.title',
  '/family/availability': 'family.availability.title',
  '/family/progress': 'family.progress.title',
  '/family/money': 'family.money.title',
  '/family/details': 'family.details.title',
  '/family/announcements': 'family.announcements.title',
  '/family/notifications': 'family.notifications.title',
};

const isFamilyPath = (path: string): path is FamilyPath => Object.hasOwn(TITLES, path);

export function FamilyLayout() {
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const me = useQuery(familyMeQuery);
  const signOut = useSignOut();
  usePortalManifest(locale);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const path = pathname.replace(/\/+$/, '');
  useDocumentTitle(isFamilyPath(path) ? TITLES[path] : 'family.nav.label');
  useEffect(() => {
    setFamilySignedOutHandler(() => void navigate({ to: '/family/sign-in' }));
  }, [navigate]);

  if (me.isPending) return <PageSpinner />;
  if (me.isError)
    return (
      <div className="mx-auto max-w-lg p-4">
        <LoadError onRetry={() => void me.refetch()} retrying={me.isFetching}>
          {errorText(me.error, 'family.loadFailed')}
        </LoadError>
      </div>
    );
  const academy = me.data.academy;
  return (
    <div className="min-h-dvh bg-slate-50 pb-20 sm:pb-8">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-2.5">
          <div className="flex min-w-0 items-center gap-2">
            {academy.logo ? (
              <img src={academy.logo} alt="" className="size-8 shrink-0 rounded-md object-cover" />
            ) : (
              <span
                aria-hidden="true"
                className="grid size-8 shrink-0 place-items-center rounded-md bg-brand-700 text-sm font-bold text-white"
              >
                {displayName(academy, locale).slice(0, 1)}
              </span>
            )}
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900" data-testid="family-academy">
                {displayName(academy, locale)}
              </p>
              <p className="truncate text-xs text-slate-500">{displayName(me.data.parent, locale)}</p>
            </div>
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <Link
              to="/family/notifications"
              className="grid size-9 place-items-center rounded-md text-slate-600 hover:bg-slate-100"
              activeProps={{ className: 'bg-brand-50 text-brand-800', 'aria-current': 'page' }}
              aria-label={intl.formatMessage({ id: 'family.notifications.title' })}
              title={intl.formatMessage({ id: 'family.notifications.title' })}
              data-testid="family-notifications-link"
            >
              {icon('M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10 20a2 2 0 0 0 4 0')}
            </Link>
            <LanguageSwitcher />
            <button
              type="button"
              className="rounded-md px-2 py-1.5 text-xs font-medium text-slate-600 hover:bg-slate-100"
              disabled={signOut.isPending}
              onClick={() => signOut.mutate(undefined, { onSettled: () => void navigate({ to: '/family/sign-in' }) })}
              data-testid="family-sign-out"
            >
              <FormattedMessage id="family.signOut" />
            </button>
          </div>
        </div>
        <nav aria-label={intl.formatMessage({ id: 'family.nav.label' })} className="mx-auto hidden max-w-3xl gap-1 px-4 pb-2 sm:flex">
          {NAV.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              activeOptions={{ exact: true, includeSearch: false }}
              className="rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100"
              activeProps={{ className: 'bg-brand-50 text-brand-800', 'aria-current': 'page' }}
            >
              <FormattedMessage id={item.label} />
            </Link>
          ))}
        </nav>
      </header>
      <main className="mx-auto max-w-3xl space-y-4 px-4 py-4">
        <Outlet />
      </main>
      <nav
        aria-label={intl.formatMessage({ id: 'family.nav.label' })}
        className="fixed inset-x-0 bottom-0 z-20 grid grid-cols-6 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] sm:hidden"
        data-testid="family-bottom-nav"
      >
        {NAV.map((item) => (
          <Link
            key={item.to}
            to={item.to}
            activeOptions={{ exact: true, includeSearch: false }}
            className="flex min-h-14 flex-col items-center justify-center gap-0.5 px-0.5 text-[11px] leading-tight font-medium text-slate-500"
            activeProps={{ className: 'text-brand-700', 'aria-current': 'page' }}
          >
            {item.icon}
            <span className="max-w-full truncate">
              <FormattedMessage id={item.label} />
            </span>
          </Link>
        ))}
      </nav>
    </div>
  );
}
