import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NavigationProgress } from '../components/Spinner';
import { ErrorFallback, NotFoundPage } from './fallbacks';

export interface RouterContext {
  queryClient: QueryClient;
}

/** The root of both host kinds' trees (router.tsx gives it the children of the page's host kind). */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFoundPage,
  errorComponent: ({ error }) => <ErrorFallback error={error} />,
});
