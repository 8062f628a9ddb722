import { type Area, riyadhToday } from '@kora/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { layoutPending, NavigationProgress, pendingOptions, showWaits } from './components/Spinner';
import { currentMonth, monthParam } from './features/payments/month';
import type { PaymentSuccessSearch } from './features/payments/PaymentSuccessPage';
import type { RefundPolicySearch } from './features/payments/RefundPolicyPage';
import { weekOf, weekParam, weekRange } from './features/schedule/week';
import { AREA_ROUTES } from './lib/areas';
import { authSnapshot } from './lib/auth';
import { noteDenied } from './lib/denied';
import { currentHost } from './lib/host';
import { initialLocale } from './lib/i18n';
import { listSearch } from './lib/list-search';
import { storage } from './lib/storage';
import { NoDashboard } from './routes/app/no-access';
import { SettingsLayout } from './routes/app/settings';
import { ErrorFallback, NotFoundPage } from './routes/fallbacks';
import { LandingPage } from './routes/landing';
import { PUBLIC_PAGES, PublicPage } from './routes/public-page';

export interface RouterContext {
  queryClient: QueryClient;
}

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
const DashboardScreen = lazyRouteComponent(() => import('./features/dashboard/DashboardPage'), 'DashboardPage');
const trainingsPage = lazyRouteComponent(() => import('./features/trainings/TrainingsPage'), 'TrainingsPage');
const schedulePage = lazyRouteComponent(() => import('./features/schedule/SchedulePage'), 'SchedulePage');
const attendanceReportPage = lazyRouteComponent(() => import('./features/attendance-reports/AttendanceReportPage'), 'AttendanceReportPage');
const privilegesPage = lazyRouteComponent(() => import('./features/settings/PrivilegesPage'), 'PrivilegesPage');
const academyProfilePage = lazyRouteComponent(() => import('./features/settings/AcademyPage'), 'AcademyPage');
const subscriptionsPage = lazyRouteComponent(() => import('./features/subscriptions/SubscriptionsPage'), 'SubscriptionsPage');
const packagesPage = lazyRouteComponent(() => import('./features/packages/PackagesPage'), 'PackagesPage');
const growthPage = lazyRouteComponent(() => import('./features/growth/GrowthPage'), 'GrowthPage');
const growthDetailPage = lazyRouteComponent(() => import('./features/growth/GrowthDetailPage'), 'GrowthDetailPage');
const paymentsHistoryPage = lazyRouteComponent(() => import('./features/payments/PaymentsHistoryPage'), 'PaymentsHistoryPage');
const invoiceViewerPage = lazyRouteComponent(() => import('./features/payments/InvoiceViewerPage'), 'InvoiceViewerPage');
const initialPaymentPage = lazyRouteComponent(() => import('./features/payments/PaymentPage'), 'InitialPaymentPage');
const renewPaymentPage = lazyRouteComponent(() => import('./features/payments/PaymentPage'), 'RenewPaymentPage');
const paymentSuccessPage = lazyRouteComponent(() => import('./features/payments/PaymentSuccessPage'), 'PaymentSuccessPage');
const refundPolicyPage = lazyRouteComponent(() => import('./features/payments/RefundPolicyPage'), 'RefundPolicyPage');

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** Search params of the screens, validated once here and typed for their components. */
export interface LoginSearch {
  redirect?: string;
  registered?: boolean;
  email?: string;
}
const loginSearch = (s: Record<string, unknown>): LoginSearch => ({
  redirect: text(s.redirect),
  registered: s.registered === true || s.registered === 'true' ? true : undefined,
  email: text(s.email),
});
export interface TeamsSearch {
  teamId?: string;
  mode?: 'create';
}
const teamsSearch = (s: Record<string, unknown>): TeamsSearch => ({
  teamId: text(s.teamId),
  mode: s.mode === 'create' ? 'create' : undefined,
});

