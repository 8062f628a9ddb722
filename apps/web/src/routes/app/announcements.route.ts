import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { AREA_ROUTES } from '../../lib/areas';
import { areaRoute } from './guard';

/** Announcements to families: under Players, whose readers see them and whose writers send them. */
export const announcementsRoute = createRoute({
  ...areaRoute('Players'),
  path: `${AREA_ROUTES.Players.path}/announcements`,
  component: lazyRouteComponent(() => import('../../features/announcements/AnnouncementsPage'), 'AnnouncementsPage'),
});
