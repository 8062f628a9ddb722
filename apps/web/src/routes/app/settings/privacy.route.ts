import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { settingsRoute } from './settings.route';

/** Settings → Privacy: retention periods and the review of inactive players (docs/domain.md, "Privacy requests"). */
export const privacySettingsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'privacy',
  component: lazyRouteComponent(() => import('../../../features/privacy/PrivacySettingsPage'), 'PrivacySettingsPage'),
});
