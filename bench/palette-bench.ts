import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { COMMANDS, isAllowed } from '../commands';
import { SHOWN_PER_KIND } from '../src/client/palette/record-groups';
import { installPaintTiming, keyToPaint, type PaintTiming } from './paint-timing';
import { percentile } from './timing';

/**
 * The palette's timings as superadmin (the role with the most commands) on the demo data, in a signed-in page:
 *  - open: Ctrl+K to the box and its first lines painted (target p95 20 ms);
 *  - a keystroke to painted results: the first letter (every command ranked), and a letter typed while a page of
 *    records (the last answer, 20) is listed with the commands (target p95 16 ms, one frame);
 *  - a keystroke to painted results with the query's reading shown (palette/reading): the last letter of a sentence
 *    that names a list, a status and a period, the reading's chips changing with it (target p95 16 ms);
 *  - record matches: a patient's surname typed at about 8 keys a second; from the last key to the patient's line
 *    painted (the last answer narrowed here, or the new one), and to the answer for the whole surname painted
 *    (target 100 ms).
 * Each run opens the palette, types, and closes it with Esc; a run that fails is reported and left out.
 */
export interface PaletteFigures {
  open: PaintTiming[]; firstKey: PaintTiming[]; keyWithRecords: PaintTiming[]; keyWithReading: PaintTiming[]; recordShown: PaintTiming[]; recordAnswered: PaintTiming[];
  /** The same measure of a key in a page that only echoes it: what this machine adds to any keystroke right now. */
  floor: PaintTiming[];
  /** The whole surname's answer in its parts (Resource Timing of its `/api/search` call): whose time it is. */
  answerParts: AnswerParts[];
  slowFrames: number; keystrokes: number; failed: string[]; commands: number;
}

/**
 * The whole answer's time from the last key, cut at its request (the page's Resource Timing entry): the client's part
 * before it (the key's render and paint, then the wait before the fetch starts), the server's (the fetch's start to
 * the first byte back: the route and the database, with the browser's network stack and the loopback), the body's arrival, and the client's part after it (the
 * answer read, ranked, rendered and painted).
 */
export interface AnswerParts { toRequest: number; server: number; body: number; toPaint: number }

const TARGETS = { open: 20, key: 16, records: 100 };
/** Typed as people type: about 8 keys a second. */
const KEY_GAP_MS = 120;

/** Read as the missed appointments of this week: its last key adds the period chip. */
const READ_SENTENCE = 'missed appointments this week';

const ROOT = '[data-palette-root]';
const LOADING = '[data-palette-loading]';
const settled = (selector: string) => `${ROOT}:not(:has(${LOADING})) ${selector}`;

export async function surnames(page: Page): Promise<{ id: number; name: string }[]> {
  const rows = await page.evaluate(`fetch('/api/patients?limit=100&sort=createdAt:desc', { headers: { authorization: 'Bearer ' + localStorage.getItem('id_token') } })
    .then((res) => res.json()).then((body) => body.data.map((p) => ({ id: p.id, name: String(p.lastName || '').toLowerCase() })))`) as { id: number; name: string }[];
  // Five letters or more, plain a-z (typed as they are); one patient per surname.
  const seen = new Set<string>();
  const plain = rows.filter((r) => /^[a-z]{5,}$/.test(r.name) && !seen.has(r.name) && seen.add(r.name));
  // Only a patient the palette lists for the surname: the server sends a few patients, the palette lists the best
  // three of a kind (SHOWN_PER_KIND), and a surname shared by more may list the others only ("iyengar" never listed
  // its patient: every run of it failed).
  // Asked one at a time: the machine is shared.
  const listed = await page.evaluate(`(async () => {
    const out = [];
    for (const p of ${JSON.stringify(plain)}) {
      const res = await fetch('/api/search?q=' + p.name, { headers: { authorization: 'Bearer ' + localStorage.getItem('id_token') } });
      const patients = (await res.json()).data.filter((h) => h.entity === 'patients');
      out.push(patients.length <= ${SHOWN_PER_KIND} && patients.some((h) => h.id === p.id));
    }
    return out;
  })()`) as boolean[];
  return plain.filter((_, i) => listed[i]);
}

