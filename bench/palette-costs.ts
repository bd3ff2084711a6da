import { chromium, type Page } from '@playwright/test';
import config from '../playwright.config';
import { BENCH_CONSOLE_PASSWORD, startConsole, stopConsole } from './console-process';
import { firstLoad } from './first-load';
import { serveBuild } from './palette-bench';
import type { CpuProfile } from './profile-summary';

/**
 * Where the palette's frames go, by the browser's own accounts: `npx tsx bench/palette-costs.ts [dist…]` opens the
 * palette and types in it `RUNS` times (default 10) in each build named (default: dist/), under a Chromium trace, and
 * prints per action the main thread's time by kind of work (script, style, layout, pre-paint, paint, layerize) and
 * the elements styled and laid out. `TASKS=1` adds the script's time by the task it ran in (an event by its type, a timer, a frame callback). `PROFILE=<action>` takes a CPU profile of that action instead of its trace (build
 * with `npx vite build --minify false --outDir <dir>` to read its names); `START=<path>` opens the palette on that
 * screen rather than home. Port BENCH_BROWSER_PORT, data BENCH_LOAD_DIR, as bench/browser.ts. The time is CPU time of the renderer's main thread: less sensitive than the
 * wall-clock figures of palette-bench.ts to other work on the machine, though not immune to it.
 */
interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { beginData?: Record<string, number>; elementCount?: number; data?: Record<string, unknown> } }

const KINDS: Record<string, string> = {
  FunctionCall: 'script', EventDispatch: 'script', TimerFire: 'script', FireAnimationFrame: 'script', RunMicrotasks: 'script', 'v8.run': 'script',
  UpdateLayoutTree: 'style', Layout: 'layout', PrePaint: 'pre-paint', Paint: 'paint', Layerize: 'layerize', 'Commit': 'commit', HitTest: 'hit test',
};

const ACTIONS: { name: string; act: (page: Page) => Promise<void> }[] = [
  { name: 'open', act: (page) => page.keyboard.press('Control+k') },
  { name: 'first letter', act: (page) => page.keyboard.press('a') },
  { name: 'second letter', act: (page) => page.keyboard.press('p') },
  { name: 'arrow down', act: (page) => page.keyboard.press('ArrowDown') },
  { name: 'close', act: (page) => page.keyboard.press('Escape') },
];

