import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { text } from '../search';
import { authRoute } from './auth.route';

/** The parents' registration: `?academy=` names the academy on the root host (an academy's host names itself). */
export const registerParentRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'register/parent',
  validateSearch: (s: Record<string, unknown>): { academy?: string } => ({ academy: text(s.academy) }),
  component: lazyRouteComponent(() => import('../../features/auth/RegisterParentPage'), 'RegisterParentPage'),
});
