import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CONSOLES, READY_PORT, WORKERS } from './tests/browser/consoles';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * The browser for the tests (Playwright cannot download its own here): CHROMIUM_PATH when set; else, on Linux x64, the
 * headless shell of Chromium shipped inside the dev dependency @sparticuz/chromium (unpacked into a folder of its
 * version in the temp folder on first use), so that `npm install && npm test` works on a fresh machine; else Debian's
 * /usr/bin/chromium (or chromium-browser). The headless shell is what Playwright itself runs headless tests in, and the
 * browser is most of the browser tests' CPU: the full browser's headless mode costs more (figures in the commit that
 * chose it). It has no PDF viewer: the tests that show a PDF check its bytes, and the viewer only where
 * `navigator.pdfViewerEnabled`.
 */
async function chromium(): Promise<{ executablePath: string; args: string[] }> {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (!existsSync(chosen)) throw new Error(`CHROMIUM_PATH=${chosen}: no such file`);
    return { executablePath: chosen, args: ARGS };
  }
  if (process.platform === 'linux' && process.arch === 'x64') {
    // Its own flags (--no-sandbox, --no-zygote, --disable-setuid-sandbox, …) are what it needs to run headless here;
    // ours are kept, and a flag both lists name is passed once. Left out: --single-process (meant for AWS Lambda; with
    // it every browser context after the first fails to open a page), --disable-web-security and
    // --allow-running-insecure-content (the tests must see the browser's real security rules), and its
    // --disable-features/--enable-features (a repeated switch would override Playwright's own lists).
    const { default: sparticuz } = await import('@sparticuz/chromium');
    const dropped = (arg: string) =>
      ['--single-process', '--disable-web-security', '--allow-running-insecure-content'].includes(arg) || /^--(disable|enable)-features=/.test(arg);
    return { executablePath: await unpackedOnce(sparticuz), args: [...new Set([...ARGS, ...sparticuz.args.filter((a) => !dropped(a))])] };
  }
  const system = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  if (system) return { executablePath: system, args: ARGS };
  throw new Error('No Chromium found for the browser tests. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
}

/**
 * The package unpacks its browser into the temp folder and runs any `chromium` it finds there, whichever version put
 * it there: after an upgrade, the old one would go on running (138's headless shell dies making a passkey on some
 * machines, 143's does not). So it unpacks into a folder of its version (it reads the temp folder from TMPDIR).
 */
async function unpackedOnce(sparticuz: { executablePath: () => Promise<string> }): Promise<string> {
  const manifest = new URL('./node_modules/@sparticuz/chromium/package.json', import.meta.url);
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  const folder = path.join(tmpdir(), `sparticuz-chromium-${version}`);
  mkdirSync(folder, { recursive: true });
  const before = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  try {
    return await sparticuz.executablePath();
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  }
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
  // After the list: the slowest tests, where a slow run's time went (tests/reporters).
  reporter: [['list'], ['./tests/reporters/slowest-playwright.ts']],
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
    // A guard against a hang only: on a loaded machine the consoles' fresh databases took more than 10 minutes to seed.
    timeout: 1_800_000,
    reuseExistingServer: false,
    stdout: 'ignore',
  },
});
