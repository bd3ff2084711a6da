import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

/**
 * TanStack Query stays out of the first load (the sign-in page, then home), which it would push past its 150 KB
 * budget (`npm run bench -- --browser` measures it): no module reached by static imports from the entry or from the
 * console's shell imports it. The screens loaded later (import()) bring it with them.
 */
const ENTRIES = ['src/client/main.tsx', 'src/client/shell/dashboard.tsx'];
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm;

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.') || spec.endsWith('.css')) return null;
  const base = path.join(path.dirname(from), spec);
  const isFile = (f: string) => statSync(f, { throwIfNoEntry: false })?.isFile() ?? false;
  return ['', '.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find(isFile) ?? null;
}

function staticGraph(entries: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const todo = [...entries];
  while (todo.length) {
    const file = todo.pop()!;
    if (graph.has(file)) continue;
    const specs = [...readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)].map((m) => m[1]);
    graph.set(file, specs);
    for (const spec of specs) {
      const next = resolve(file, spec);
      if (next) todo.push(next);
    }
  }
  return graph;
}

test('the sign-in page and home import no TanStack Query', () => {
  const graph = staticGraph(ENTRIES);
  const offenders = [...graph].filter(([, specs]) => specs.some((s) => s.startsWith('@tanstack/react-query'))).map(([f]) => f);
  expect(offenders).toEqual([]);
  // The walk does reach the shell, home and the api modules they use.
  expect([...graph.keys()]).toEqual(expect.arrayContaining(['src/client/screens/home.tsx', 'src/client/api/home.ts', 'src/client/state/session.ts']));
});

test('the walk follows static imports only', () => {
  const src = "import { a } from './a';\nimport type { B } from './b';\nexport { c } from './c';\nimport './d.css';\nconst e = () => import('./e');";
  expect([...src.matchAll(STATIC_IMPORT)].map((m) => m[1])).toEqual(['./a', './c', './d.css']);
});
