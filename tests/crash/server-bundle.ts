import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** The project's folder. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The scripts that tests start as processes of their own (the console, and the helpers the crash tests kill), each
 * bundled into one ES module: `node --import tsx` compiles every source file at each start, and a console started
 * from the bundle takes about 0.9 s of CPU less (some thirty consoles a run). It is built from the
 * sources at the start of each run (tests/api/global-setup.ts, tests/browser/start-consoles.ts), so a test never
 * starts an older console than the sources it runs with; the packages stay outside it, resolved from
 * node_modules as the sources resolve them.
 */
export const BUNDLED_SCRIPTS = ['src/server/main.ts', 'tests/crash/migrate-slowly.ts', 'src/server/backup/restore-cli.ts'];

/**
 * Each source file's own `import.meta.url`, written into the bundle in place of the bundle's: a file that finds
 * its neighbours or packages from where it is (the scheduled backup's check script, pino-pretty, firebase's
 * service worker) finds them where the sources are, not where the bundle is.
 */
const ownUrls: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents: text, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

const alive = (pid: number) => {
  try { process.kill(pid, 0); return true; } catch (err) { return (err as { code?: string }).code === 'EPERM'; }
};

/**
 * A folder for this process's bundles, `.test-data/server-bundle-<pid>` (inside the project, so that their packages
 * resolve from its node_modules; one per run, so runs side by side never share one). The folders of runs that ended
 * without removing theirs (killed) are removed here.
 */
export function bundleFolder(): string {
  const parent = path.join(ROOT, '.test-data');
  mkdirSync(parent, { recursive: true });
  for (const name of readdirSync(parent, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)) {
    const pid = Number(/^server-bundle-(\d+)$/.exec(name)?.[1]);
    if (pid && !alive(pid)) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  return path.join(parent, `server-bundle-${process.pid}`);
}

/** Bundles BUNDLED_SCRIPTS from `root` into `outDir` (inside `root`, so node_modules resolve); answers script → bundle. */
export async function buildServerBundles(root: string, outDir: string): Promise<Record<string, string>> {
  await build({
    absWorkingDir: root,
    entryPoints: BUNDLED_SCRIPTS,
    outbase: root,
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [ownUrls],
  });
  return Object.fromEntries(BUNDLED_SCRIPTS.map((s) => [s, path.join(outDir, s.replace(/\.ts$/, '.mjs'))]));
}
