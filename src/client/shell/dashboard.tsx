import { Shell } from './shell';
import { DashboardRoutes } from './dashboard-routes';

/** The signed-in console: loaded after sign-in (app.tsx), so the sign-in page does not carry it. */
export default function Dashboard() {
  return (
    <Shell>
      <DashboardRoutes />
    </Shell>
  );
}
