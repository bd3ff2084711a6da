import type { Operation } from './operations';
import { median, type Timing } from './timing';

/**
 * The growth report (`--growth`): the operations whose cost should not grow with the data, their p95 at two scales,
 * the ratio, and the targets of each kind (issue "Flat as it grows").
 */
export type GrowthKind = 'list' | 'picker' | 'dashboard' | 'timeline' | 'search';

interface Target { p95: number; medianRatio?: number; ratio?: number }

/** p95 at the larger scale, and how far it may grow from the smaller (the median of the kind, and each one). */
export const GROWTH_TARGETS: Record<GrowthKind, Target> = {
  list: { p95: 10, medianRatio: 1.1, ratio: 1.5 },
  picker: { p95: 10 },
  dashboard: { p95: 20, ratio: 1.5 },
  timeline: { p95: 20, ratio: 1.5 },
  // The palette's search across entities (issue 35): a grouped answer, a few of each kind and each kind counted to a cap.
  search: { p95: 20 },
};

/**
 * Which kind an operation is, by the call it makes: a list page is a GET of a list without a term (first pages,
 * later pages, filters, status views); a picker is `/options`; a search is the palette's `/api/search`. Writes,
 * details and the list search box are left out (they have their own figures in the data-set part).
 */
export function growthKind(op: Operation): GrowthKind | null {
  if (op.call) return null;
  const path = op.path(0);
  if (path.startsWith('/api/fmc/dashboard?')) return 'dashboard';
  if (/^\/api\/[^/?]+\/\d+\/timeline$/.test(path)) return 'timeline';
  if (/^\/api\/[^/?]+\/options\?/.test(path)) return 'picker';
  if (path.startsWith('/api/search?')) return 'search';
  if (/^\/api\/[^/?]+\?/.test(path) && !new URLSearchParams(path.split('?')[1]).has('q') && !path.startsWith('/api/search?')) return 'list';
  return null;
}

/** An operation's name without what its data set put in it (a sample term, a centre's id, a patient's visits), so that both scales name it alike. */
export const stableName = (name: string) =>
  name.replace(/, e\.g\. "[^"]*"/g, '').replace(/\s*\(#\d+\)/g, '').replace(/(timeline), \d+ appointments/, '$1 of the patient with the most appointments');

export interface ScaleRun { scale: number; rows: number; timings: { kind: GrowthKind; timing: Timing }[] }

interface Row { name: string; kind: GrowthKind; small?: Timing; large?: Timing; ratio: number; cpuRatio: number }

