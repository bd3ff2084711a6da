import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import config from '../playwright.config';
import { percentile } from './timing';

/**
 * `npm run bench -- --browser` (and the end of `npm run bench`): what a user's browser sees, in headless Chromium.
 *  - First load: the compressed JavaScript the sign-in page and then the home page fetch (target at most 150 KB),
 *    with the five largest modules of those chunks (from the build's dist/.vite/bundle-stats.json).
 *  - The palette: opening it (Ctrl+K to painted), a keystroke to painted command results, and record matches painted
 *    after the last keystroke of a typed name (target within 100 ms), each over 20 runs (p50, p95).
 * It builds the console when dist/ is missing, and runs it on the demo data in .bench-load/ (seeded on first use).
 */
const PASSWORD = 'bench-load-password';
const PORT = Number(process.env.BENCH_BROWSER_PORT ?? 8734);
const base = `http://127.0.0.1:${PORT}`;
const log = (line: string) => process.stderr.write(`${line}\n`);

function startServer(): Promise<ChildProcess> {
  const dataDir = path.resolve(process.env.BENCH_LOAD_DIR ?? '.bench-load');
  mkdirSync(dataDir, { recursive: true });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATABASE_URL: '', PORT: String(PORT), DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, DEMO_DATA: '1', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the console did not start:\n${out}`)), 600_000);
    const read = (b: Buffer) => { out += b.toString(); if (out.includes('Console listening')) { clearTimeout(timer); resolve(child); } };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`the console ended (${code}):\n${out}`)); });
  });
}

/** Compressed bytes of the JavaScript the page has fetched so far, by file. */
async function scriptBytes(page: Page): Promise<Map<string, number>> {
  const entries = await page.evaluate(`performance.getEntriesByType('resource').map((r) => ({ name: r.name, bytes: r.encodedBodySize }))`) as { name: string; bytes: number }[];
  return new Map(entries.filter((e) => e.name.endsWith('.js')).map((e) => [new URL(e.name).pathname.replace(/^\//, ''), e.bytes]));
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const summary = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return `p50 ${ms(percentile(s, 0.5))}, p95 ${ms(percentile(s, 0.95))} (n ${s.length})`; };

/** Time from a key press to the next paint after the DOM settles to show `selector`. */
async function keyToPaint(page: Page, key: string, selector: string, changed: 'appear' | 'mutate'): Promise<number> {
  // A string, not a function: the TypeScript runner would wrap named functions in a helper the page does not have.
  await page.evaluate(`(() => {
    const sel = ${JSON.stringify(selector)}, how = ${JSON.stringify(changed)};
    window.__bench = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (how === 'appear' ? document.querySelector(sel) : true) {
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - window.__t0));
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    window.addEventListener('keydown', () => { window.__t0 = performance.now(); }, { once: true, capture: true });
  })()`);
  await page.keyboard.press(key);
  return page.evaluate('window.__bench') as Promise<number>;
}

async function main() {
  if (!existsSync('dist/index.html')) {
    log('Building the console (dist/ is missing)…');
    const built = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the build failed');
  }
  log('Starting the console on the demo data (.bench-load/)…');
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: config.use?.launchOptions?.executablePath, args: config.use?.launchOptions?.args });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${base}/signin`);
    await page.getByLabel('Email').waitFor();
    const signInJs = await scriptBytes(page);
    await page.getByLabel('Email').fill('superadmin@demo.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    const firstJs = await scriptBytes(page);
    const total = [...firstJs.values()].reduce((a, b) => a + b, 0);
    const signInTotal = [...signInJs.values()].reduce((a, b) => a + b, 0);
    console.log(`\nFirst load (sign-in page, then home), compressed JavaScript: ${(total / 1024).toFixed(1)} KB in ${firstJs.size} files (sign-in page alone ${(signInTotal / 1024).toFixed(1)} KB); target at most 150 KB`);
    console.log(`Files: ${[...firstJs].sort((a, b) => b[1] - a[1]).map(([f, n]) => `${f.replace('assets/', '')} ${(n / 1024).toFixed(1)}`).join(', ')} (KB)`);
    const statsFile = 'dist/.vite/bundle-stats.json';
    if (existsSync(statsFile)) {
      const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as { file: string; modules: Record<string, number> }[];
      const modules = stats.filter((c) => firstJs.has(c.file)).flatMap((c) => Object.entries(c.modules)).sort((a, b) => b[1] - a[1]).slice(0, 5);
      console.log('Five largest modules of the first load (bytes before compression):');
      for (const [id, n] of modules) console.log(`  ${(n / 1024).toFixed(1)} KB  ${id}`);
    }

    // The palette: opening it, a keystroke to painted commands, and record matches after the last keystroke.
    const names = await page.evaluate(`fetch('/api/patients?limit=40&sort=createdAt:desc', { headers: { authorization: 'Bearer ' + localStorage.getItem('id_token') } })
      .then((res) => res.json()).then((body) => body.data.map((p) => p.lastName.toLowerCase()).filter((n) => n.length >= 5))`) as string[];
    const opens: number[] = [];
    const keys: number[] = [];
    const records: number[] = [];
    for (let i = 0; i < 20; i++) {
      const name = names[i % names.length];
      opens.push(await keyToPaint(page, 'Control+k', '[cmdk-input]', 'appear'));
      keys.push(await keyToPaint(page, name[0], '[cmdk-item]', 'mutate'));
      // Typed as people type (about 8 keys a second); the time is from the last key to the patient's row on screen.
      await page.keyboard.type(name.slice(1, -1), { delay: 120 });
      records.push(await keyToPaint(page, name.at(-1)!, '[cmdk-item][data-value^="patients:"]', 'appear'));
      await page.keyboard.press('Escape');
      await page.waitForTimeout(50);
    }
    console.log(`Palette: open ${summary(opens)} (target p95 20 ms); a keystroke to painted results ${summary(keys)} (target p95 16 ms); record matches after the last keystroke ${summary(records)} (target 100 ms)`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
