// Compiled by `tsc -p apps/web` (never imported, never bundled): the two trees are typed apart, so a
// screen the root host serves cannot link to a route only an academy's host has. Each
// `@ts-expect-error` fails the typecheck the day such a link would compile again.
import { Link } from '@tanstack/react-router';
import type { AcademyRouter, RootHostRouter } from '../router';
import { SharedLink, type SharedPath } from './links';

/** Every path SharedLink accepts is a route of both trees (links.tsx lists them without importing the router). */
type PathOf<TRouter extends RootHostRouter | AcademyRouter> = keyof TRouter['routesByPath'];
type Missing = Exclude<SharedPath, PathOf<RootHostRouter> & PathOf<AcademyRouter>>;
export const everySharedPathExists: [Missing] extends [never] ? true : Missing = true;

export const typedLinks = () => [
  // The signed-in app's screens link within the academy tree (the registered router).
  <Link key="app" to="/players" />,
  // Pages both hosts serve (the landing page too) link to what both trees have.
  <SharedLink key="shared" to="/auth/login" />,
  <SharedLink key="payment" to="/initial-subscription/$id" params={{ id: 'x' }} />,
  <SharedLink key="site" to="/pricing" />,
  // @ts-expect-error: /players exists only on academy hosts
  <SharedLink key="not-shared" to="/players" />,
  // @ts-expect-error: /settings exists only on academy hosts
  <SharedLink key="not-site" to="/settings" />,
  // @ts-expect-error: a shared path's params are checked too
  <SharedLink key="no-params" to="/initial-subscription/$id" />,
];
