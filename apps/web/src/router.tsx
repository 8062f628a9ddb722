import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { pendingOptions, showWaits } from './components/Spinner';
import { currentHost } from './lib/host';
import { storage } from './lib/storage';
import type { MessagePart } from './locales/parts';
import { announcementsRoute } from './routes/app/announcements.route';
import { appRoute } from './routes/app/app.route';
import { coachesRoute } from './routes/app/coaches.route';
import { dashboardRoute } from './routes/app/dashboard.route';
import { growthPlayerRoute, growthRoute } from './routes/app/growth.route';
import { playerRoute, playersRoute } from './routes/app/players.route';
import { attendanceReportRoute, scheduleRoute } from './routes/app/schedule.route';
import { academyProfileRoute } from './routes/app/settings/academy.route';
import { messagesRoute } from './routes/app/settings/messages.route';
import { packagesRoute } from './routes/app/settings/packages.route';
import { paymentsHistoryRoute } from './routes/app/settings/payments-history.route';
import { privacySettingsRoute } from './routes/app/settings/privacy.route';
import { privilegesRoute } from './routes/app/settings/privileges.route';
import { settingsRoute } from './routes/app/settings/settings.route';
import { subscriptionsRoute } from './routes/app/settings/subscriptions.route';
import { teamsAliasRoute, teamsRoute } from './routes/app/teams.route';
import { trainingsRoute } from './routes/app/trainings.route';
import { authRoute } from './routes/auth/auth.route';
import { forgotPasswordRoute } from './routes/auth/forgot-password.route';
import { loginRoute } from './routes/auth/login.route';
import { registerAcademyRoute } from './routes/auth/register-academy.route';
import { registerParentRoute } from './routes/auth/register-parent.route';
import { resetPasswordRoute, resetPasswordTokenRoute } from './routes/auth/reset-password.route';
import { familyRoutes } from './routes/family/family.route';
import { confirmOwnerRoute } from './routes/owner/confirm-owner.route';
import { invoiceRoute } from './routes/payments/invoice.route';
import { familyPaymentRoute, initialPaymentRoute, renewPaymentRoute } from './routes/payments/payment.route';
import { paymentSuccessRoute } from './routes/payments/payment-success.route';
import { refundPolicyRoute } from './routes/payments/refund-policy.route';
import { type RouterContext, rootRoute } from './routes/root';
import { landingRoute, landingSplatRoute } from './routes/site/landing.route';
import { publicPageRoutes } from './routes/site/public-pages.route';

// Every route is a module of its own under routes/ (path, search validator, loader, lazily loaded
// screen); this file only assembles the two trees and the router.

/** What both host kinds serve: /auth, the public pages, the payment pages and the invoice viewer. */
const sharedRoutes = () => [
  authRoute.addChildren([
    loginRoute,
    registerAcademyRoute,
    registerParentRoute,
    forgotPasswordRoute,
    resetPasswordTokenRoute,
    resetPasswordRoute,
  ]),
  ...publicPageRoutes,
  initialPaymentRoute,
  renewPaymentRoute,
  paymentSuccessRoute,
  refundPolicyRoute,
  invoiceRoute,
];

/** The root domain: the public site; any unlisted path shows the landing page. */
const rootHostTree = () => rootRoute.addChildren([landingRoute, ...sharedRoutes(), landingSplatRoute]);

/** An academy's subdomain: the signed-in app (behind authentication and per-screen read permissions) and the shared pages. */
const academyTree = () =>
  rootRoute.addChildren([
    ...sharedRoutes(),
    ...familyRoutes(),
    familyPaymentRoute,
    confirmOwnerRoute,
    appRoute.addChildren([
      dashboardRoute,
      trainingsRoute,
      teamsRoute,
      teamsAliasRoute,
      playersRoute,
      announcementsRoute,
      playerRoute,
      coachesRoute,
      scheduleRoute,
      attendanceReportRoute,
      growthRoute,
      growthPlayerRoute,
      settingsRoute.addChildren([
        subscriptionsRoute,
        privilegesRoute,
        packagesRoute,
        paymentsHistoryRoute,
        messagesRoute,
        privacySettingsRoute,
        academyProfileRoute,
      ]),
    ]),
  ]);

/**
 * Router constants (docs/domain.md, "Shared controls and waits": preload on intent; a wait shows its spinner after
 * `SPINNER_AFTER_MS`, see `showWaits`).
 */
const PRELOAD: 'intent' = 'intent';
const options = (queryClient: QueryClient) => ({
  context: { queryClient } satisfies RouterContext,
  defaultPreload: PRELOAD,
  defaultPreloadDelay: 50,
  ...pendingOptions,
  defaultGcTime: 5 * 60_000,
  defaultPreloadStaleTime: 30_000,
});

// One tree per page load (the trees share the root route, so only one is ever built).
const makeRootHostRouter = (queryClient: QueryClient) => showWaits(createRouter({ routeTree: rootHostTree(), ...options(queryClient) }));
const makeAcademyRouter = (queryClient: QueryClient) => showWaits(createRouter({ routeTree: academyTree(), ...options(queryClient) }));

export type RootHostRouter = ReturnType<typeof makeRootHostRouter>;
export type AcademyRouter = ReturnType<typeof makeAcademyRouter>;

/** The router of this page's host kind. */
export function makeRouter(queryClient: QueryClient): RootHostRouter | AcademyRouter {
  return currentHost().kind === 'academy' ? makeAcademyRouter(queryClient) : makeRootHostRouter(queryClient);
}

/**
 * On an academy host with a stored session, at once, beside the session check and the language's
 * messages: the screen's data (the GETs its routes declare in `staticData.early`), then the queries'
 * modules its loaders import, then the code of its layouts and screen. Nothing waits for the first
 * render; in that order, because a phone's connection fetches a few files at a time.
 */
export function loadScreenCode(router: RootHostRouter | AcademyRouter) {
  if (currentHost().kind !== 'academy' || !storage.signedIn()) return;
  const { pathname, search } = router.latestLocation;
  const [routes] = router.getMatchedRoutes(pathname);
  for (const route of routes) route.options.staticData?.early?.({ search });
  // A failure here is retried by the navigation itself, which reports it.
  for (const route of routes) route.options.staticData?.queries?.().catch(() => undefined);
  for (const route of routes) router.loadRouteChunk(route)?.catch(() => undefined);
}

/** The catalogs' parts (locales/parts.ts) the first page needs before it renders: the signed-in staff app only `core`. */
export function firstMessageParts(router: RootHostRouter | AcademyRouter): MessagePart[] {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  const staff = currentHost().kind === 'academy' && storage.signedIn() && routes.some((route) => route.id === '/app');
  return staff ? ['core'] : ['core', 'public'];
}

// The academy tree is the one registered: the app's screens check their links and hooks against it.
// Screens the root host serves check theirs against the trees they are part of (routes/links.tsx).
declare module '@tanstack/react-router' {
  interface Register {
    router: AcademyRouter;
  }
}
