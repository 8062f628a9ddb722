import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { canSeeAttention } from '../features/attention/visible';
import { isActive, NAV } from '../lib/areas';
import { useAuth } from '../lib/auth';
import { takeDenied } from '../lib/denied';
import { displayName } from '../lib/display-name';
import { useLocale } from '../lib/i18n';
import { useScreenTitle } from '../lib/screen-title';
import { Avatar } from './Avatar';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { useToast } from './Toaster';

// The bell's panel and the avatar's menu bring a popover library and the bell's rules: not part of the shell's first load.
const AttentionBell = lazy(() => import('../features/attention/AttentionBell').then((m) => ({ default: m.AttentionBell })));
const AccountMenu = lazy(() => import('./AccountMenu').then((m) => ({ default: m.AccountMenu })));

function TopBar() {
  const auth = useAuth();
  const { locale } = useLocale();
  const academy = auth.academies.find((a) => a.id === auth.currentAcademyId);
  const user = auth.user;
  // Signed out (right after logout, before the login page shows): nothing to show.
  if (!user) return null;
  const name = displayName(user, locale);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-2.5">
        <div className="flex min-w-0 items-center gap-3">
          <Link to="/" aria-label="Kora">
            <Logo />
          </Link>
          {academy && (
            <span
              className="hidden min-w-0 items-center gap-2 border-s border-slate-200 ps-3 text-sm font-medium text-slate-600 sm:flex"
              data-testid="academy-name"
            >
              {academy.logo && <img src={academy.logo} alt="" className="size-7 shrink-0 rounded-md object-cover" />}
              <span className="truncate">{displayName(academy, locale)}</span>
            </span>
          )}
        </div>
        <div className="flex items-center gap-2">
          <div className="hidden sm:block">
            <LanguageSwitcher />
          </div>
          {/* Both load after the first paint; until then the same-sized avatar (or the bell's place) stands there. */}
          {canSeeAttention(auth.canRead) && (
            <Suspense fallback={<span className="size-9" aria-hidden="true" />}>
              <AttentionBell />
            </Suspense>
          )}
          <Suspense fallback={<Avatar name={name} src={user.avatar} />}>
            <AccountMenu />
          </Suspense>
        </div>
      </div>
    </header>
  );
}

/** Which logical sides of a horizontal scroller hide more content (RTL scrolls to negative scrollLeft). */
export function overflowSides(el: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>) {
  const hidden = el.scrollWidth - el.clientWidth;
  const pos = Math.abs(el.scrollLeft);
  return { start: hidden > 1 && pos > 1, end: hidden > 1 && pos < hidden - 1 };
}

function Chevron({ side }: { side: 'start' | 'end' }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={`size-5 ${side === 'start' ? 'rotate-180 rtl:rotate-0' : 'rtl:rotate-180'}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      aria-hidden="true"
    >
      <path d="m8 5 5 5-5 5" />
    </svg>
  );
}

/**
 * The navigation strip. On a phone it scrolls sideways: a fade with an arrow marks each side that
 * has more entries (tapping it scrolls that way), and the active entry is scrolled into view.
 */
function NavBar() {
  const auth = useAuth();
  const intl = useIntl();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const entries = NAV.filter((e) => auth.canRead(e.area));
  const list = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    if (!list.current) return;
    const next = overflowSides(list.current);
    setMore((m) => (m.start === next.start && m.end === next.end ? m : next));
  }, []);

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      el.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [measure]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the page or the entries change
  useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    active?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
    measure();
  }, [pathname, entries.length, measure]);

  const scroll = (side: 'start' | 'end') => {
    const el = list.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    const step = el.clientWidth * 0.6 * (side === 'end' ? 1 : -1) * (rtl ? -1 : 1);
    el.scrollBy({ left: step, behavior: 'smooth' });
  };

  return (
    <nav className="relative border-b border-slate-200 bg-white" aria-label={intl.formatMessage({ id: 'shell.navigation' })}>
      <ul ref={list} className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-2 [scrollbar-width:none] sm:px-4">
        {entries.map((e) => {
          const active = isActive(e.path, pathname);
          return (
            <li key={e.path} className="shrink-0">
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
      {(['start', 'end'] as const).map(
        (side) =>
          more[side] && (
            <button
              key={side}
              type="button"
              tabIndex={-1}
              data-testid={`nav-more-${side}`}
              aria-label={intl.formatMessage({ id: side === 'end' ? 'shell.navMore' : 'shell.navBack' })}
              onClick={() => scroll(side)}
              className={`absolute inset-y-0 flex w-12 items-center text-slate-700 ${
                side === 'start'
                  ? 'start-0 justify-start ps-1 bg-gradient-to-r from-white via-white/90 to-transparent rtl:bg-gradient-to-l'
                  : 'end-0 justify-end pe-1 bg-gradient-to-l from-white via-white/90 to-transparent rtl:bg-gradient-to-r'
              }`}
            >
              <Chevron side={side} />
            </button>
          ),
      )}
    </nav>
  );
}

/** Says once why a route guard sent the user here instead of the screen they asked for (lib/denied). */
function useDeniedToast(navigation: string) {
  const toast = useToast();
  const intl = useIntl();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the note is taken again after every navigation
  useEffect(() => {
    const area = takeDenied();
    if (!area) return;
    const label = NAV.find((e) => e.area === area)?.label;
    const name = label ? intl.formatMessage({ id: label }) : area;
    toast(intl.formatMessage({ id: 'shell.denied' }, { area: name }), 'error');
  }, [navigation, toast, intl]);
}

/** Top bar, navigation, and the page: full width for the schedule, a max-width container elsewhere. */
export function Shell({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const full = isActive('/schedule', pathname);
  useScreenTitle(pathname);
  // Every navigation has its own key, also a redirect back to the page already shown.
  useDeniedToast(useRouterState({ select: (s) => s.location.state.__TSR_key ?? s.location.href }));
  return (
    <div className="min-h-screen bg-slate-50">
      <TopBar />
      <NavBar />
      <main className={full ? 'px-2 py-4 sm:px-4' : 'mx-auto max-w-7xl px-4 py-6'}>{children}</main>
    </div>
  );
}
