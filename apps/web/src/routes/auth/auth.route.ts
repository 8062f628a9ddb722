import { createRoute, redirect } from '@tanstack/react-router';
import { storage } from '../../lib/storage';
import { rootRoute } from '../root';

/** /auth on both host kinds: a signed-in user (this device's signed-in marker) is sent to /. */
export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth',
  beforeLoad: () => {
    if (storage.signedIn()) throw redirect({ to: '/' });
  },
});
