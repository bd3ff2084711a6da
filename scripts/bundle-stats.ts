import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes dist/.vite/bundle-stats.json at build: each JavaScript chunk's file, the size of each module in it, the chunks
 * it imports (statically, and by import()) and the module it stands for when it is an entry or an import()'s target,
 * so that `npm run bench -- --browser` can name the largest modules of the first load and
 * scripts/first-load-budget.ts can tell which files the first load fetches.
 */
export function bundleStats(outDir = 'dist'): Plugin {
  return {
    name: 'bundle-stats',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [{
        file: c.fileName,
        entry: c.isEntry,
        facade: c.facadeModuleId ? path.relative(process.cwd(), c.facadeModuleId) : null,
        imports: c.imports,
        dynamicImports: c.dynamicImports,
        modules: Object.fromEntries(Object.entries(c.modules).map(([id, m]) => [path.relative(process.cwd(), id).replace(/^.*node_modules\//, 'node_modules/'), m.renderedLength])),
      }] : []));
      mkdirSync(path.join(outDir, '.vite'), { recursive: true });
      writeFileSync(path.join(outDir, '.vite', 'bundle-stats.json'), JSON.stringify(chunks));
    },
  };
}
