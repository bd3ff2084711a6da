import { test as base, type Page, type Request } from '@playwright/test';
import { consoleUrl, type Dataset } from './consoles';

import { expect } from '@playwright/test';

export { expect };
export type { Download, Locator, Page, Request, Response, Route } from '@playwright/test';

/**
 * Playwright's `test` with the console to run against chosen by data set (`test.use({ dataset: 'demo' })`): the
 * worker's own console of that data set is the test's baseURL (tests/browser/consoles.ts).
 */
export const test = base.extend<{ dataset: Dataset; demoUrl: string }>({
  dataset: ['empty', { option: true }],
  baseURL: async ({ dataset }, provide, testInfo) => provide(consoleUrl(dataset, testInfo.parallelIndex)),
  /** The worker's demo console, for a second browser context of a test on it. */
  // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  demoUrl: async ({}, provide, testInfo) => provide(consoleUrl('demo', testInfo.parallelIndex)),
  // Every test's page has its requests counted from the start, for networkQuiet.
  page: async ({ page }, provide) => {
    track(page);
    await provide(page);
  },
});

/** The requests under way of each page, but the change stream's, which stays open as long as the console does. */
const underWay = new WeakMap<Page, Set<Request>>();

function track(page: Page): Set<Request> {
  let open = underWay.get(page);
  if (open) return open;
  open = new Set();
  underWay.set(page, open);
  const set = open;
  page.on('request', (r) => { if (new URL(r.url()).pathname !== '/api/events') set.add(r); });
  page.on('requestfinished', (r) => set.delete(r));
  page.on('requestfailed', (r) => set.delete(r));
  return set;
}

/**
 * What `waitForLoadState('networkidle')` waited for before the console held a change stream open (a fetch, which
 * Playwright counts, unlike an EventSource): no request under way for half a second, the stream's aside.
 */
export async function networkQuiet(page: Page) {
  const open = track(page);
  let quietSince = 0;
  await expect.poll(() => {
    if (open.size) quietSince = 0;
    else quietSince ||= Date.now();
    return quietSince > 0 && Date.now() - quietSince >= 500;
  }, { intervals: [100] }).toBe(true);
}
