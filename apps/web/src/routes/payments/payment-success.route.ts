import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';
import { text } from '../search';

/** `/payment/success?ref=`: where the provider's return sends the payer; `ref` is Kora's reference of the payment. */
export const paymentSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'payment/success',
  validateSearch: (s: Record<string, unknown>): { ref?: string } => ({ ref: text(s.ref) }),
  component: lazyRouteComponent(() => import('../../features/payments/PaymentSuccessPage'), 'PaymentSuccessPage'),
});
