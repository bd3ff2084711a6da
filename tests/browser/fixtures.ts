import { test as base } from '@playwright/test';
import { consoleUrl, type Dataset } from './consoles';

export { expect } from '@playwright/test';
export type { Download, Locator, Page, Request, Route } from '@playwright/test';

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
});
