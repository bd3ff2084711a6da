import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes dist/.vite/bundle-stats.json at build: each JavaScript chunk's file and the size of each module in it, so
 * that `npm run bench -- --browser` can name the largest modules of the first load.
 */
export function bundleStats(outDir = 'dist'): Plugin {
  return {
    name: 'bundle-stats',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [{
        file: c.fileName,
        modules: Object.fromEntries(Object.entries(c.modules).map(([id, m]) => [path.relative(process.cwd(), id).replace(/^.*node_modules\//, 'node_modules/'), m.renderedLength])),
      }] : []));
      mkdirSync(path.join(outDir, '.vite'), { recursive: true });
      writeFileSync(path.join(outDir, '.vite', 'bundle-stats.json'), JSON.stringify(chunks));
    },
  };
}
