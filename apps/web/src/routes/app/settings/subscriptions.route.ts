import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { AREA_ROUTES } from '../../../lib/areas';
import { warm } from '../../search';
import { earlyFirstPaint } from '../first-paint';
import { settingsRoute } from './settings.route';

// The loader's queries: fetched with the screen's code on the first load (router.tsx `loadScreenCode`).
const subscriptionQueries = () => import('../../../features/subscriptions/api');

/** The subscriptions, Settings' first screen. */
export const subscriptionsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/',
  staticData: { queries: subscriptionQueries, early: earlyFirstPaint(AREA_ROUTES.Settings.path) },
  loader: ({ context }) => warm(subscriptionQueries().then((q) => context.queryClient.ensureQueryData(q.subscriptionsQuery))),
  component: lazyRouteComponent(() => import('../../../features/subscriptions/SubscriptionsPage'), 'SubscriptionsPage'),
});
