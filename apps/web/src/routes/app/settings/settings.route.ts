import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { layoutPending } from '../../../components/Spinner';
import { areaRoute } from '../guard';

/** Settings: the side menu (routes/app/settings.tsx) with its five screens. */
export const settingsRoute = createRoute({
  ...areaRoute('Settings'),
  component: lazyRouteComponent(() => import('../settings'), 'SettingsLayout'),
  ...layoutPending,
});
