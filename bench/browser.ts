import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import config from '../playwright.config';
import { benchLoadDir, BENCH_CONSOLE_PASSWORD, startConsole, stopConsole } from './console-process';
import { firstLoad } from './first-load';
import type { BrowserOptions } from './options';
import { paletteComparison, paletteFigures, paletteReport, serveBuild } from './palette-bench';
import { summariseProfile, type CpuProfile } from './profile-summary';

/**
 * `npm run bench -- --browser` (and part of `npm run bench`): what a user's browser sees, in headless Chromium (the
 * browser and flags of the browser tests): the first-load size, and the palette's timings (palette-bench.ts).
 * It builds the console when dist/ is missing, and runs it on the demo data in BENCH_LOAD_DIR (default .bench-load/,
 * seeded on first use) on BENCH_BROWSER_PORT (default 8734); `external` uses a console already listening there.
 * `profile` records Chromium's CPU profile of the palette runs (CDP Profiler), writes it to a .cpuprofile file (open it
 * in Chrome's DevTools) and prints the functions that took the most time.
 * BENCH_COMPARE_DIST names another build's dist/ folder (e.g. an earlier commit built with `npx vite build`): a second
 * page runs that build against the same server (palette-bench.ts serveBuild), the palette runs alternate between the
 * two pages, and their figures are printed side by side.
 */

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Says what happened to the page (why a run failed): a crash, a close, a navigation away, an error in the page. */
function watch(page: Page, events: string[]) {
  page.on('crash', () => events.push('the page crashed'));
  page.on('close', () => events.push('the page closed'));
  page.on('pageerror', (err) => events.push(`page error: ${err.message.split('\n')[0]}`));
  page.on('console', (m) => { if (m.type() === 'error') events.push(`console error: ${m.text().slice(0, 200)}`); });
  page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) events.push(`navigated to ${new URL(frame.url()).pathname}`); });
}

export async function runBrowserBench(opts: BrowserOptions): Promise<string[]> {
  const port = Number(process.env.BENCH_BROWSER_PORT ?? 8734);
  const base = `http://127.0.0.1:${port}`;
  if (!existsSync('dist/index.html')) {
    log('Building the console (dist/ is missing)…');
    const built = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the build failed');
  }
  log(opts.external ? `Using the console on ${base}…` : `Starting the console on the demo data (${benchLoadDir()}) on port ${port}…`);
  const server = opts.external ? null : await startConsole(port);
  const browser = await chromium.launch({ executablePath: config.use?.launchOptions?.executablePath, args: config.use?.launchOptions?.args });
  const events: string[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    watch(page, events);
    log('First load…');
    const load = await firstLoad(page, base, BENCH_CONSOLE_PASSWORD);
    console.log(`\n${load}`);
    if (!opts.paletteRuns) return [load.split('\n')[0]];
    const compareDir = process.env.BENCH_COMPARE_DIST;
    const compare = compareDir ? await browser.newPage({ viewport: { width: 1440, height: 900 } }) : null;
    if (compare && compareDir) {
      if (!existsSync(`${compareDir}/index.html`)) throw new Error(`BENCH_COMPARE_DIST: no index.html in ${compareDir}`);
      log(`The build in ${compareDir}, signed in beside it…`);
      await serveBuild(compare, compareDir);
      watch(compare, events);
      await firstLoad(compare, base, BENCH_CONSOLE_PASSWORD);
    }
    events.length = 0;
    // The screens staff open next (the palette among them) are fetched a second after home shows: wait for them.
    await page.waitForTimeout(1500);
    for (const p of compare ? [page, compare] : [page]) await p.waitForLoadState('networkidle');

    log(`Palette: ${opts.paletteRuns} runs${compare ? ' in each build, in turn' : ''}…`);
    const cdp = opts.profile ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const [figures, compared] = await paletteFigures(compare ? [page, compare] : [page], opts.paletteRuns, log);
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop') as { profile: CpuProfile };
      const file = `/tmp/palette-${Date.now()}.cpuprofile`;
      writeFileSync(file, JSON.stringify(profile));
      console.log(`\nCPU profile of the palette runs: ${file}\n${summariseProfile(profile)}`);
    }
    const report = compared && compareDir
      ? [paletteReport(figures, 'this build'), paletteReport(compared, compareDir),
        paletteComparison([{ name: 'this build', figures }, { name: compareDir, figures: compared }])].join('\n\n')
      : paletteReport(figures);
    console.log(`\n${report}`);
    if (events.length) console.log(`  what the page did meanwhile: ${[...new Set(events)].slice(0, 10).join('; ')}`);
    return [load.split('\n')[0], report];
  } finally {
    await browser.close();
    if (server) await stopConsole(server);
  }
}
