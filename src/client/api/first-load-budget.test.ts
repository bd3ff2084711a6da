import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { firstLoad } from '../../../scripts/first-load-budget';

/**
 * The budget `npm test` holds after the build (scripts/first-load-budget.ts) counts what the browser fetches: the
 * entry's static imports and the console chunk's, each as the server sends it, and nothing reached only by import().
 * Here on a build written by hand, whose files it reads as it reads dist/.
 */
let dist = '';
afterEach(() => rmSync(dist, { recursive: true, force: true }));

function build(chunks: { file: string; entry?: boolean; facade?: string; imports?: string[]; dynamicImports?: string[]; bytes: number; br?: number }[]) {
  dist = mkdtempSync(path.join(tmpdir(), 'first-load-'));
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(dist, 'assets'));
  for (const c of chunks) {
    writeFileSync(path.join(dist, c.file), 'x'.repeat(c.bytes));
    if (c.br != null) writeFileSync(path.join(dist, `${c.file}.br`), 'x'.repeat(c.br));
  }
  writeFileSync(path.join(dist, '.vite', 'bundle-stats.json'), JSON.stringify(chunks.map((c) => ({
    file: c.file, entry: c.entry ?? false, facade: c.facade ?? null, imports: c.imports ?? [], dynamicImports: c.dynamicImports ?? [], modules: {},
  }))));
  return dist;
}

test('counts the entry\'s and the console\'s static imports, as sent, and not what loads by import()', () => {
  const files = firstLoad(build([
    { file: 'assets/index.js', entry: true, imports: ['assets/start.js'], dynamicImports: ['assets/dashboard.js', 'assets/sign-up.js'], bytes: 900 },
    { file: 'assets/start.js', bytes: 500_000, br: 130_000 },
    { file: 'assets/dashboard.js', facade: 'src/client/dashboard.tsx', imports: ['assets/console.js', 'assets/start.js'], dynamicImports: ['assets/list.js'], bytes: 100 },
    { file: 'assets/console.js', bytes: 40_000, br: 12_000 },
    { file: 'assets/sign-up.js', bytes: 9_000, br: 3_000 },
    { file: 'assets/list.js', bytes: 90_000, br: 30_000 },
  ]));
  expect(files).toEqual([
    { file: 'assets/start.js', bytes: 130_000 },
    { file: 'assets/console.js', bytes: 12_000 },
    { file: 'assets/index.js', bytes: 900 },
    { file: 'assets/dashboard.js', bytes: 100 },
  ]);
});

test('a build without the console\'s chunk is refused rather than measured short', () => {
  expect(() => firstLoad(build([{ file: 'assets/index.js', entry: true, bytes: 900 }]))).toThrow(/src\/client\/dashboard\.tsx/);
});
