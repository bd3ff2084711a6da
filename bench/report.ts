import type { SeedReport } from './seed';
import type { Timing } from './timing';
import { clock, fmt } from './progress';

export const TARGET_P95_MS = 50;

function table(head: string[], rows: string[][], right: boolean[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function seedSummary(r: SeedReport): string {
  const rows = Object.entries(r.counts).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((s, [, n]) => s + n, 0);
  const how = r.reused ? `reused (seeded ${r.seededAt} in ${clock(r.seconds)})` : `seeded in ${clock(r.seconds)} (${r.seconds.toFixed(0)} s)`;
  const lines = [
    `Data set: scale ${r.scale}, ${how}; ${fmt(total)} entity rows, ${fmt(r.searchRows)} search rows.`,
    table(['entity', 'rows'], rows.map(([n, c]) => [n, fmt(c)]), [false, true]),
  ];
  if (r.skipped.length) lines.push(`Skipped: ${r.skipped.join('; ')}`);
  return lines.join('\n');
}

export function timingTable(timings: Timing[]): string {
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
  const rows = timings.map((t) => [
    t.name, String(t.runs), ms(t.p50), ms(t.p95), ms(t.max), t.error ? `error ${t.error}` : String(t.rows),
    t.error || t.p95 >= TARGET_P95_MS ? '<<' : '',
  ]);
  const over = timings.filter((t) => t.error || t.p95 >= TARGET_P95_MS);
  return [
    table(['operation', 'runs', 'p50 ms', 'p95 ms', 'max ms', 'rows', ''], rows, [false, true, true, true, true, true, false]),
    '',
    over.length ? `${over.length} of ${timings.length} operations miss the target (p95 < ${TARGET_P95_MS} ms): marked <<.` : `All ${timings.length} operations meet the target (p95 < ${TARGET_P95_MS} ms).`,
  ].join('\n');
}
