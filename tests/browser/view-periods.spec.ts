import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { csvRecords } from '../csv-records';
import { apiOf } from './catalogue-helpers';
import { runCommand } from './helpers';
import { signInReady, tabTo } from './workflow-helpers';

/**
 * A list view with a period of its own says so, and a period the user picks replaces it: "Payments · Recent" (the
 * last 7 days) shows "Started at: Last 7 days" as a chip; choosing "Last 30 days" there keeps 30 days, not the 7
 * days of them both would leave, in the rows, their total and the CSV export. The address keeps the words
 * (`@last30`), which the server reads in the browser's days.
 */
test.use({ dataset: 'demo' });

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const viewChip = (page: Page) => page.getByRole('list', { name: /period/i }).getByRole('button', { name: /^Started at:/ });

async function listTotal(page: Page): Promise<number> {
  await expect(page.getByRole('grid')).not.toHaveAttribute('aria-busy', 'true');
  const foot = page.locator('.grid-foot > span').first();
  await expect(foot).toHaveText(/^\d[\d,]* records?$/);
  return Number((await foot.innerText()).replace(/\D/g, ''));
}

test('Recent says its 7 days; "Last 30 days" with UPI replaces them in the list, its total and the CSV', async ({ page }) => {
  await signInReady(page, 'admin');
  const api = await apiOf(page);
  const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const count = async (q: string) => {
    const r = await api.get(`/api/payment?${q}&tz=${encodeURIComponent(tz)}&limit=1`);
    expect(r.status).toBe(200);
    return r.body.total as number;
  };

  await page.goto('/dashboard/payment/recent');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments: Recent' })).toBeVisible();
  await expect(viewChip(page)).toHaveText('Started at: Last 7 days');
  expect(await listTotal(page)).toBe(await count('filter[initiatedAt]=@last7'));

  // UPI from the toolbar's select, then the view's chip opened with the keyboard and "last 30" chosen.
  await page.getByRole('search').getByRole('combobox', { name: /^Method/ }).selectOption('upi');
  await expect.poll(() => param(page, 'filter[method]')).toBe('upi');
  await tabTo(page, viewChip(page));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Filter by Started at' });
  await expect(dialog.getByRole('combobox', { name: 'Period' })).toBeFocused();
  await page.keyboard.type('last 30');
  await expect(dialog.getByRole('option', { selected: true })).toHaveText('Last 30 days');
  await page.keyboard.press('Enter');
  await expect.poll(() => param(page, 'filter[initiatedAt]')).toBe('@last30');
  await expect(viewChip(page)).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Started at: Last 30 days');

  const thirty = await count('filter[initiatedAt]=@last30&filter[method]=upi');
  const seven = await count('filter[initiatedAt]=@last7&filter[method]=upi');
  expect(thirty).toBeGreaterThan(seven);
  expect(await listTotal(page)).toBe(thirty);

  // The export takes the same 30 days.
  await tabTo(page, page.getByRole('button', { name: 'Export CSV' }));
  let asked = '';
  page.on('request', (r) => { if (r.url().includes('/api/payment/export?')) asked = r.url(); });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Export CSV' }).getByRole('radio', { name: 'As shown' })).toBeFocused();
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  const bytes = await readFile((await download.path())!);
  const rows = csvRecords(bytes.subarray(3).toString('utf8')).records;
  expect(rows.length - 1).toBe(thirty);
  const sent = new URL(asked).searchParams;
  expect(sent.get('filter[initiatedAt]')).toBe('@last30');
  expect(sent.get('filter[method]')).toBe('upi');
  expect(sent.get('tz')).toBe(tz);
});

test('a view saved with "Last 30 days" keeps the words, and reads them anew when opened', async ({ page }) => {
  await signInReady(page, 'admin');
  await page.goto('/dashboard/payment/completed');
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await page.keyboard.press('k'); // on the rows first: a letter typed on arrival is a search
  await page.keyboard.press('f');
  await page.keyboard.type('Started at');
  await expect(page.getByRole('dialog').getByRole('option').first()).toHaveText('Started at');
  await page.keyboard.press('Enter');
  await page.keyboard.type('last 30');
  await page.keyboard.press('Enter');
  await expect.poll(() => param(page, 'filter[initiatedAt]')).toBe('@last30');

  await runCommand(page, 'Save this view');
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  const name = `Completed, last 30 days ${test.info().parallelIndex}-${Date.now() % 100_000}`;
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const views = (await (await apiOf(page)).get('/api/views')).body.data as { id: number; name: string; address: string }[];
  const view = views.find((v) => v.name === name)!;
  expect(view.address).toBe('/dashboard/payment/completed?filter[initiatedAt]=@last30');
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  try {
    await page.goto('/dashboard/home');
    await page.goto(view.address);
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Started at: Last 30 days');
  } finally {
    await page.request.fetch(`/api/views/${view.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
  }
});
