import type { SeedReport } from './seed';
import type { Timing } from './timing';
import { clock, fmt } from './progress';

export const TARGET_P95_MS = 50;
/** The list pages of care and money aim lower (issue 7): what a status list or a filtered payments list costs per scroll. */
export const LIST_TARGET_P95_MS = 20;
/** The list search box (q, 2 to 4 letters) and the palette's cross-entity search (issue 8: p95 under 20 ms at 1.2M rows). */
export const SEARCH_TARGET_P95_MS = 20;

export const targetOf = (t: Pick<Timing, 'target'>) => t.target ?? TARGET_P95_MS;
export const missed = (t: Timing) => !!t.error || t.p95 >= targetOf(t);

function table(head: string[], rows: string[][], right: boolean[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function seedSummary(r: SeedReport): string {
  const rows = Object.entries(r.counts).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((s, [, n]) => s + n, 0);
  const how = r.reused ? `reused (seeded ${r.seededAt} in ${clock(r.seconds)})` : `seeded in ${clock(r.seconds)} (${r.seconds.toFixed(0)} s)`;
  const vacuum = r.vacuumedAt ? `vacuumed ${r.vacuumedAt}` : 'never vacuumed (as PGlite leaves it)';
  const lines = [
    `Data set: scale ${r.scale}, ${how}, ${vacuum}; ${fmt(total)} entity rows, ${fmt(r.searchRows)} search rows.`,
    table(['entity', 'rows'], rows.map(([n, c]) => [n, fmt(c)]), [false, true]),
  ];
  if (r.skipped.length) lines.push(`Skipped: ${r.skipped.join('; ')}`);
  return lines.join('\n');
}

export function timingTable(timings: Timing[]): string {
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
  const rows = timings.map((t) => [
    t.name, String(t.runs), ms(t.p50), ms(t.p95), ms(t.max), ms(t.cpu50), ms(t.cpu95), t.error ? `error ${t.error}` : String(t.rows),
    missed(t) ? (t.target ? `<< ${t.target}` : '<<') : t.target ? `(${t.target})` : '',
  ]);
  const over = timings.filter(missed);
  const targets = `p95 < ${TARGET_P95_MS} ms${timings.some((t) => t.target) ? `, or the target shown after the row` : ''}`;
  return [
    table(['operation', 'runs', 'p50 ms', 'p95 ms', 'max ms', 'cpu p50', 'cpu p95', 'rows', ''], rows, [false, true, true, true, true, true, true, true, false]),
    '',
    over.length ? `${over.length} of ${timings.length} operations miss their target (${targets}): marked <<.` : `All ${timings.length} operations meet their target (${targets}).`,
    'cpu p50/p95: CPU ms per call (the database runs in this process); wall times above them mean the machine was busy with other work.',
  ].join('\n');
}

/** p95 from the lowest to the highest of a group of operations, the worst named, and how many miss their target. */
function group(label: string, ts: Timing[]): string {
  if (!ts.length) return `${label}: none timed`;
  const ok = ts.filter((t) => !t.error);
  const worst = [...ok].sort((a, b) => b.p95 - a.p95)[0];
  const low = Math.min(...ok.map((t) => t.p95));
  const misses = ts.filter(missed).length;
  const targets = [...new Set(ts.map(targetOf))].join('/');
  return `${label}: ${ts.length} operations, p95 ${low.toFixed(1)} to ${worst ? worst.p95.toFixed(1) : '-'} ms (slowest: ${worst?.name ?? '-'}); target p95 < ${targets} ms: ${misses ? `${misses} MISS` : 'all meet'}`;
}

/** The figures issue 8 asks the data-set bench for, in a few lines: the list search box, cross-entity search, the rest. */
export function dataSetSummary(timings: Timing[], rows: string): string[] {
  const q = timings.filter((t) => / q=</.test(t.name) && !t.name.includes(' options '));
  const search = timings.filter((t) => t.name.startsWith('search '));
  const rest = timings.filter((t) => !q.includes(t) && !search.includes(t));
  return [
    group(`List search box (q, 2 to 4 letters; ${rows})`, q),
    group('Cross-entity search (the palette\'s records)', search),
    group('List pages, details, pickers, care and money calls', rest),
  ];
}
