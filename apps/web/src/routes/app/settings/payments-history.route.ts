import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { currentMonth, monthParam } from '../../../features/payments/month';
import { warm } from '../../search';
import { settingsRoute } from './settings.route';

// The loader's queries: fetched with the screen's code on the first load (router.tsx `loadScreenCode`).
const invoiceQueries = () => import('../../../features/payments/api');

/** The payments history: the month shown (`?month=yyyy-MM`; none is this month). */
export interface PaymentsHistorySearch {
  month?: string;
}

export const paymentsHistoryRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'payments-history',
  validateSearch: (s: Record<string, unknown>): PaymentsHistorySearch => ({ month: monthParam(s.month) }),
  loaderDeps: ({ search }) => ({ month: search.month }),
  staticData: { queries: invoiceQueries },
  loader: ({ context, deps }) =>
    warm(invoiceQueries().then((q) => context.queryClient.ensureQueryData(q.invoicesQuery(deps.month ?? currentMonth())))),
  component: lazyRouteComponent(() => import('../../../features/payments/PaymentsHistoryPage'), 'PaymentsHistoryPage'),
});
