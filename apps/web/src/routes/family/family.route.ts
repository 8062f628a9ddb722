import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { familySignedIn } from '../../features/family/session';
import { rootRoute } from '../root';
import { text, warm } from '../search';

// The portal's queries, loaded with the screens' code: each loader asks for its data beside the others
// (the parent's session and the home page's cards at once), not after the layout has rendered.
const familyQueries = () => import('../../features/family/api');

// The parents' portal on an academy's host: its own layout and screens, each loaded lazily,
// so none of it is in the staff shell's bundle.

/** `?child=` picks one of the parent's children on the screens that show one child at a time. */
export interface FamilyChildSearch {
  child?: string;
}
const childSearch = (s: Record<string, unknown>): FamilyChildSearch => ({ child: text(s.child) });

/** The payments page: `?payment=` names a family checkout the payer came back from when it did not go through. */
export interface FamilyMoneySearch extends FamilyChildSearch {
  payment?: string;
}
const moneySearch = (s: Record<string, unknown>): FamilyMoneySearch => ({ ...childSearch(s), payment: text(s.payment) });

/** The sign-in: the address, then the code (or the mailed link, whose token is in the fragment). */
export const familySignInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'family/sign-in',
  component: lazyRouteComponent(() => import('../../features/family/SignInPage'), 'FamilySignInPage'),
});

/** The signed-in portal: without a parent signed in on this device (its marker), the sign-in. */
export const familyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'family',
  beforeLoad: () => {
    if (!familySignedIn()) throw redirect({ to: '/family/sign-in' });
  },
  // A refused session (`asParent` clears the marker) goes back to the sign-in; other failures are the layout's to show.
  loader: ({ context }) =>
    familyQueries()
      .then((q) => context.queryClient.ensureQueryData(q.familyMeQuery))
      .then(
        () => undefined,
        () => {
          if (!familySignedIn()) throw redirect({ to: '/family/sign-in' });
        },
      ),
  component: lazyRouteComponent(() => import('../../features/family/FamilyLayout'), 'FamilyLayout'),
});

export const familyHomeRoute = createRoute({
  getParentRoute: () => familyRoute,
  path: '/',
  loader: ({ context }) => warm(familyQueries().then((q) => context.queryClient.ensureQueryData(q.familyHomeQuery))),
  component: lazyRouteComponent(() => import('../../features/family/HomePage'), 'FamilyHomePage'),
});

export const familyAvailabilityRoute = createRoute({
  getParentRoute: () => familyRoute,
  path: 'availability',
  component: lazyRouteComponent(() => import('../../features/family/AvailabilityPage'), 'FamilyAvailabilityPage'),
});

export const familyProgressRoute = createRoute({
  getParentRoute: () => familyRoute,
  path: 'progress',
  validateSearch: childSearch,
  component: lazyRouteComponent(() => import('../../features/family/ProgressPage'), 'FamilyProgressPage'),
});

export const familyMoneyRoute = createRoute({
  getParentRoute: () => familyRoute,
  path: 'money',
  validateSearch: moneySearch,
  component: lazyRouteComponent(() => import('../../features/family/MoneyPage'), 'FamilyMoneyPage'),
});

export const familyDetailsRoute = createRoute({
  getParentRoute: () => familyRoute,
  path: 'details',
  component: lazyRouteComponent(() => import('../../features/family/DetailsPage'), 'FamilyDetailsPage'),
});

export const familyAnnouncementsRoute = createRoute({
  getParentRoute: () => familyRoute,
  path: 'announcements',
  component: lazyRouteComponent(() => import('../../features/family/AnnouncementsPage'), 'FamilyAnnouncementsPage'),
});

/** The parent's message choices: channels per kind, quiet hours, WhatsApp's opt-in, this device's notifications. */
export const familyNotificationsRoute = createRoute({
  getParentRoute: () => familyRoute,
  path: 'notifications',
  loader: ({ context }) => warm(familyQueries().then((q) => context.queryClient.ensureQueryData(q.familyNotificationsQuery))),
  component: lazyRouteComponent(() => import('../../features/family/NotificationsPage'), 'FamilyNotificationsPage'),
});

/** The portal's routes, as the academy tree adds them. */
export const familyRoutes = () =>
  [
    familySignInRoute,
    familyRoute.addChildren([
      familyHomeRoute,
      familyAvailabilityRoute,
      familyProgressRoute,
      familyMoneyRoute,
      familyDetailsRoute,
      familyAnnouncementsRoute,
      familyNotificationsRoute,
    ]),
  ] as const;