/** My Trainings and the schedule: the week shown (`?week=`, any day of it; none is this week), and the training opened. */
export interface WeekSearch {
  week?: string;
}
export interface TrainingsSearch extends WeekSearch {
  eventId?: string;
}
const weekSearch = (s: Record<string, unknown>): WeekSearch => ({ week: weekParam(s.week) });
/** The payments history: the month shown (`?month=yyyy-MM`; none is this month). */
export interface PaymentsHistorySearch {
  month?: string;
}
const paymentsHistorySearch = (s: Record<string, unknown>): PaymentsHistorySearch => ({ month: monthParam(s.month) });
const trainingsSearch = (s: Record<string, unknown>): TrainingsSearch => ({ week: weekParam(s.week), eventId: text(s.eventId) });
/** The long lists: their filters and how many rows they show (lib/list-search.ts). */
const playersSearch = listSearch('q', 'team', 'gender', 'age', 'condition', 'nationality', 'neighborhood');
const growthSearch = listSearch('q', 'team', 'ageGroup');
/** The list query of a `?week=`, in the language the screen will start its week with. */
const weekQuery = (week: string | undefined) => weekRange(weekOf(week, initialLocale()).start);
/** The events' queries load with their screens (the event contracts are not part of the first bundle). */
const eventQueries = () => import('./features/schedule/api');
// Loaded with the screens, like their components, so the public site's first page carries no area code.
const teamQueries = () => import('./features/teams/api');
const playerQueries = () => import('./features/players/api');
const growthQueries = () => import('./features/growth/api');
const subscriptionQueries = () => import('./features/subscriptions/api');
const paymentQueries = () => import('./features/payments/invoices');

/** Loaders fill the cache the screens read (the same queryOptions), and leave failures for the screen to show. */
const warm = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    () => undefined,
  );

/** The routes of both host kinds; the host decides which children the root gets (see `makeRouter`). */
const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFoundPage,
  errorComponent: ({ error }) => <ErrorFallback error={error} />,
});

// ── /auth: a signed-in user (a stored token) is sent to / ─────────────────────
const authGroup = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth',
  beforeLoad: () => {
    if (storage.token()) throw redirect({ to: '/' });
  },
});
const authRoutes = authGroup.addChildren([
  createRoute({ getParentRoute: () => authGroup, path: 'login', validateSearch: loginSearch, component: loginPage }),
  createRoute({ getParentRoute: () => authGroup, path: 'register/academy', component: registerAcademy }),
  createRoute({
    getParentRoute: () => authGroup,
    path: 'register/parent',
    validateSearch: (s: Record<string, unknown>): { academy?: string } => ({ academy: text(s.academy) }),
    component: registerParent,
  }),
  createRoute({ getParentRoute: () => authGroup, path: 'forgot-password', component: forgotPage }),
  createRoute({ getParentRoute: () => authGroup, path: 'reset-password/$token', component: resetPage }),
  createRoute({ getParentRoute: () => authGroup, path: 'reset-password', component: resetPage }),
]);

const publicPages = PUBLIC_PAGES.map((page) =>
  createRoute({ getParentRoute: () => rootRoute, path: page, component: () => <PublicPage page={page} /> }),
);
// The public payment pages (the link is the subscription's id), on the main domain and on academy subdomains.
// `?payment=` names the payment the payer came back from; its outcome is read from the server.
const paymentSearch = (s: Record<string, unknown>): { payment?: string } => ({ payment: text(s.payment) });
const paymentPages = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: 'initial-subscription/$id',
    validateSearch: paymentSearch,
    component: initialPaymentPage,
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: 'renew-subscription/$id',
    validateSearch: paymentSearch,
    component: renewPaymentPage,
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: 'payment/success',
    validateSearch: (s: Record<string, unknown>): PaymentSuccessSearch => ({ ref: text(s.ref) }),
    component: paymentSuccessPage,
  }),
  // The academy's refund and cancellation policy (its own host's, or `?academy=` on the root).
  createRoute({
    getParentRoute: () => rootRoute,
    path: 'refund-policy',
    validateSearch: (s: Record<string, unknown>): RefundPolicySearch => ({ academy: text(s.academy) }),
    component: refundPolicyPage,
  }),
];