const ms = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n.toFixed(1) : '-');
const times = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}×` : '-');

function pair(small: ScaleRun, large: ScaleRun): Row[] {
  const rows = new Map<string, Row>();
  for (const [side, run] of [['small', small], ['large', large]] as const) {
    for (const { kind, timing } of run.timings) {
      const name = stableName(timing.name);
      const row = rows.get(name) ?? { name, kind, ratio: NaN, cpuRatio: NaN };
      row[side] = timing;
      rows.set(name, row);
    }
  }
  for (const r of rows.values()) {
    const both = r.small && r.large && !r.small.error && !r.large.error;
    r.ratio = both ? r.large!.p95 / r.small!.p95 : NaN;
    r.cpuRatio = both ? r.large!.cpu95 / r.small!.cpu95 : NaN;
  }
  return [...rows.values()];
}

const over = (r: Row) => !r.large || !!r.large.error || !(r.large.p95 <= GROWTH_TARGETS[r.kind].p95);
const grew = (r: Row) => { const limit = GROWTH_TARGETS[r.kind].ratio; return limit !== undefined && !(r.ratio <= limit); };

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === 1 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * Every operation at both scales: wall p95 (ms) and its ratio, CPU p95 (ms of this process's CPU a call, the database
 * included) and its ratio, and `<<` where a target is missed. On a machine shared with other work the wall times
 * include waiting for a core; the CPU times do not.
 */
export function growthTable(small: ScaleRun, large: ScaleRun): string {
  const rows = pair(small, large);
  return table(
    ['operation', 'kind', `p50 @${small.scale}`, `p50 @${large.scale}`, `p95 @${small.scale}`, `p95 @${large.scale}`, 'ratio', `cpu95 @${small.scale}`, `cpu95 @${large.scale}`, 'cpu ratio', ''],
    rows.map((r) => [
      r.name, r.kind, ms(r.small?.p50), ms(r.large?.p50), ms(r.small?.p95), ms(r.large?.p95), times(r.ratio), ms(r.small?.cpu95), ms(r.large?.cpu95), times(r.cpuRatio),
      [r.large?.error ? `error ${r.large.error}` : '', over(r) ? `<< ${GROWTH_TARGETS[r.kind].p95} ms` : '', grew(r) ? `<< ${GROWTH_TARGETS[r.kind].ratio}×` : ''].filter(Boolean).join(' '),
    ]),
  );
}

const medianOf = (values: (number | undefined)[]) => median(values.filter((v): v is number => v !== undefined && Number.isFinite(v)));

/** One line a kind: how many, how many over their p95 target at the larger scale, the median and worst ratio. */
export function growthSummary(small: ScaleRun, large: ScaleRun): string[] {
  const rows = pair(small, large);
  const scales = `scale ${small.scale} (${small.rows.toLocaleString('en')} rows) → ${large.scale} (${large.rows.toLocaleString('en')} rows)`;
  return (Object.keys(GROWTH_TARGETS) as GrowthKind[]).flatMap((kind) => {
    const of = rows.filter((r) => r.kind === kind);
    if (!of.length) return [];
    const t = GROWTH_TARGETS[kind];
    const ratios = of.map((r) => r.ratio).filter(Number.isFinite);
    const worst = [...of].sort((a, b) => (b.ratio || 0) - (a.ratio || 0))[0];
    const slowest = [...of].sort((a, b) => (b.large?.p95 || 0) - (a.large?.p95 || 0))[0];
    const medianRatio = median(ratios);
    const cpuMedian = median(of.map((r) => r.cpuRatio).filter(Number.isFinite));
    const cpuOver = of.filter((r) => !(r.large && r.large.cpu95 <= t.p95)).length;
    const p50Ratios = of.filter((r) => r.small && r.large && !r.small.error && !r.large.error).map((r) => r.large!.p50 / r.small!.p50);
    const p50Grew = t.ratio !== undefined ? `, ${p50Ratios.filter((x) => !(x <= t.ratio!)).length} above ${t.ratio}×` : '';
    const misses = [
      `${of.filter(over).length} over ${t.p95} ms`,
      ...(t.medianRatio !== undefined ? [`median ratio ${times(medianRatio)} (target ≤ ${t.medianRatio}×)`] : [`median ratio ${times(medianRatio)}`]),
      `worst ${times(worst.ratio)} (${worst.name})`,
      ...(t.ratio !== undefined ? [`${of.filter(grew).length} above ${t.ratio}×`] : []),
      `p50: median ratio ${times(median(p50Ratios))}${p50Grew}`,
      `collecting a call's garbage: median ${ms(medianOf(of.map((r) => r.small?.gc50)))} → ${ms(medianOf(of.map((r) => r.large?.gc50)))} ms`,
      `CPU: ${cpuOver} over ${t.p95} ms, median ratio ${times(cpuMedian)}, ${t.ratio !== undefined ? `${of.filter((r) => !(r.cpuRatio <= t.ratio!)).length} above ${t.ratio}×` : 'no ratio target'}`,
    ];
    return [`Growth, ${kind} (${of.length}; ${scales}): p95 at ${large.scale} up to ${ms(slowest.large?.p95)} ms (${slowest.name}); ${misses.join('; ')}`];
  });
}
