import path from 'node:path';
import type { Plugin } from 'vite';

interface Graph { getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null }

/**
 * A package's index that only re-exports (`export { default as fr } from './fr.js'` for each of zod's locales): what
 * it names is in the first load only where a module imports it directly. Followed, it would take into the first
 * load's chunk everything it names that a lazy chunk uses (zod's four other locales, from the language bundles).
 */
const REEXPORT = /^(?:\s+|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/|export\s+(?:\*|\{[^}]*\})(?:\s+as\s+\w+)?\s+from\s+["'][^"']+["'];?)*$/;
const isPackageIndex = (id: string, code: string | null | undefined) => id.includes('/node_modules/') && code != null && REEXPORT.test(code);

/**
 * The first load in two chunks instead of thirty: `start`, every module the entry reaches by static imports (the
 * sign-in page), and `console`, every further one the signed-in console's shell reaches (home, the sidebar, the change
 * stream). Left to itself the bundler splits them into a chunk per set of lazy screens sharing them, and each small
 * file is compressed on its own, without the words its neighbours share: together they are about a tenth smaller.
 * Both sets are derived from the import graph, so they follow the code; lazy screens keep their own chunks and import
 * from these two.
 */
export function firstLoadChunks(root = process.cwd()): Plugin {
  const entry = path.resolve(root, 'src/client/main.tsx');
  const shell = path.resolve(root, 'src/client/dashboard.tsx');
  let sets: { start: Set<string>; console: Set<string> } | null = null;

  const reach = (graph: Graph, from: string, skip: ReadonlySet<string>) => {
    const seen = new Set<string>();
    const todo = [from];
    while (todo.length) {
      const id = todo.pop()!;
      if (seen.has(id) || skip.has(id)) continue;
      seen.add(id);
      const info = graph.getModuleInfo(id);
      if (info && !isPackageIndex(id, info.code)) todo.push(...info.importedIds);
    }
    return seen;
  };
  const setsOf = (graph: Graph) => {
    if (!sets) {
      const start = reach(graph, entry, new Set());
      sets = { start, console: reach(graph, shell, start) };
      // The entry stays in its own chunk: it awaits the user's language bundle before its first paint, and that
      // bundle imports from `start`, which must therefore have finished, not be waiting on the entry.
      sets.start.delete(entry);
    }
    return sets;
  };
  // A group takes a module's dependencies with it: `start` goes first, so the console's chunk holds only the rest.
  const group = (name: 'start' | 'console', priority: number) => ({
    name: (id: string, graph: Graph) => (!id.endsWith('.css') && setsOf(graph)[name].has(id) ? name : null),
    debugName: name,
    priority,
  });

  return {
    name: 'first-load-chunks',
    apply: 'build',
    buildStart() { sets = null; },
    config: () => ({ build: { rolldownOptions: { output: { codeSplitting: { groups: [group('start', 2), group('console', 1)] } } } } }),
  };
}