// The invoice viewer (public: the invoice's id is its key), on the main domain and on academy subdomains.
const invoiceViewerRoute = createRoute({ getParentRoute: () => rootRoute, path: 'subscription-invoice/$id', component: invoiceViewerPage });

// ── root domain: the public site; any unlisted path shows the landing page ────
const rootChildren = [
  createRoute({ getParentRoute: () => rootRoute, path: '/', component: LandingPage }),
  authRoutes,
  ...publicPages,
  ...paymentPages,
  invoiceViewerRoute,
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
  ...layoutPending,
});

/** Without the area's read permission: back to the dashboard, which says why (never silently). */
const requireRead = (area: Area) => (ctx?: { preload?: boolean }) => {
  if (!authSnapshot().canRead(area)) {
    // A hover preload (links preload on intent) is not a visit: no toast for it.
    if (!ctx?.preload) noteDenied(area);
    throw redirect({ to: '/' });
  }
};
/** Path and guard of an area's route, from the registry that also feeds the navigation. */
const areaRoute = <A extends Area>(area: A) => ({
  getParentRoute: () => appLayout,
  path: AREA_ROUTES[area].path,
  beforeLoad: requireRead(area),
});

const settingsRoute = createRoute({ ...areaRoute('Settings'), component: SettingsLayout, ...layoutPending });

