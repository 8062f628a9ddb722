import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';
import { PUBLIC_PAGES, type PublicPageName } from './pages';

const PublicPage = lazyRouteComponent(() => import('../../features/site/PublicPage'), 'PublicPage');

/** The route of one text page; its component names the page and preloads with the route like any lazy screen. */
const publicPageRoute = <P extends PublicPageName>(page: P) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: page,
    component: Object.assign(() => <PublicPage page={page} />, { preload: PublicPage.preload }),
  });

/** /pricing, /about, /contact, /terms, /privacy on both host kinds. */
export const publicPageRoutes = PUBLIC_PAGES.map(publicPageRoute);
