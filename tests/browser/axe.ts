import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from './fixtures';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a check. */
export const SERIOUS = new Set(['serious', 'critical']);

/**
 * axe-core's findings on the page as it is now. The rules: WCAG 2.0–2.2 A and AA, axe's best practices, and
 * label-content-name-mismatch (WCAG 2.5.3, shipped as experimental, so off unless named). Evaluated over the DevTools
 * protocol, which the console's CSP (script-src 'self') leaves alone, so the page runs under its real policy; a
 * <script> tag would need bypassCSP.
 */
export async function axeViolations(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() => (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    rules: { 'label-content-name-mismatch': { enabled: true } },
    resultTypes: ['violations'],
  })) as AxeResults;
  return results.violations;
}

/** Sets the signed-in user's theme through their preferences (PUT /api/me/prefs, as the preferences dialog does). */
export async function putTheme(page: Page, theme: string) {
  await page.evaluate(async (theme) => {
    const res = await fetch('/api/me/prefs', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${localStorage.getItem('id_token')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ theme }),
    });
    if (!res.ok) throw new Error(`PUT /api/me/prefs: ${res.status}`);
  }, theme);
}
