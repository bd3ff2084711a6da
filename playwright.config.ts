import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium (Playwright cannot download its own browser here). */
function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error('No Chromium found for the browser tests. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
  }
  return found;
}

const PORT = Number(process.env.BROWSER_TEST_PORT ?? 8099);
export const DEMO_PASSWORD = 'browser-test-password';

export default defineConfig({
  testDir: 'tests/browser',
  workers: 1,
  timeout: 60_000,
  // One retry on CI, reported as "flaky" in the output (not hidden): a keyboard-only speciality run failed once in
  // four full local runs and never alone; the screenshot of a failure is kept in test-results/ to find out why.
  retries: process.env.CI ? 1 : 0,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: chromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // A fresh embedded database for every run: reference data and the five demo accounts, no demo records.
    command: 'rm -rf .test-data && npx tsx src/server/main.ts',
    url: `http://127.0.0.1:${PORT}/signin`,
    timeout: 240_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), DATA_DIR: '.test-data', DEMO_PASSWORD, DEMO_DATA: '0', NODE_ENV: 'test' },
  },
});
