import type { Run, RunState } from '../api/runs';

/**
 * A run of the scheduler in words, as the Runs screen (screens/runs.tsx) and a rule's last runs on its page
 * (record/rule-runs.tsx) both show it.
 */

/** What a run's state shows as (the list's status colours: done green, failed and cancelled red, queued amber). */
export const STATE_CLASS: Record<RunState, string> = { queued: 'pending', running: 'in_progress', done: 'completed', failed: 'cancelled', cancelled: 'cancelled' };

/** A state in words (written out: the strings test finds each key in the screens' sources). */
export const STATE_WORDS: Record<RunState, string> = {
  queued: 'runs.states.queued', running: 'runs.states.running', done: 'runs.states.done', failed: 'runs.states.failed', cancelled: 'runs.states.cancelled',
};
/** A job's name in words: its dots are the string's underscores (`campaign.send` → runs.jobs.campaign_send); a job without words shows its name. */
export const jobKey = (job: string) => `runs.jobs.${job.replace(/\./g, '_')}`;

/** How long a try took (start to end), in seconds under a minute, else minutes, as the language writes units. */
export function took(run: Run, locale: string): string | null {
  if (!run.startedAt || !run.finishedAt) return null;
  const seconds = Math.max(0, (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000);
  const [value, unit] = seconds < 60 ? [seconds, 'second'] : [seconds / 60, 'minute'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}
