import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { layoutPending } from '../../../components/Spinner';
import { initialLocale, loadCatalog } from '../../../lib/i18n';
import { areaRoute } from '../guard';

/** Settings: the side menu (routes/app/settings.tsx) with its five screens, and their messages (the catalogs' `settings` part). */
export const settingsRoute = createRoute({
  ...areaRoute('Settings'),
  // A failure leaves the screens to show what they have; the part is asked again with the next language.
  loader: () =>
    loadCatalog(initialLocale(), ['settings']).then(
      () => undefined,
      () => undefined,
    ),
  component: lazyRouteComponent(() => import('../settings'), 'SettingsLayout'),
  ...layoutPending,
});
