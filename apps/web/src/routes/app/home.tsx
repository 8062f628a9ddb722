import { DashboardPage } from '../../features/dashboard/DashboardPage';
import { useAuth } from '../../lib/auth';
import { NoDashboard } from './no-access';

/** The academy's home: the dashboard with its read permission, otherwise why there is none. */
export function Home() {
  return useAuth().canRead('Dashboard') ? <DashboardPage /> : <NoDashboard />;
}
