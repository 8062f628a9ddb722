import type { Area } from '@kora/contracts';
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { PageSpinner } from './components/Spinner';
import { authSnapshot } from './lib/auth';
import { currentHost } from './lib/host';
import { storage } from './lib/storage';
import { AreaPage } from './routes/app/area-page';
import { NoDashboard } from './routes/app/no-access';
import { SettingsLayout } from './routes/app/settings';
import type { LoginSearch } from './routes/auth/login';
import { ErrorFallback, NotFoundPage } from './routes/fallbacks';
import { LandingPage } from './routes/landing';
import { PublicPage, type PublicPageName } from './routes/public-page';

// The phone, country and date controls (flags, metadata, calendars) load only with the screens that use them.
const registerAcademy = lazyRouteComponent(() => import('./routes/auth/register-academy'), 'RegisterAcademyPage');
const registerParent = lazyRouteComponent(() => import('./routes/auth/register-parent'), 'RegisterParentPage');
const loginPage = lazyRouteComponent(() => import('./routes/auth/login'), 'LoginPage');
const forgotPage = lazyRouteComponent(() => import('./routes/auth/forgot-password'), 'ForgotPasswordPage');
const resetPage = lazyRouteComponent(() => import('./routes/auth/reset-password'), 'ResetPasswordPage');
const appLayoutComponent = lazyRouteComponent(() => import('./routes/app/layout'), 'AppLayout');
const teamsPage = lazyRouteComponent(() => import('./features/teams/TeamsPage'), 'TeamsPage');
const playersPage = lazyRouteComponent(() => import('./features/players/PlayersPage'), 'PlayersPage');
const playerDetailPage = lazyRouteComponent(() => import('./features/players/PlayerDetailPage'), 'PlayerDetailPage');
const coachesPage = lazyRouteComponent(() => import('./features/coaches/CoachesPage'), 'CoachesPage');

