import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CONSOLES, READY_PORT, WORKERS } from './tests/browser/consoles';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * The browser for the tests (Playwright cannot download its own here): CHROMIUM_PATH, else Debian's
 * /usr/bin/chromium (or chromium-browser), else, on Linux x64, the headless Chromium shipped inside the dev dependency
 * @sparticuz/chromium (unpacked into the temp folder on first use), so `npm install && npm test` works on a fresh
 * machine. CHROMIUM_SKIP_SYSTEM=1 skips CHROMIUM_PATH and the Debian paths, to test that last fallback.
 */
async function chromium(): Promise<{ executablePath: string; args: string[] }> {
  const system = process.env.CHROMIUM_SKIP_SYSTEM === '1' ? [] : [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = system.find((p): p is string => !!p && existsSync(p));
  if (found) return { executablePath: found, args: ARGS };
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    // The npm package holds a Linux x64 build only.
    throw new Error('No Chromium found for the browser tests. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
  }
  // Its own flags (--no-sandbox, --no-zygote, --disable-setuid-sandbox, …) are what it needs to run headless here; ours
  // are kept, and a flag both lists name is passed once. Left out: --single-process (meant for AWS Lambda; with it
  // every browser context after the first fails to open a page), --disable-web-security and
  // --allow-running-insecure-content (the tests must see the browser's real security rules), and its
  // --disable-features/--enable-features (a repeated switch would override Playwright's own lists).
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const dropped = (arg: string) =>
    ['--single-process', '--disable-web-security', '--allow-running-insecure-content'].includes(arg) || /^--(disable|enable)-features=/.test(arg);
  return { executablePath: await sparticuz.executablePath(), args: [...new Set([...ARGS, ...sparticuz.args.filter((a) => !dropped(a))])] };
}
const browser = await chromium();

export default defineConfig({
  testDir: 'tests/browser',
  workers: WORKERS,
  // Limits guard against hangs only, sized for a slow machine with another process keeping a core busy.
  timeout: 180_000,
  // One retry on CI, reported as "flaky" in the output (not hidden): a keyboard-only speciality run failed once in
  // four full local runs and never alone; the screenshot of a failure is kept in test-results/ to find out why.
  retries: process.env.CI ? 1 : 0,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  outputDir: CONSOLES[0].port === 8099 ? 'test-results' : `test-results-${CONSOLES[0].port}`,
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: browser.executablePath,
      args: browser.args,
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // Every console of the run, each on a fresh embedded database, started together (tests/browser/start-consoles.ts).
  webServer: {
    command: 'npx tsx tests/browser/start-consoles.ts',
    url: `http://127.0.0.1:${READY_PORT}/`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'ignore',
  },
});
