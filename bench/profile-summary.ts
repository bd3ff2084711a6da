/** The parts of a CDP `Profiler.Profile` read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/**
 * The functions that took the most time of a CPU profile: self time (the samples in the function itself) and total
 * time (the samples with the function anywhere on the stack), by name and place, for the `limit` largest.
 */
export function summariseProfile(profile: CpuProfile, limit = 20): string {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const label = (id: number) => {
    const f = byId.get(id)!.callFrame;
    const file = f.url ? f.url.replace(/^.*\/(assets\/)?/, '') : '';
    return `${f.functionName || '(anonymous)'}${file ? ` ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const name = label(id);
    if (!['(idle)', '(program)', '(garbage collector)'].includes(byId.get(id)!.callFrame.functionName)) busy += dt;
    self.set(name, (self.get(name) ?? 0) + dt);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const l = label(n);
      if (seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + dt);
    }
  });
  const top = (m: Map<string, number>) => [...m].filter(([n]) => !n.startsWith('(root)')).sort((a, b) => b[1] - a[1]).slice(0, limit)
    .map(([n, v]) => `  ${v.toFixed(1).padStart(8)} ms  ${n}`);
  const span = (profile.endTime - profile.startTime) / 1000;
  return [
    `${span.toFixed(0)} ms profiled, ${busy.toFixed(0)} ms running script (not idle, GC or the browser's own work).`,
    'Self time:', ...top(self),
    'Total time (with what they called):', ...top(total),
  ].join('\n');
}
