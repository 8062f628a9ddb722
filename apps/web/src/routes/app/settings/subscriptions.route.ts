import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { warm } from '../../search';
import { settingsRoute } from './settings.route';

/** The subscriptions, Settings' first screen. */
export const subscriptionsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/',
  loader: ({ context }) =>
    warm(import('../../../features/subscriptions/api').then((q) => context.queryClient.ensureQueryData(q.subscriptionsQuery))),
  component: lazyRouteComponent(() => import('../../../features/subscriptions/SubscriptionsPage'), 'SubscriptionsPage'),
});
