import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';

// The root host only. Its first load is the prerendered page (scripts/prerender.mjs); the app draws it after a navigation.
const landingPage = lazyRouteComponent(() => import('../../features/site/LandingPage'), 'LandingPage');

export const landingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: landingPage });
/** On the root host any unlisted path shows the landing page. */
export const landingSplatRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', component: landingPage });
