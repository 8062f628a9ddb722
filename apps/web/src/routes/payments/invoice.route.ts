import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';

/** The invoice viewer (public: the invoice's id is its key), on the main domain and on academy subdomains. */
export const invoiceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'subscription-invoice/$id',
  component: lazyRouteComponent(() => import('../../features/payments/InvoiceViewerPage'), 'InvoiceViewerPage'),
});
