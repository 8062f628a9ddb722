// Compiled by `tsc -p apps/web` (never imported, never bundled): the two trees are typed apart, so a
// screen the root host serves cannot link to a route only an academy's host has. Each
// `@ts-expect-error` fails the typecheck the day such a link would compile again.
import { Link } from '@tanstack/react-router';
import { SharedLink, SiteLink } from './links';

export const typedLinks = () => [
  // The signed-in app's screens link within the academy tree (the registered router).
  <Link key="app" to="/players" />,
  // Pages both hosts serve link to what both trees have.
  <SharedLink key="shared" to="/auth/login" />,
  <SharedLink key="payment" to="/initial-subscription/$id" params={{ id: 'x' }} />,
  // @ts-expect-error: /players exists only on academy hosts
  <SharedLink key="not-shared" to="/players" />,
  // The landing page links within the root host's tree.
  <SiteLink key="site" to="/pricing" />,
  // @ts-expect-error: /settings exists only on academy hosts
  <SiteLink key="not-site" to="/settings" />,
];
