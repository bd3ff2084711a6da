/**
 * Where a run's time went: the slowest files (vitest) or tests (Playwright), printed at the end of `npm test` so that a
 * slow suite on a busy machine says what to look at first. Durations are each file's or test's own wall time; files run
 * two at a time and browser tests three, so they add up to more than the run.
 */
export const SLOWEST_SHOWN = 8;

export function slowestLines(title: string, timed: readonly { name: string; ms: number }[]): string {
  const top = [...timed].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN);
  const total = timed.reduce((sum, t) => sum + t.ms, 0);
  const lines = top.map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.name}`);
  return [`${title} (${timed.length}, ${(total / 1000).toFixed(0)} s in all):`, ...lines].join('\n');
}
