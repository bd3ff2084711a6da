import { z } from 'zod';

/**
 * A worklist that reminds by itself (issue 37 §3): off by default; when on, every `everyDays` days (weekly unless
 * set) each person on it who can be reached is reminded as "Send reminders" would, and never more often than a
 * reminder by hand may go (once a day per person and worklist), nor to anyone reminded within the interval.
 */
export const WORKLIST_AUTO_DEFAULT_DAYS = 7;
export const WORKLIST_AUTO_MAX_DAYS = 90;

export const worklistAutoBody = /* @__PURE__ */ (() => z.strictObject({
  enabled: z.boolean(),
  everyDays: z.number().int().min(1, 'Once a day at most: a person is reminded once a day at most').max(WORKLIST_AUTO_MAX_DAYS, `Every ${WORKLIST_AUTO_MAX_DAYS} days at most`).optional(),
}))();

/** A worklist's automatic reminders as the API answers them; `nextAt`: when the next round goes (null while off). */
export interface WorklistAuto { enabled: boolean; everyDays: number; nextAt: string | null }
