import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';
import { text } from '../search';

/** `?payment=` names the payment the payer came back from; its outcome is read from the server. */
export interface PaymentSearch {
  payment?: string;
}
const paymentSearch = (s: Record<string, unknown>): PaymentSearch => ({ payment: text(s.payment) });

// The public payment pages (the link is the subscription's id), on the main domain and on academy subdomains.
export const initialPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'initial-subscription/$id',
  validateSearch: paymentSearch,
  component: lazyRouteComponent(() => import('../../features/payments/PaymentPage'), 'InitialPaymentPage'),
});
export const renewPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'renew-subscription/$id',
  validateSearch: paymentSearch,
  component: lazyRouteComponent(() => import('../../features/payments/PaymentPage'), 'RenewPaymentPage'),
});
// A family payment link (docs/domain.md, "A family payment link"): the link is its token, on the academy's host.
export const familyPaymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'family-payment/$token',
  validateSearch: paymentSearch,
  component: lazyRouteComponent(() => import('../../features/payments/FamilyPaymentPage'), 'FamilyPaymentPage'),
});
