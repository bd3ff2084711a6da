import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The imports between the rooms (first-level folders, or a top-level file as a room of its own) of a source tree, and
 * the loops among them: what floors.test.ts keeps at zero. A small walker rather than a dependency: every relative
 * `import`/`export … from`/`import()` of a non-test file, type-only ones included (a type import is a dependency of
 * the reader, and it is how a loop starts), resolved as the bundler does (`x`, `x.ts`, `x.tsx`, `x/index.ts`).
 */
export interface ImportEdge {
  from: string;
  to: string;
  /** The importing file and the file imported, relative to the tree's root. */
  file: string;
  target: string;
}

const SOURCE = /\.tsx?$/;
const TEST = /\.(test|spec)\.tsx?$|\.d\.ts$/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|(?:^|\n)\s*import\s+'([^']+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return SOURCE.test(e.name) && !TEST.test(e.name) ? [p] : [];
  });
}

function resolveFile(base: string): string | null {
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    try {
      if (statSync(c).isFile()) return c;
    } catch { /* not this one */ }
  }
  return null;
}

/** The room a file is in: its first folder under the root, or the file itself when it sits at the top. */
export function roomOf(root: string, file: string): string {
  return path.relative(root, file).split(path.sep)[0];
}

export function importEdges(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(root)) {
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (!spec.startsWith('.')) continue;
      const target = resolveFile(path.resolve(path.dirname(file), spec));
      // A stylesheet carries no code: importing one is not a dependency on the room's modules.
      if (!target || !SOURCE.test(target) || !target.startsWith(root + path.sep)) continue;
      const from = roomOf(root, file), to = roomOf(root, target);
      if (from !== to) edges.push({ from, to, file: path.relative(root, file), target: path.relative(root, target) });
    }
  }
  return edges;
}

/** The strongly connected sets of rooms (Tarjan): each set of two or more rooms is a loop. */
export function roomLoops(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, new Set());
    next.get(e.from)!.add(e.to);
  }
  let counter = 0;
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter); low.set(v, counter++); stack.push(v); onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const set: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); set.push(w); } while (w !== v);
      if (set.length > 1) loops.push(set.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return loops;
}

/** A loop in words: every import between its rooms, file by file, so the message says what to move. */
export function describeLoop(loop: readonly string[], edges: readonly ImportEdge[]): string {
  const inLoop = new Set(loop);
  const lines = edges.filter((e) => inLoop.has(e.from) && inLoop.has(e.to)).map((e) => `  ${e.from} -> ${e.to}: ${e.file} imports ${e.target}`);
  return `loop of ${loop.length} rooms (${loop.join(', ')}):\n${[...new Set(lines)].sort().join('\n')}`;
}

/**
 * Imports that go up: from a room to one the order (floors from the bottom, each a room or rooms side by side) puts
 * above it. Every room must be on a floor: a new room is placed on purpose, not by default.
 */
export function upwardImports(edges: readonly ImportEdge[], floors: readonly (readonly string[])[]): ImportEdge[] {
  const rank = new Map(floors.flatMap((rooms, i) => rooms.map((room) => [room, i] as const)));
  const unplaced = [...new Set(edges.flatMap((e) => [e.from, e.to]))].filter((room) => !rank.has(room));
  if (unplaced.length) throw new Error(`rooms on no floor: ${unplaced.join(', ')}`);
  return edges.filter((e) => rank.has(e.from) && rank.has(e.to) && rank.get(e.to)! > rank.get(e.from)!);
}
