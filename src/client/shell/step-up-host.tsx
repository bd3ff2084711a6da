import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { onStepUpRequired } from '../api/client';

/**
 * The dialog and the modal it stands in (Radix Dialog) are about a third of the console's shell once compressed, and
 * only a dangerous action ever opens them: they load when the server first asks, or ahead once home has shown
 * (dashboard.tsx prefetchScreens), so the first load stays under its budget (scripts/first-load-budget.ts).
 */
export const loadStepUpDialog = () => import('./step-up-dialog');
const StepUpDialog = lazy(loadStepUpDialog);

/**
 * When the server asks for a fresh proof before a dangerous action (server/auth/step-up.ts), the step-up dialog
 * opens and the action is sent once more once it is given (api/client.ts withStepUp). Cancelling leaves everything
 * as it was: the action was not done. One dialog at a time; calls refused meanwhile wait for the same answer.
 */
export function StepUpHost() {
  const [open, setOpen] = useState(false);
  const waiting = useRef<((proved: boolean) => void)[]>([]);
  useEffect(() => onStepUpRequired(() => new Promise<boolean>((resolve) => {
    waiting.current.push(resolve);
    setOpen(true);
  })), []);
  const finish = (proved: boolean) => {
    setOpen(false);
    for (const resolve of waiting.current.splice(0)) resolve(proved);
  };
  return open ? <Suspense fallback={null}><StepUpDialog onDone={finish} /></Suspense> : null;
}