/** What the palette shows, to say why a run failed. */
const paletteState = (page: Page) => page.evaluate(`(() => {
  const input = document.querySelector('[data-palette-input]');
  if (!input) return 'the palette is closed, at ' + location.pathname;
  const lines = [...document.querySelectorAll('[data-palette-item]')].map((e) => e.getAttribute('data-value'));
  return 'typed "' + input.value + '", ' + lines.length + ' lines, ' + lines.filter((v) => v.includes(':')).length + ' records'
    + (document.querySelector('${LOADING}') ? ', searching' : '') + (document.querySelector('.palette-error') ? ', ' + document.querySelector('.palette-error').textContent : '');
})()`) as Promise<string>;

/** Waits until `expression` holds in the page (page.waitForFunction would need eval, which the console's CSP forbids). */
async function until(page: Page, expression: string, what: string, timeoutMs = 5000) {
  const deadline = performance.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (performance.now() > deadline) throw new Error(`${what}: not seen within ${timeoutMs} ms (${await paletteState(page)})`);
    await page.waitForTimeout(20);
  }
}

async function closePalette(page: Page) {
  await page.keyboard.press('Escape');
  await page.locator(ROOT).waitFor({ state: 'detached', timeout: 5000 });
}

/** One run: open, first key, a key with records listed, then the rest of the surname at typing speed. */
export async function oneRun(page: Page, patient: { id: number; name: string }, f: PaletteFigures) {
  try {
    await measuredRun(page, patient, f);
  } catch (err) {
    // Back to a known state for the next run: the palette closed on the home page.
    if (await page.locator(ROOT).count()) await closePalette(page).catch(() => {});
    throw err;
  }
}

async function measuredRun(page: Page, patient: { id: number; name: string }, f: PaletteFigures) {
  const { name } = patient;
  await page.waitForTimeout(KEY_GAP_MS);
  const [open] = await keyToPaint(page, 'Control+k', [{ selector: `${ROOT}:has([data-palette-input]) [data-palette-item]`, how: 'appear' }]);
  // Typing into anything but the palette's box would run single-key shortcuts (g then a letter navigates).
  if (!(await page.evaluate(`document.activeElement?.hasAttribute('data-palette-input') === true`))) throw new Error('the palette opened without focus in its box');
  // Every timed key comes as a typist's would, a key's interval after what came before it (the palette painted, the
  // answer listed), not in the same frame: a key pressed while the last change is still being painted waits for that
  // frame, which measures the bench's own haste rather than the palette.
  await page.waitForTimeout(KEY_GAP_MS);
  const [first] = await keyToPaint(page, name[0], [{ selector: '', how: 'change' }]);
  await page.waitForTimeout(KEY_GAP_MS);
  await page.keyboard.press(name[1]);
  // The answer for the two letters (a page of records, ranked with the commands; the lines show the best of both).
  await until(page, `!!document.querySelector('${ROOT}') && !document.querySelector('${LOADING}')`, 'the answer for two letters');
  await page.waitForTimeout(KEY_GAP_MS);
  const [withRecords] = await keyToPaint(page, name[2], [{ selector: '', how: 'change' }]);
  for (const ch of name.slice(3, -1)) {
    await page.waitForTimeout(KEY_GAP_MS);
    await page.keyboard.press(ch);
  }
  await page.waitForTimeout(KEY_GAP_MS);
  const line = `[data-palette-item][data-value="patients:${patient.id}"]`;
  await page.evaluate('performance.clearResourceTimings()');
  const [shown, answered] = await keyToPaint(page, name.at(-1)!, [{ selector: line, how: 'appear' }, { selector: settled(line), how: 'appear' }]);
  const parts = await answerParts(page, name, answered);
  await closePalette(page);
  // A sentence read as a list: typed at typing speed but for its last letter, which turns "this wee" into the period.
  await page.waitForTimeout(KEY_GAP_MS);
  await page.keyboard.press('Control+k');
  await page.locator('[data-palette-input]').waitFor();
  for (const ch of READ_SENTENCE.slice(0, -1)) {
    await page.waitForTimeout(KEY_GAP_MS / 4);
    await page.keyboard.press(ch === ' ' ? 'Space' : ch);
  }
  await until(page, `!!document.querySelector('[data-value="_reading"]')`, 'the reading of the sentence');
  await page.waitForTimeout(KEY_GAP_MS);
  const [withReading] = await keyToPaint(page, READ_SENTENCE.at(-1)!, [{ selector: '', how: 'change' }]);
  await closePalette(page);
  f.keyWithReading.push(withReading);
  const all: PaintTiming[] = [open, first, withRecords, shown, withReading];
  f.open.push(open);
  f.firstKey.push(first);
  f.keyWithRecords.push(withRecords);
  f.recordShown.push(shown);
  f.recordAnswered.push(answered);
  if (parts) f.answerParts.push(parts);
  f.keystrokes += 4;
  f.slowFrames += all.slice(1).filter((t) => t.slowEvent >= 16).length;
}

