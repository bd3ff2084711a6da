import { defineConfig } from 'vitest/config';

/**
 * Projects: `unit` and `unit-mocked` (the registry, commands, client and server modules; `npm run test:quick`) and
 * `api` (the API in-process on a database per file, and the crash tests that start real consoles). Time limits guard
 * against hangs only: they are sized for a slow, busy machine, and no test depends on how fast it is.
 */
const UNIT = ['src/**/*.test.ts', 'commands/**/*.test.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 600_000,
    hookTimeout: 600_000,
    projects: [
      // Unit test files share one module graph per worker (each file's own fresh import of the registry and the client
      // modules is most of a unit run); a file that replaces a module with vi.mock is named *.mock.test.ts and runs alone.
      { extends: true, test: { name: 'unit', include: UNIT, exclude: ['**/*.mock.test.ts'], isolate: false } },
      { extends: true, test: { name: 'unit-mocked', include: ['src/**/*.mock.test.ts', 'commands/**/*.mock.test.ts'] } },
      // log-capture.ts: no server log line of any API test may hold personal data.
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts', 'tests/crash/**/*.test.ts'], globalSetup: ['tests/api/global-setup.ts'], setupFiles: ['tests/api/log-capture.ts'] } },
    ],
  },
});
