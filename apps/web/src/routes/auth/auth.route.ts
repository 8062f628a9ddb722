import { createRoute, redirect } from '@tanstack/react-router';
import { storage } from '../../lib/storage';
import { rootRoute } from '../root';

/** /auth on both host kinds: a signed-in user (a stored token) is sent to /. */
export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth',
  beforeLoad: () => {
    if (storage.token()) throw redirect({ to: '/' });
  },
});