/** The parts of the answer for `q` painted at `answered` (none when it was painted from the cache, before any request). */
async function answerParts(page: Page, q: string, answered: PaintTiming): Promise<AnswerParts | null> {
  const entries = await page.evaluate(`performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/search?q=${encodeURIComponent(q)}'))
    .map((e) => ({ start: e.startTime, responseStart: e.responseStart, responseEnd: e.responseEnd }))`) as
    { start: number; responseStart: number; responseEnd: number }[];
  const painted = answered.at + answered.painted;
  const e = entries.filter((x) => x.responseEnd > 0 && x.responseEnd <= painted).at(-1);
  if (!e) return null;
  return { toRequest: e.start - answered.at, server: e.responseStart - e.start, body: e.responseEnd - e.responseStart, toPaint: painted - e.responseEnd };
}

/** A progress line: redrawn in place on a terminal, else printed every few runs. */
function progress(text: string, print: boolean) {
  if (process.stderr.isTTY) process.stderr.write(`\r${text}\x1b[K`);
  else if (print) process.stderr.write(`${text}\n`);
}

/**
 * The floor: a key typed into a bare input whose handler writes what was typed into the page, timed the same way, in
 * a page of its own beside the console's. The busier the machine (other work on its cores), the higher it is.
 */
async function floor(page: Page, runs: number): Promise<PaintTiming[]> {
  const bare = await page.context().browser()!.newPage();
  try {
    await bare.setContent('<input id="i"><div id="o"></div><script>i.oninput = () => { o.textContent = i.value; };</script>');
    await installPaintTiming(bare);
    await bare.focus('#i');
    const out: PaintTiming[] = [];
    for (let i = 0; i < runs; i++) {
      out.push((await keyToPaint(bare, 'abcdefghij'[i % 10], [{ selector: '', how: 'change' }]))[0]);
      await bare.waitForTimeout(KEY_GAP_MS);
    }
    return out;
  } finally {
    await bare.close();
  }
}

/**
 * Serves `page` another build of the console (`dir`: a built dist/ folder, e.g. of an earlier commit) from the same
 * server and data: its pages' HTML and its /assets/ files come from that folder, the server's headers kept (the CSP
 * allows the same inline script by its hash). The API is the server's. Set up before the page opens the console.
 */
export async function serveBuild(page: Page, dir: string) {
  const index = readFileSync(path.join(dir, 'index.html'), 'utf8');
  await page.route('**/*', async (route) => {
    const request = route.request();
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'document') {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ status: response.status(), headers, body: index });
      return;
    }
    const file = path.join(dir, pathname);
    if (pathname.startsWith('/assets/') && existsSync(file)) await route.fulfill({ path: file });
    else await route.fallback();
  });
}

