import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authRoute } from './auth.route';

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'forgot-password',
  component: lazyRouteComponent(() => import('../../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
});
