import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { LoginSearch } from '../../features/auth/LoginPage';
import { text } from '../search';
import { authRoute } from './auth.route';

/** The login (root mode asks for the academy's handle, an academy's host for the e-mail and password). */
export const loginRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'login',
  validateSearch: (s: Record<string, unknown>): LoginSearch => ({
    redirect: text(s.redirect),
    registered: s.registered === true || s.registered === 'true' ? true : undefined,
    email: text(s.email),
  }),
  component: lazyRouteComponent(() => import('../../features/auth/LoginPage'), 'LoginPage'),
});
