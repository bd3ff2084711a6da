import { apiOf } from './catalogue-helpers';
import { expect, test, type Page } from './fixtures';
import { runCommand } from './helpers';
import { signInReady, tabTo } from './workflow-helpers';

/**
 * Issue 38 §3, "select all matching": the rows beyond the loaded page are found page after page before anything is
 * written, and that is seen and heard (a status line with the count found so far) and stopped with Esc, nothing
 * changed; let run, every matching record is set. The list's next page of matches is held back while the status is
 * read, so the test waits for states, never for time.
 */
test.use({ dataset: 'demo' });

const ROWS = 120; // more than the list loads at once (100), fewer than one page of matches (200)

async function importCities(page: Page, stateId: number, town: string) {
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  const file = ['Name,State,Status', ...Array.from({ length: ROWS }, (_, i) => `${town} ${i + 1},${stateId},active`)].join('\n');
  const res = await page.request.post('/api/city/import', { headers: { Authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, data: file });
  expect(res.status()).toBe(202);
  const api = await apiOf(page);
  const id = (await res.json()).data.id;
  await expect.poll(async () => (await api.get(`/api/imports/${id}`)).body.data.state).toBe('done');
}

test('all matching: the status counts the rows found, Esc stops with nothing changed; let run, all are set', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInReady(page, 'superadmin');
  const api = await apiOf(page);
  // A state and a town name of their own, so a retry against the same console finds none of them taken.
  const letters = 'ABCDEFGHIJKLMNOPRSTUVWXYZ';
  const code = `Q${letters[Math.floor(Math.random() * 25)]}${letters[Math.floor(Math.random() * 25)]}`;
  const state = await api.create('state', { name: `Matchland ${code}`, code, country: 'India' });
  const town = `Matchtown${code}`;
  await importCities(page, state.id, town);
  const inactive = async () => (await api.get(`/api/city?q=${town}&filter[status]=inactive&limit=1`)).body.total;

  await page.goto(`/dashboard/city?q=${town}`);
  await expect(page.locator('tbody tr[id]').first()).toBeVisible(); // the first page: 100 rows (only those on screen drawn)
  const loaded = page.getByRole('checkbox', { name: 'Select every loaded row' });
  await loaded.focus();
  await page.keyboard.press('Space');
  const all = page.getByRole('button', { name: `Select all ${ROWS} matching records` });
  await tabTo(page, all);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`All ${ROWS} matching records are selected`)).toBeVisible();

  let release = () => {};
  const held = new Promise<void>((r) => { release = r; });
  await page.route(/\/api\/city\?.*limit=200/, async (route) => { await held; await route.continue().catch(() => undefined); });
  const setStatus = async () => {
    await runCommand(page, 'Set a field on the selected rows');
    const dialog = page.getByRole('dialog', { name: `Set a field on ${ROWS} records` });
    await expect(dialog.getByLabel('Field')).toBeFocused();
    await dialog.getByLabel('Field').selectOption({ label: 'Status' });
    await page.keyboard.press('Tab');
    await dialog.getByLabel('Status').selectOption('inactive');
    await page.keyboard.press('Control+Enter');
    await expect(dialog).toHaveCount(0);
  };
  await setStatus();
  const status = page.getByRole('status').filter({ hasText: 'Selecting all matching records…' });
  await expect(status).toHaveText(new RegExp(`Selecting all matching records… 0 of ${ROWS} found`));
  await expect(status).toContainText('Esc');
  await page.screenshot({ path: testInfo.outputPath('bulk-selecting-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('bulk-selecting-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.keyboard.press('Escape');
  release();
  await expect(page.getByText('Stopped: nothing was changed.')).toBeVisible();
  await expect(status).toHaveCount(0);
  expect(await inactive()).toBe(0);
  await expect(page.getByText(`All ${ROWS} matching records are selected`)).toBeVisible();

  // Let run: the rows found, then set in parts, every one of them.
  await page.unroute(/\/api\/city\?.*limit=200/);
  await setStatus();
  await expect(page.getByText(`Set on ${ROWS} records`)).toBeVisible();
  expect(await inactive()).toBe(ROWS);
});
