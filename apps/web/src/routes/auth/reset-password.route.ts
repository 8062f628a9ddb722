import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authRoute } from './auth.route';

const resetPasswordPage = lazyRouteComponent(() => import('../../features/auth/ResetPasswordPage'), 'ResetPasswordPage');

/** The mailed link carries the token in its path; without it the screen asks for the token. */
export const resetPasswordTokenRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'reset-password/$token',
  component: resetPasswordPage,
});
export const resetPasswordRoute = createRoute({ getParentRoute: () => authRoute, path: 'reset-password', component: resetPasswordPage });
