import { useEffect } from 'react';
import { Shell } from './shell/shell';
import { DashboardRoutes } from './dashboard-routes';
import { loadStepUpDialog, StepUpHost } from './shell/step-up-host';
import { wantToasts } from './state/toast';
// `.` remembers the last repeatable command per user across a reload, from the console's first moment.
import './state/repeat-memory';

export const PREFETCH_MARK = 'prefetch-screens';

/**
 * The screens staff open next (lists and forms, details, the palette), fetched once the home page has shown: they
 * are not part of the first load, but a keyboard user who opens one a moment later finds it ready instead of
 * typing into a screen that is still loading. The step-up dialog and the toasts' place come then too: kept out of
 * the first load (its budget: scripts/first-load-budget.ts), they are ready before anyone needs them.
 */
function prefetchScreens() {
  // Where the first load ends and fetching ahead begins (npm run bench -- --browser counts what came before).
  performance.mark(PREFETCH_MARK);
  void import('./list/list-screen');
  void import('./record/details');
  void import('./palette/palette');
  void loadStepUpDialog();
  wantToasts();
}

/** The signed-in console: loaded after sign-in (app.tsx), so the sign-in page does not carry it. */
export default function Dashboard() {
  useEffect(() => {
    const timer = setTimeout(prefetchScreens, 1000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Shell>
      <DashboardRoutes />
      <StepUpHost />
    </Shell>
  );
}
