import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Projects: `unit` and `unit-mocked` (the registry, commands, client and server modules; `npm run test:quick`),
 * `api` (the API in-process on a database per file) and `api-own` (the API files that need a module graph of their
 * own, and the crash tests that start real consoles). Time limits guard against hangs only: they are sized for a slow,
 * busy machine, and no test depends on how fast it is.
 */
const UNIT = ['src/**/*.test.ts', 'commands/**/*.test.ts'];

/**
 * API test files share one module graph per worker, as unit files do: a fresh import of the app's modules for each
 * file was about a quarter of the API run's CPU. A file keeps a graph of its own when what it does would reach the
 * next file through a module: it sets the environment or replaces functions (`process.env`, `vi.`), or reads or
 * steers the list search's choice of way, whose size estimates and hints are kept per process (`src/server/search`,
 * list-plan.ts, sort-key-check.ts). Read from the files themselves, so a new file is placed by what it does.
 */
const OWN_GRAPH = /process\.env|\bvi\.|server\/search|list-plan|sort-key-check/;
const apiFiles = readdirSync('tests/api').filter((f) => f.endsWith('.test.ts')).map((f) => `tests/api/${f}`);
const ownGraph = apiFiles.filter((f) => OWN_GRAPH.test(readFileSync(f, 'utf8')));
const shared = apiFiles.filter((f) => !ownGraph.includes(f));

export default defineConfig({
  test: {
    pool: 'forks',
    // After the summary: the slowest files, where a slow run's time went (tests/reporters).
    reporters: ['default', './tests/reporters/slowest-vitest.ts'],
    maxWorkers: 2,
    // No limit in time (0): a test or a hook waits for states, and a busy machine may take a long while to reach them
    // (the demo database's seed in a hook once took 15 minutes with a core busy and the PostgreSQL suite beside it).
    testTimeout: 0,
    hookTimeout: 0,
    projects: [
      // Unit test files share one module graph per worker (each file's own fresh import of the registry and the client
      // modules is most of a unit run); a file that replaces a module with vi.mock is named *.mock.test.ts and runs alone.
      { extends: true, test: { name: 'unit', include: UNIT, exclude: ['**/*.mock.test.ts'], isolate: false } },
      { extends: true, test: { name: 'unit-mocked', include: ['src/**/*.mock.test.ts', 'commands/**/*.mock.test.ts'] } },
      // log-capture.ts: no server log line of any API test may hold personal data.
      { extends: true, test: { name: 'api', include: shared, isolate: false, globalSetup: ['tests/api/global-setup.ts'], setupFiles: ['tests/api/log-capture.ts', 'tests/api/answers-contract-check.ts'] } },
      { extends: true, test: { name: 'api-own', include: [...ownGraph, 'tests/crash/**/*.test.ts'], globalSetup: ['tests/api/global-setup.ts'], setupFiles: ['tests/api/log-capture.ts', 'tests/api/answers-contract-check.ts'] } },
    ],
  },
});
