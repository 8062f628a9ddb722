import { Link, type LinkComponentProps } from '@tanstack/react-router';
import type { AcademyRouter, RootHostRouter } from '../router';

// The registered router is the academy tree's, so a plain `Link` checks its target against the
// signed-in app. The screens the root host serves check theirs against the tree(s) they are part of.

/** A link of a screen both host kinds serve (/auth, the public and payment pages): its target exists in both trees. */
export function SharedLink<const TTo extends string | undefined>(
  props: LinkComponentProps<'a', RootHostRouter, string, TTo, string, ''> & LinkComponentProps<'a', AcademyRouter, string, TTo, string, ''>,
) {
  return <Link<AcademyRouter, string, TTo, string, ''> {...props} />;
}

/** A link of the root host's own pages (the landing page): its target exists in the root host's tree. */
export function SiteLink<const TTo extends string | undefined>(props: LinkComponentProps<'a', RootHostRouter, string, TTo, string, ''>) {
  return <Link<RootHostRouter, string, TTo, string, ''> {...props} />;
}