/** Builds the route tree of one host kind; each call makes fresh routes (addChildren mutates its parent). */
function buildTree(kind: 'root' | 'academy') {
  const rootRoute = createRootRoute({
    component: Outlet,
    notFoundComponent: NotFoundPage,
    errorComponent: ({ error }) => <ErrorFallback error={error} />,
    pendingComponent: PageSpinner,
  });

  // ── /auth: a signed-in user (a stored token) is sent to / ─────────────────────
  const authGroup = createRoute({
    getParentRoute: () => rootRoute,
    path: 'auth',
    beforeLoad: () => {
      if (storage.token()) throw redirect({ to: '/' });
    },
  });
  const loginRoute = createRoute({
    getParentRoute: () => authGroup,
    path: 'login',
    validateSearch: (s: Record<string, unknown>): LoginSearch => ({
      redirect: typeof s.redirect === 'string' ? s.redirect : undefined,
      registered: s.registered === true || s.registered === 'true' ? true : undefined,
      email: typeof s.email === 'string' ? s.email : undefined,
    }),
    component: loginPage,
  });
  const authRoutes = authGroup.addChildren([
    loginRoute,
    createRoute({ getParentRoute: () => authGroup, path: 'register/academy', component: registerAcademy }),
    createRoute({
      getParentRoute: () => authGroup,
      path: 'register/parent',
      validateSearch: (s: Record<string, unknown>) => ({ academy: typeof s.academy === 'string' ? s.academy : undefined }),
      component: registerParent,
    }),
    createRoute({ getParentRoute: () => authGroup, path: 'forgot-password', component: forgotPage }),
    createRoute({ getParentRoute: () => authGroup, path: 'reset-password/$token', component: resetPage }),
    createRoute({ getParentRoute: () => authGroup, path: 'reset-password', component: resetPage }),
  ]);

  const publicPages = (['pricing', 'about', 'contact', 'terms', 'privacy'] as PublicPageName[]).map((page) =>
    createRoute({ getParentRoute: () => rootRoute, path: page, component: () => <PublicPage page={page} /> }),
  );

  // ── root domain: the public site; any unlisted path shows the landing page ────
  const rootChildren = [
    createRoute({ getParentRoute: () => rootRoute, path: '/', component: LandingPage }),
    authRoutes,
    ...publicPages,
    createRoute({ getParentRoute: () => rootRoute, path: '$', component: LandingPage }),
  ];

  // ── academy subdomain: the app, behind authentication and per-screen read permissions ──
  const appLayout = createRoute({
    getParentRoute: () => rootRoute,
    id: 'app',
    beforeLoad: ({ location }) => {
      if (authSnapshot().status !== 'authenticated') {
        throw redirect({ to: '/auth/login', search: { redirect: location.href } });
      }
    },
    component: appLayoutComponent,
  });
  const requireRead = (area: Area) => () => {
    if (!authSnapshot().canRead(area)) throw redirect({ to: '/' });
  };
  const area = (path: string, permission: Area, title: string, component?: (() => ReactElement) | typeof teamsPage) =>
    createRoute({
      getParentRoute: () => appLayout,
      path,
      beforeLoad: requireRead(permission),
      component: component ?? (() => <AreaPage title={title} />),
    });

  const teamsSearch = (s: Record<string, unknown>) => ({
    teamId: typeof s.teamId === 'string' ? s.teamId : undefined,
    mode: s.mode === 'create' ? ('create' as const) : undefined,
  });
  const settingsRoute = createRoute({
    getParentRoute: () => appLayout,
    path: 'settings',
    beforeLoad: requireRead('Settings'),
    component: SettingsLayout,
  });
  const settingsPage = (path: string, title: string) =>
    createRoute({ getParentRoute: () => settingsRoute, path, component: () => <AreaPage title={title} /> });

  const academyChildren = [
    authRoutes,
    appLayout.addChildren([
      createRoute({
        getParentRoute: () => appLayout,
        path: '/',
        component: () => (authSnapshot().canRead('Dashboard') ? <AreaPage title="nav.dashboard" /> : <NoDashboard />),
      }),
      area('trainings', 'MyTrainings', 'nav.trainings'),
      createRoute({
        getParentRoute: () => appLayout,
        path: 'teams',
        validateSearch: teamsSearch,
        beforeLoad: requireRead('ManageTeam'),
        component: teamsPage,
      }),
      createRoute({
        getParentRoute: () => appLayout,
        path: 'app/teams',
        validateSearch: teamsSearch,
        beforeLoad: ({ search }) => {
          throw redirect({ to: '/teams', search });
        },
      }),
      area('players', 'Players', 'nav.players', playersPage),
      area('players/$playerId', 'Players', 'players.detail', playerDetailPage),
      area('coaches', 'Coaches', 'nav.coaches', coachesPage),
      area('schedule', 'Schedule', 'nav.schedule'),
      area('growth', 'Growth', 'nav.growth'),
      area('growth/$playerId', 'Growth', 'growth.detail'),
      settingsRoute.addChildren([
        settingsPage('/', 'settings.subscriptions'),
        settingsPage('privileges', 'settings.privileges'),
        settingsPage('packages', 'settings.packages'),
        settingsPage('payments-history', 'settings.payments'),
        settingsPage('academy', 'settings.academy'),
      ]),
    ]),
    ...publicPages,
  ];

  // The route type is the same either way; the cast keeps the router's generic inference to one tree.
  return rootRoute.addChildren((kind === 'academy' ? academyChildren : rootChildren) as typeof academyChildren);
}

/** Router constants of spec part 1 §9 (preload on intent). */
export function makeRouter() {
  return createRouter({
    routeTree: buildTree(currentHost().kind),
    defaultPreload: 'intent',
    defaultPreloadDelay: 50,
    defaultPendingMs: 1000,
    defaultPendingMinMs: 500,
    defaultGcTime: 5 * 60_000,
    defaultPreloadStaleTime: 30_000,
    defaultNotFoundComponent: NotFoundPage,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}
