import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Issue 8's target, held by `npm test`: the sign-in page and then home fetch at most this much compressed JavaScript. */
export const FIRST_LOAD_KB = 150;

/** Where the signed-in console starts: app.tsx loads it by import() once the person is signed in (home is in it). */
const CONSOLE = 'src/client/dashboard.tsx';

interface Chunk { file: string; entry: boolean; facade: string | null; imports: string[]; dynamicImports: string[] }

/**
 * The bytes the browser receives for a file: the server sends the brotli copy the build wrote beside it
 * (scripts/precompress.ts), or the file itself when it was too small to have one.
 */
function sentBytes(dist: string, file: string): number {
  const br = path.join(dist, `${file}.br`);
  return statSync(existsSync(br) ? br : path.join(dist, file)).size;
}

/**
 * The files of the first load, read from the build (dist/.vite/bundle-stats.json): every chunk the entry reaches by
 * static imports (the sign-in page), and every chunk the console's own chunk reaches likewise (the shell and home).
 * What either reaches only by import() is not counted: it loads when it is opened, or ahead once home has shown.
 */
export function firstLoad(dist = 'dist'): { file: string; bytes: number }[] {
  const chunks = JSON.parse(readFileSync(path.join(dist, '.vite', 'bundle-stats.json'), 'utf8')) as Chunk[];
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const roots = chunks.filter((c) => c.entry || c.facade === CONSOLE);
  if (!roots.some((c) => c.entry) || !roots.some((c) => c.facade === CONSOLE)) throw new Error(`the build has no entry chunk or no chunk for ${CONSOLE}`);
  const seen = new Set<string>();
  const todo = roots.map((c) => c.file);
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...(byFile.get(file)?.imports ?? []));
  }
  return [...seen].map((file) => ({ file, bytes: sentBytes(dist, file) })).sort((a, b) => b.bytes - a.bytes);
}

/** Prints the first load's size, its files and the budget; fails (exit 1) when the size is over the budget. */
function main() {
  const files = firstLoad(process.argv[2] ?? 'dist');
  const kb = (n: number) => (n / 1024).toFixed(1);
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  const over = total / 1024 > FIRST_LOAD_KB;
  console.log(`First load (sign-in page, then home), compressed JavaScript: ${kb(total)} KB in ${files.length} files; budget ${FIRST_LOAD_KB} KB: ${over ? 'OVER' : 'within'}`);
  console.log(`  files (KB): ${files.map((f) => `${f.file.replace('assets/', '')} ${kb(f.bytes)}`).join(', ')}`);
  if (over) {
    console.error(`The first load is ${kb(total - FIRST_LOAD_KB * 1024)} KB over its budget: move what the sign-in page and home do not need at once behind import() (\`npm run bench -- --browser\` names the largest modules).`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