/** Self and total time by function of a CPU profile, added into `self` and `total`. */
function addProfile(profile: CpuProfile, self: Map<string, number>, total: Map<string, number>) {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const label = (id: number) => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}`;
  };
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (byId.get(id)!.callFrame.functionName === '(idle)') return;
    self.set(label(id), (self.get(label(id)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const l = label(n);
      if (!seen.has(l)) { seen.add(l); total.set(l, (total.get(l) ?? 0) + dt); }
    }
  });
}

const profiled = process.env.PROFILE;
export const profiles = { self: new Map<string, number>(), total: new Map<string, number>() };

async function measure(page: Page, runs: number) {
  const browser = page.context().browser()!;
  const totals = new Map<string, Map<string, number>>();
  const counts = new Map<string, Map<string, number>>();
  const tasks = new Map<string, Map<string, number>>();
  const add = (m: Map<string, Map<string, number>>, action: string, key: string, v: number) => {
    const row = m.get(action) ?? new Map<string, number>();
    row.set(key, (row.get(key) ?? 0) + v);
    m.set(action, row);
  };
  for (let run = 0; run < runs; run++) {
    for (const { name, act } of ACTIONS) {
      await page.waitForTimeout(150);
      if (profiled === name) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
        await cdp.send('Profiler.start');
        await act(page);
        await page.waitForTimeout(Number(process.env.PROFILE_MS ?? 40));
        const { profile } = await cdp.send('Profiler.stop') as { profile: CpuProfile };
        addProfile(profile, profiles.self, profiles.total);
        await cdp.detach();
        await page.waitForTimeout(250);
        continue;
      }
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] });
      await act(page);
      await page.waitForTimeout(250);
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      const main = trace.traceEvents.find((e) => e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain'
        && trace.traceEvents.some((x) => x.pid === e.pid && x.name === 'EventDispatch'));
      const events = trace.traceEvents.filter((e) => e.ph === 'X' && (!main || (e.pid === main.pid && e.tid === main.tid)));
      // Nested events of one kind (a FunctionCall inside an EventDispatch) count once: only the outermost of each kind.
      const ends = new Map<string, number>();
      for (const e of events.sort((a, b) => a.ts - b.ts)) {
        const kind = KINDS[e.name];
        if (!kind || !e.dur) continue;
        const end = kind === 'script' ? Math.max(ends.get('script') ?? 0, 0) : 0;
        if (kind === 'script' && e.ts < end) continue;
        if (kind === 'script') ends.set('script', e.ts + e.dur);
        add(totals, name, kind, e.dur / 1000);
        if (e.name === 'Layout') add(counts, name, 'laid out', Number(e.args?.beginData?.dirtyObjects ?? 0));
        if (e.name === 'UpdateLayoutTree') add(counts, name, 'styled', Number(e.args?.elementCount ?? 0));
        add(counts, name, `${kind} count`, 1);
        if (kind === 'script') add(tasks, name, scriptLabel(e), e.dur / 1000);
      }
    }
  }
  return { totals, counts, tasks };
}

/** What a stretch of script ran for: the event it handled (keydown, input…), a timer, a frame callback, a message. */
function scriptLabel(e: TraceEvent): string {
  const data = e.args?.data as { type?: string; functionName?: string; url?: string } | undefined;
  if (e.name === 'EventDispatch') return `event ${data?.type ?? '?'}`;
  if (e.name === 'TimerFire') return 'timer';
  if (e.name === 'FireAnimationFrame') return 'animation frame';
  if (e.name === 'FunctionCall') return `call ${data?.functionName || '(anonymous)'}`;
  return e.name;
}

async function main() {
  const dirs = process.argv.slice(2);
  const runs = Number(process.env.RUNS ?? 10);
  const port = Number(process.env.BENCH_BROWSER_PORT ?? 8734);
  const server = await startConsole(port);
  const browser = await chromium.launch({ executablePath: config.use?.launchOptions?.executablePath, args: config.use?.launchOptions?.args });
  try {
    const pages: { name: string; page: Page }[] = [];
    for (const dir of dirs.length ? dirs : ['']) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      if (dir) await serveBuild(page, dir);
      await firstLoad(page, `http://127.0.0.1:${port}`, BENCH_CONSOLE_PASSWORD);
      // START: a screen to open the palette on (e.g. /dashboard/appointments/all, a list of many rows) instead of home.
      if (process.env.START) await page.goto(`http://127.0.0.1:${port}${process.env.START}`);
      await page.waitForTimeout(1500);
      await page.waitForLoadState('networkidle');
      for (let i = 0; i < 3; i++) { await page.keyboard.press('Control+k'); await page.waitForTimeout(200); await page.keyboard.type('ap'); await page.waitForTimeout(200); await page.keyboard.press('Escape'); }
      pages.push({ name: dir || 'dist', page });
    }
    const results = [];
    // Builds in turn, a few runs at a time, so that the machine's load falls on each alike.
    const acc = pages.map(() => ({ totals: new Map<string, Map<string, number>>(), counts: new Map<string, Map<string, number>>(), tasks: new Map<string, Map<string, number>>() }));
    for (let r = 0; r < runs; r += 2) {
      for (const [i, { page }] of pages.entries()) {
        const m = await measure(page, Math.min(2, runs - r));
        for (const key of ['totals', 'counts', 'tasks'] as const) for (const [a, row] of m[key]) for (const [k, v] of row) {
          const to = acc[i][key].get(a) ?? new Map<string, number>();
          to.set(k, (to.get(k) ?? 0) + v);
          acc[i][key].set(a, to);
        }
      }
    }
    for (const [i, { name }] of pages.entries()) {
      results.push(`\n${name} (mean per action over ${runs} runs; main thread ms)`);
      for (const { name: action } of ACTIONS) {
        const t = acc[i].totals.get(action) ?? new Map();
        const c = acc[i].counts.get(action) ?? new Map();
        const fmt = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / runs).toFixed(2)}`).join(', ');
        results.push(`  ${action.padEnd(14)} total ${([...t.values()].reduce((a, b) => a + b, 0) / runs).toFixed(2)}: ${fmt(t)}\n  ${''.padEnd(14)} ${fmt(c)}`);
        // TASKS=1: the script's time by what it ran for (the keydown's handlers, the keyup's, a timer, a frame callback).
        if (process.env.TASKS) results.push(`  ${''.padEnd(14)} script by task: ${fmt(acc[i].tasks.get(action) ?? new Map())}`);
      }
    }
    console.log(results.join('\n'));
    if (profiled) {
      const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 45).map(([n, v]) => `  ${(v / runs / pages.length).toFixed(2).padStart(7)} ms  ${n}`).join('\n');
      console.log(`\nCPU profile of "${profiled}" (first ${process.env.PROFILE_MS ?? 40} ms after the key; mean per run)\nself:\n${top(profiles.self)}\ntotal:\n${top(profiles.total)}`);
    }
  } finally {
    await browser.close();
    await stopConsole(server);
  }
}

void main();
