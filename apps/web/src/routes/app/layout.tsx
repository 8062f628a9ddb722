import { Outlet } from '@tanstack/react-router';
import { Shell } from '../../components/Shell';

/** The signed-in layout; loaded only on academy hosts, so the public site's bundle leaves it out. */
export function AppLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}
