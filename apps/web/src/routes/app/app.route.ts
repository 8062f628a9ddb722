import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { layoutPending } from '../../components/Spinner';
import { authSnapshot } from '../../lib/auth';
import { rootRoute } from '../root';

/** The signed-in app (academy hosts only): a pathless layout that sends a signed-out visitor to the login. */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ location }) => {
    if (authSnapshot().status !== 'authenticated') {
      throw redirect({ to: '/auth/login', search: { redirect: location.href } });
    }
  },
  component: lazyRouteComponent(() => import('./layout'), 'AppLayout'),
  ...layoutPending,
});
