import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';

/** The link mailed to an academy's owner at sign-up (its token in the fragment); signed in or not. */
export const confirmOwnerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'confirm-owner',
  component: lazyRouteComponent(() => import('../../features/auth/ConfirmOwnerPage'), 'ConfirmOwnerPage'),
});
