import type { SearchGroup } from '../api/search';
import type { Ranked } from '../text/rank';
import type { Result } from './results';

/** Records of one kind listed at most: the rest are one line, "12 more in Payments…". */
export const SHOWN_PER_KIND = 3;

/**
 * One part of the palette's list below its first line: the commands, or the records of one kind with how many more
 * there are (`more`: the kind's count less those listed; `atLeast` when the count stopped at the server's cap).
 */
export interface Section {
  entity?: string;
  lines: Ranked<Result>[];
  more?: { count: number; atLeast: boolean };
}

/**
 * The ranked lines after the first (`first`, which may be a record: it counts as listed in its kind), as parts: the
 * commands in one, the records by kind, a few each, each kind with its line for the rest. The parts in the order of
 * their best line's score, so a kind that matches better than any command still comes first (a surname typed).
 */
export function sectionsOf(first: Ranked<Result> | undefined, rest: readonly Ranked<Result>[], groups: readonly SearchGroup[], perKind = SHOWN_PER_KIND): Section[] {
  const commands: Section & { best: number } = { lines: [], best: -Infinity };
  const kinds = new Map<string, Section & { best: number; listed: number }>();
  const kindOf = (entity: string, score: number) => {
    let k = kinds.get(entity);
    if (!k) kinds.set(entity, (k = { entity, lines: [], best: score, listed: 0 }));
    return k;
  };
  if (first?.item.kind === 'record') kindOf(first.item.hit.entity, first.score).listed++;
  for (const r of rest) {
    if (r.item.kind === 'command') {
      if (!commands.lines.length) commands.best = r.score;
      commands.lines.push(r);
      continue;
    }
    const k = kindOf(r.item.hit.entity, r.score);
    if (k.listed < perKind) { k.lines.push(r); k.listed++; }
  }
  for (const g of groups) {
    const k = kinds.get(g.entity);
    if (!k) continue;
    const left = g.count - k.listed;
    if (left > 0 || g.more) k.more = { count: Math.max(left, 0), atLeast: g.more };
  }
  const parts = [...(commands.lines.length ? [commands] : []), ...[...kinds.values()].filter((k) => k.lines.length || k.more)];
  return parts.sort((a, b) => b.best - a.best).map(({ entity, lines, more }) => ({ entity, lines, more }));
}
