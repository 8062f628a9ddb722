import { Link, type LinkComponentProps, type RegisteredRouter } from '@tanstack/react-router';
import type { PublicPageName } from './site/pages';

// The registered router is the academy tree's (router.tsx), so a plain `Link` checks its target
// against the signed-in app. The screens the root host serves too link only to the paths below,
// which exist in both trees: links.typecheck.tsx checks that against the two trees' types, so this
// module needs neither of them (importing router.tsx from here would close an import circle
// through every route and screen).

/** The paths both host kinds serve: /auth, the public and payment pages. */
export type SharedPath =
  | '/'
  | '/auth/login'
  | '/auth/forgot-password'
  | '/auth/register/academy'
  | '/auth/register/parent'
  | `/${PublicPageName}`
  | '/refund-policy'
  | '/initial-subscription/$id'
  | '/renew-subscription/$id'
  | '/payment/success';

/** A link of a screen both host kinds serve (/auth, the public and payment pages, the landing page): its target exists in both trees. */
export function SharedLink<const TTo extends SharedPath>(
  props: LinkComponentProps<'a', RegisteredRouter, string, TTo, string, ''> & { to: TTo },
) {
  return <Link<RegisteredRouter, string, TTo, string, ''> {...props} />;
}