const appChildren = appLayout.addChildren([
  createRoute({
    getParentRoute: () => appLayout,
    path: AREA_ROUTES.Dashboard.path,
    loader: ({ context }) =>
      authSnapshot().canRead('Dashboard')
        ? warm(
            eventQueries().then(({ statsQuery, eventsQuery, dashboardRange }) =>
              Promise.all([statsQuery, eventsQuery(dashboardRange(riyadhToday()))].map((q) => context.queryClient.ensureQueryData(q))),
            ),
          )
        : undefined,
    component: () => (authSnapshot().canRead('Dashboard') ? <DashboardScreen /> : <NoDashboard />),
  }),
  createRoute({
    ...areaRoute('MyTrainings'),
    validateSearch: trainingsSearch,
    loaderDeps: ({ search }) => ({ week: search.week }),
    loader: ({ context, deps }) =>
      warm(
        eventQueries().then(({ eventsQuery }) =>
          context.queryClient.ensureQueryData(eventsQuery({ ...weekQuery(deps.week), coachId: authSnapshot().user?.id })),
        ),
      ),
    component: trainingsPage,
  }),
  createRoute({
    ...areaRoute('ManageTeam'),
    validateSearch: teamsSearch,
    loader: ({ context }) =>
      warm(
        teamQueries().then((q) =>
          Promise.all([q.teamsQuery, q.coachesQuery, q.playersQuery].map((o) => context.queryClient.ensureQueryData(o))),
        ),
      ),
    component: teamsPage,
  }),
  // The spec's /app/teams is an alias of /teams.
  createRoute({
    getParentRoute: () => appLayout,
    path: 'app/teams',
    validateSearch: teamsSearch,
    beforeLoad: ({ search }) => {
      throw redirect({ to: '/teams', search });
    },
  }),
  createRoute({
    ...areaRoute('Players'),
    validateSearch: playersSearch,
    loader: ({ context }) =>
      warm(teamQueries().then((q) => Promise.all([q.playersQuery, q.teamsQuery].map((o) => context.queryClient.ensureQueryData(o))))),
    component: playersPage,
  }),
  createRoute({
    ...areaRoute('Players'),
    path: `${AREA_ROUTES.Players.path}/$playerId`,
    loader: ({ context, params }) =>
      warm(
        playerQueries().then((q) =>
          Promise.all(
            [q.playerQuery(params.playerId), q.participationsQuery(params.playerId), q.sessionsQuery(params.playerId)].map((o) =>
              context.queryClient.ensureQueryData(o),
            ),
          ),
        ),
      ),
    component: playerDetailPage,
  }),
  createRoute({
    ...areaRoute('Coaches'),
    loader: ({ context }) =>
      warm(teamQueries().then((q) => Promise.all([q.coachesQuery, q.teamsQuery].map((o) => context.queryClient.ensureQueryData(o))))),
    component: coachesPage,
  }),
  createRoute({
    ...areaRoute('Schedule'),
    validateSearch: weekSearch,
    loaderDeps: ({ search }) => ({ week: search.week }),
    loader: ({ context, deps }) =>
      warm(
        Promise.all([
          teamQueries().then((q) => context.queryClient.ensureQueryData(q.teamsQuery)),
          eventQueries().then(({ eventsQuery }) => context.queryClient.ensureQueryData(eventsQuery(weekQuery(deps.week)))),
        ]),
      ),
    component: schedulePage,
  }),
  // The attendance report is the schedule's (R:Schedule, docs/domain.md).
  createRoute({
    ...areaRoute('Schedule'),
    path: `${AREA_ROUTES.Schedule.path}/attendance`,
    loader: ({ context }) => warm(teamQueries().then((q) => context.queryClient.ensureQueryData(q.teamsQuery))),
    component: attendanceReportPage,
  }),
  createRoute({
    ...areaRoute('Growth'),
    validateSearch: growthSearch,
    loader: ({ context }) => warm(growthQueries().then((q) => context.queryClient.ensureQueryData(q.growthPlayersQuery))),
    component: growthPage,
  }),
  createRoute({
    ...areaRoute('Growth'),
    path: `${AREA_ROUTES.Growth.path}/$playerId`,
    loader: ({ context, params }) =>
      warm(
        growthQueries().then((q) =>
          Promise.all([
            context.queryClient.ensureQueryData(q.growthPlayersQuery),
            context.queryClient.ensureQueryData(q.playerGrowthQuery(params.playerId)),
            context.queryClient.ensureQueryData(q.growthMediansQuery(params.playerId)),
          ]),
        ),
      ),
    component: growthDetailPage,
  }),
  settingsRoute.addChildren([
    createRoute({
      getParentRoute: () => settingsRoute,
      path: '/',
      loader: ({ context }) => warm(subscriptionQueries().then((q) => context.queryClient.ensureQueryData(q.subscriptionsQuery))),
      component: subscriptionsPage,
    }),
    createRoute({ getParentRoute: () => settingsRoute, path: 'privileges', component: privilegesPage }),
    createRoute({ getParentRoute: () => settingsRoute, path: 'packages', component: packagesPage }),
    createRoute({
      getParentRoute: () => settingsRoute,
      path: 'payments-history',
      validateSearch: paymentsHistorySearch,
      loaderDeps: ({ search }) => ({ month: search.month }),
      loader: ({ context, deps }) =>
        warm(paymentQueries().then((q) => context.queryClient.ensureQueryData(q.invoicesQuery(deps.month ?? currentMonth())))),
      component: paymentsHistoryPage,
    }),
    createRoute({ getParentRoute: () => settingsRoute, path: 'academy', component: academyProfilePage }),
  ]),
]);
const academyChildren = [authRoutes, appChildren, ...publicPages, ...paymentPages, invoiceViewerRoute];

/**
 * Router constants of the spec (preload on intent; a wait shows its spinner after
 * `SPINNER_AFTER_MS`, see `showWaits`); one route tree per host kind.
 */
export function makeRouter(queryClient: QueryClient) {
  const router = createRouter({
    // One tree per page load. Both share the root, /auth and the public pages; the academy tree's
    // type is the one registered, so typed links and hooks check against the app's routes.
    routeTree: rootRoute.addChildren((currentHost().kind === 'academy' ? academyChildren : rootChildren) as typeof academyChildren),
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadDelay: 50,
    ...pendingOptions,
    defaultGcTime: 5 * 60_000,
    defaultPreloadStaleTime: 30_000,
    defaultNotFoundComponent: NotFoundPage,
  });
  return showWaits(router);
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}
