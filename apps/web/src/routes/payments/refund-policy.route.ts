import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';
import { text } from '../search';

/** The academy's refund and cancellation policy: its own host's, or `?academy=` (the handle) on the root host. */
export const refundPolicyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'refund-policy',
  validateSearch: (s: Record<string, unknown>): { academy?: string } => ({ academy: text(s.academy) }),
  component: lazyRouteComponent(() => import('../../features/payments/RefundPolicyPage'), 'RefundPolicyPage'),
});