/**
 * Runs the palette `runs` times in each page (after three unmeasured runs each that load and warm its code), the
 * pages in turn run by run, in alternate order: two builds compared side by side live through the same load on the
 * machine.
 */
export async function paletteFigures(pages: Page[], runs: number, log: (line: string) => void): Promise<PaletteFigures[]> {
  for (const page of pages) await installPaintTiming(page);
  const patients = await surnames(pages[0]);
  if (patients.length < 5) throw new Error(`the demo data has too few patients with a plain surname (${patients.length})`);
  const commands = [...COMMANDS.values()].filter((c) => isAllowed(c, 'superadmin')).length;
  const empty = (): PaletteFigures => ({ open: [], firstKey: [], keyWithRecords: [], keyWithReading: [], recordShown: [], recordAnswered: [], floor: [], answerParts: [], slowFrames: 0, keystrokes: 0, failed: [], commands });
  const figures = pages.map(() => empty());
  const warm = empty();
  for (const page of pages) for (let i = 0; i < 3; i++) await oneRun(page, patients[i], warm);
  for (let i = 0; i < runs; i++) {
    const patient = patients[(i + 3) % patients.length];
    progress(`  palette run ${i + 1}/${runs} (${patient.name})`, i + 1 === runs || (i + 1) % 10 === 0);
    // Which build goes first alternates run by run: the first of a pair came out slower at p95 whichever it was.
    const order = [...pages.entries()];
    if (i % 2) order.reverse();
    for (const [p, page] of order) {
      try {
        await oneRun(page, patient, figures[p]);
      } catch (err) {
        figures[p].failed.push(`run ${i + 1} (${patient.name}): ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
      }
    }
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  const bare = await floor(pages[0], runs);
  for (const f of figures) {
    f.floor = bare;
    if (f.failed.length) log(`  ${f.failed.length} palette runs failed: ${f.failed.join('; ')}`);
  }
  return figures;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

function line(label: string, ts: PaintTiming[], target?: number): string {
  if (!ts.length) return `  ${label}: no run succeeded`;
  const s = ts.map((t) => t.painted).sort((a, b) => a - b);
  const dom = ts.map((t) => t.dom).sort((a, b) => a - b);
  const p95 = percentile(s, 0.95);
  const verdict = target === undefined ? '' : `; target p95 ≤ ${target} ms: ${p95 <= target ? 'meets' : 'MISSES'}`;
  return `  ${label}: p50 ${ms(percentile(s, 0.5))}, p95 ${ms(p95)}, max ${ms(s[s.length - 1])} (n ${s.length}; on screen in the DOM after p50 ${ms(percentile(dom, 0.5))}, p95 ${ms(percentile(dom, 0.95))})${verdict}`;
}

function partsLine(parts: AnswerParts[], answers: number): string {
  if (!parts.length) return '  the whole answer in parts: no request seen';
  const cell = (of: (p: AnswerParts) => number) => {
    const s = parts.map(of).sort((a, b) => a - b);
    return `p50 ${percentile(s, 0.5).toFixed(1)}, p95 ${percentile(s, 0.95).toFixed(1)}`;
  };
  return `  the whole answer in parts (n ${parts.length} of ${answers}; ms): key to request ${cell((p) => p.toRequest)} | server (fetch to first byte) ${cell((p) => p.server)}`
    + ` | body ${cell((p) => p.body)} | answer to painted ${cell((p) => p.toPaint)} | the client's part ${cell((p) => p.toRequest + p.toPaint)}`;
}

/** The issue's budget: open p95 ≤ 4× the floor's p95, a keystroke's ≤ 3×, the whole surname's answer p95 ≤ 50 ms. */
function ratios(f: PaletteFigures): string {
  const p95 = (ts: PaintTiming[]) => percentile(ts.map((t) => t.painted).sort((a, b) => a - b), 0.95);
  if (!f.floor.length || !f.open.length) return '  against the floor: no figures';
  const floor = p95(f.floor);
  const x = (ts: PaintTiming[], most: number) => `${(p95(ts) / floor).toFixed(1)}× (≤ ${most}×: ${p95(ts) <= most * floor ? 'meets' : 'MISSES'})`;
  return `  p95 against the floor's p95 (${floor.toFixed(1)} ms): open ${x(f.open, 4)}; first letter ${x(f.firstKey, 3)}; key with records ${x(f.keyWithRecords, 3)};`
    + ` key with reading ${x(f.keyWithReading, 3)}; whole surname answer ${p95(f.recordAnswered).toFixed(1)} ms (≤ 50 ms: ${p95(f.recordAnswered) <= 50 ? 'meets' : 'MISSES'})`;
}

/** `build`: which build was measured, when two are compared. */
export function paletteReport(f: PaletteFigures, build = ''): string {
  return [
    `Palette${build ? ` of ${build}` : ''} (superadmin: ${f.commands} commands; demo data; from the keydown to the frame showing the change painted):`,
    line('open (Ctrl+K to the box and first lines painted)', f.open, TARGETS.open),
    line('a keystroke to painted results, first letter (every command ranked)', f.firstKey, TARGETS.key),
    line('a keystroke to painted results, commands + a page of records', f.keyWithRecords, TARGETS.key),
    line('a keystroke to painted results with the reading shown (its chips change)', f.keyWithReading, TARGETS.key),
    line('record matches after the last key of a surname typed at 8 keys/s (its line painted)', f.recordShown, TARGETS.records),
    line('the answer for the whole surname painted', f.recordAnswered, TARGETS.records),
    partsLine(f.answerParts, f.recordAnswered.length),
    line('this machine\'s floor now: a key echoed by a bare page, same measure', f.floor),
    ratios(f),
    `  Event Timing cross-check: ${f.slowFrames} of ${f.keystrokes} measured palette keystrokes had an event of 16 ms or more to the next paint${f.failed.length ? `; ${f.failed.length} runs failed` : ''}`,
  ].join('\n');
}

/** Two builds measured in turn: the p50 and p95 of each measure side by side. */
export function paletteComparison(builds: { name: string; figures: PaletteFigures }[]): string {
  const measures: [string, (f: PaletteFigures) => PaintTiming[]][] = [
    ['open', (f) => f.open],
    ['first letter', (f) => f.firstKey],
    ['key with records', (f) => f.keyWithRecords],
    ['key with reading', (f) => f.keyWithReading],
    ['record line', (f) => f.recordShown],
    ['whole answer', (f) => f.recordAnswered],
  ];
  const cell = (ts: PaintTiming[]) => {
    const s = ts.map((t) => t.painted).sort((a, b) => a - b);
    return s.length ? `${percentile(s, 0.5).toFixed(1)} / ${percentile(s, 0.95).toFixed(1)}` : 'no run';
  };
  const parts: [string, (p: AnswerParts) => number][] = [
    ['answer: to request', (p) => p.toRequest], ['answer: server', (p) => p.server], ['answer: to paint', (p) => p.toPaint],
  ];
  const partCell = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? `${percentile(s, 0.5).toFixed(1)} / ${percentile(s, 0.95).toFixed(1)}` : 'no run';
  };
  const width = Math.max(...builds.map((b) => b.name.length), 14);
  return [
    'Palette, builds side by side (p50 / p95 ms, keydown to painted; runs in turn):',
    `  ${''.padEnd(20)}${builds.map((b) => b.name.padEnd(width + 2)).join('')}`,
    ...measures.map(([label, of]) => `  ${label.padEnd(20)}${builds.map((b) => cell(of(b.figures)).padEnd(width + 2)).join('')}`),
    ...parts.map(([label, of]) => `  ${label.padEnd(20)}${builds.map((b) => partCell(b.figures.answerParts.map(of)).padEnd(width + 2)).join('')}`),
    `  ${'floor (bare page)'.padEnd(20)}${cell(builds[0].figures.floor)}`,
  ].join('\n');
}
