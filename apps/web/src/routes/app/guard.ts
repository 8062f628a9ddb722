import type { Area } from '@kora/contracts';
import { redirect } from '@tanstack/react-router';
import { AREA_ROUTES } from '../../lib/areas';
import { authSnapshot } from '../../lib/auth';
import { noteDenied } from '../../lib/denied';
import { appRoute } from './app.route';

/** Without the area's read permission: back to the dashboard, which says why (never silently). */
export const requireRead = (area: Area) => (ctx?: { preload?: boolean }) => {
  if (!authSnapshot().canRead(area)) {
    // A hover preload (links preload on intent) is not a visit: no toast for it.
    if (!ctx?.preload) noteDenied(area);
    throw redirect({ to: '/' });
  }
};

/** Parent, path and guard of an area's first screen, from the registry that also feeds the navigation. */
export const areaRoute = <A extends Area>(area: A): AreaRoute<A> => ({
  getParentRoute: () => appRoute,
  path: AREA_ROUTES[area].path,
  beforeLoad: requireRead(area),
});
interface AreaRoute<A extends Area> {
  getParentRoute: () => typeof appRoute;
  /** The area's own path (a literal type, so the route's id and links are the area's). */
  path: (typeof AREA_ROUTES)[A]['path'];
  beforeLoad: ReturnType<typeof requireRead>;
}
