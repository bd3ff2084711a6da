import { existsSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
// Target of issue 8, which `npm test` holds after the build (scripts/first-load-budget.ts).
import { FIRST_LOAD_KB } from '../scripts/first-load-budget';

/** The console marks when it starts fetching the screens staff open next (dashboard.tsx), a moment after home. */
const PREFETCH_MARK = 'prefetch-screens';

/**
 * Compressed bytes of the JavaScript the page has fetched so far, by file: what it asked for before it began fetching
 * ahead, so the figure does not depend on whether the network went quiet before or after that began.
 */
async function scriptBytes(page: Page): Promise<Map<string, number>> {
  const entries = await page.evaluate(`(() => {
    const ahead = performance.getEntriesByName('${PREFETCH_MARK}', 'mark')[0]?.startTime ?? Infinity;
    return performance.getEntriesByType('resource').filter((r) => r.startTime < ahead).map((r) => ({ name: r.name, bytes: r.encodedBodySize }));
  })()`) as { name: string; bytes: number }[];
  return new Map(entries.filter((e) => e.name.endsWith('.js')).map((e) => [new URL(e.name).pathname.replace(/^\//, ''), e.bytes]));
}

const kb = (n: number) => (n / 1024).toFixed(1);
const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const list = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).map(([f, n]) => `${f.replace('assets/', '')} ${kb(n)}`).join(', ');

/**
 * Opens the sign-in page, signs in as superadmin and waits for home: the compressed JavaScript fetched on the way
 * (as the browser received it: brotli from the server's precompressed files), its files, and the five largest
 * modules of those files (from the build's dist/.vite/bundle-stats.json). Leaves the page signed in on home.
 */
export async function firstLoad(page: Page, base: string, password: string): Promise<string> {
  // The change stream is a request that stays open as long as the console does: without it, the network goes quiet
  // once everything is loaded (its code still loads, and counts).
  await page.route('**/api/events', (route) => route.abort());
  await page.goto(`${base}/signin`);
  await page.getByLabel('Email').waitFor();
  const signIn = await scriptBytes(page);
  await page.getByLabel('Email').fill('superadmin@demo.test');
  await page.getByLabel('Password').fill(password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  const first = await scriptBytes(page);
  const total = sum(first);
  const lines = [
    `First load (sign-in page, then home), compressed JavaScript: ${kb(total)} KB in ${first.size} files (sign-in page alone ${kb(sum(signIn))} KB); target at most ${FIRST_LOAD_KB} KB: ${total / 1024 <= FIRST_LOAD_KB ? 'meets' : 'MISSES'}`,
    `  files (KB): ${list(first)}`,
    `  of which fetched after the sign-in page (KB): ${list(new Map([...first].filter(([f]) => !signIn.has(f))))}`,
  ];
  const statsFile = 'dist/.vite/bundle-stats.json';
  if (existsSync(statsFile)) {
    const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as { file: string; modules: Record<string, number> }[];
    const modules = stats.filter((c) => first.has(c.file)).flatMap((c) => Object.entries(c.modules)).sort((a, b) => b[1] - a[1]).slice(0, 5);
    lines.push('  five largest modules of the first load (bytes before compression):');
    for (const [id, n] of modules) lines.push(`    ${kb(n)} KB  ${id}`);
  }
  return lines.join('\n');
}
