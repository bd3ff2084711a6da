import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

/**
 * TanStack Query and the data layer built on it stay out of the first load (the sign-in page, then home, with the
 * shell's change stream, inbox badge and saved views), which they would push past its 150 KB budget
 * (`npm run bench -- --browser` measures it): no module reached by static imports from the entry or from the
 * console's shell imports them. The screens loaded later (import()) bring them along.
 */
const ENTRIES = ['src/client/main.tsx', 'src/client/dashboard.tsx'];
const DATA_LAYER = ['query-client', 'use-pages', 'use-read', 'writes', 'stream-invalidation'].map((m) => `src/client/api/${m}.ts`);
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

test('the sign-in page, home and the shell import no TanStack Query and no data layer', () => {
  const graph = staticGraph(ENTRIES);
  const offenders = [...graph].filter(([, specs]) => specs.some((s) => s.startsWith('@tanstack/'))).map(([f]) => f);
  expect(offenders).toEqual([]);
  expect(DATA_LAYER.filter((f) => graph.has(f))).toEqual([]);
  // The walk does reach the shell, home, and what the shell reads from the start: the inbox's count, the saved views
  // (the change stream's code comes by import(), after the first paint).
  expect([...graph.keys()]).toEqual(expect.arrayContaining(['src/client/screens/home.tsx', 'src/client/api/home.ts', 'src/client/state/session.ts',
    'src/client/api/inbox.ts', 'src/client/api/views.ts', 'src/client/shell/notification-toggle.tsx']));
});

test('the data layer is what the rule says it is: each of those modules reads through TanStack Query', () => {
  for (const file of DATA_LAYER) expect([...staticGraph([file]).values()].flat().some((s) => s.startsWith('@tanstack/')), file).toBe(true);
});

test('the walk follows static imports only', () => {
  const src = "import { a } from './a';\nimport type { B } from './b';\nexport { c } from './c';\nimport './d.css';\nconst e = () => import('./e');";
  expect([...src.matchAll(STATIC_IMPORT)].map((m) => m[1])).toEqual(['./a', './c', './d.css']);
});
