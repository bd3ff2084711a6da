import { expect, test, type Page } from './fixtures';
import { apiOf } from './catalogue-helpers';
import { signInReady, tabTo } from './workflow-helpers';

/**
 * The activity log shows an import, and a bulk action, as one entry (issue 38 §1, §3): its counts on the entry, its
 * rows under it once opened, and its Undo reached by keyboard while the window is open.
 */

async function request(page: Page, method: 'GET' | 'POST', url: string, data?: string | object, type?: string) {
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  const res = await page.request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}`, ...(type ? { 'Content-Type': type } : {}) } });
  return { status: res.status(), body: await res.json() };
}

/** Codes of their own (three capitals), so a retry against the same console finds none taken. */
const code = () => `Z${Array.from({ length: 2 }, () => 'ABCDEFGHIJKLMNOPRSTUVWXY'[Math.floor(Math.random() * 24)]).join('')}`;

test('an import is one entry: opened by keyboard it lists its rows, and is undone there', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInReady(page, 'superadmin');
  const codes = [code(), code()];
  if (codes[0] === codes[1]) codes[1] = `${codes[1].slice(0, 2)}${codes[1][2] === 'A' ? 'B' : 'A'}`;
  const names = [`Logged Alpha ${codes[0]}`, `Logged Beta ${codes[1]}`];
  const started = await request(page, 'POST', '/api/state/import', `name,code\n${names[0]},${codes[0]}\n${names[1]},${codes[1]}\nBroken,x1\n`, 'text/csv');
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const id = started.body.data.id as number;
  await expect.poll(async () => (await request(page, 'GET', `/api/imports/${id}`)).body.data.state).toBe('done');

  await page.goto('/dashboard/fmc/fmclogs?entity=state&action=import');
  const entry = page.locator('li.log-row').first();
  await expect(entry).toContainText('Imported a file');
  await expect(entry).toContainText('2 added');
  await expect(entry).toContainText('1 failed');
  await entry.locator('button.log-toggle').focus();
  await page.keyboard.press('Enter');
  const rows = entry.getByRole('list', { name: 'Rows of this import' });
  await expect(rows.getByRole('listitem')).toHaveCount(2);
  for (const name of names) await expect(rows.getByText(name)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('log-import-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('log-import-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  page.once('dialog', (d) => void d.accept());
  await tabTo(page, entry.getByRole('button', { name: 'Undo this import' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('The import was undone')).toBeVisible();
  await expect(entry.getByText('Undone: the records it added are in the trash.')).toBeVisible();
  await expect(entry.getByRole('button', { name: 'Undo this import' })).toHaveCount(0);
  // The undo's deletes are under the import too, and the records are gone.
  await expect(rows.getByRole('listitem')).toHaveCount(4);
  expect((await request(page, 'GET', `/api/state?q=${encodeURIComponent(codes[0])}`)).body.data.filter((s: { code: string }) => s.code === codes[0])).toEqual([]);
});

test('a bulk delete is one entry with its records, undone from the log', async ({ page }) => {
  await signInReady(page, 'superadmin');
  const api = await apiOf(page);
  const made = [];
  for (const c of [code(), code()]) made.push(await api.create('state', { name: `Bulk gone ${c}`, code: c }));
  const r = await request(page, 'POST', '/api/state/bulk', { ids: made.map((m) => m.id), op: 'delete' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);

  await page.goto('/dashboard/fmc/fmclogs?entity=state&action=bulk');
  const entry = page.locator('li.log-row').first();
  await expect(entry).toContainText('Acted on many records');
  await expect(entry).toContainText('Done: 2');
  await entry.locator('button.log-toggle').focus();
  await page.keyboard.press('Enter');
  await expect(entry.getByText('Deleted each record.')).toBeVisible();
  await expect(entry.getByRole('list', { name: 'Records of this action' }).getByRole('listitem')).toHaveCount(2);
  page.once('dialog', (d) => void d.accept());
  await tabTo(page, entry.getByRole('button', { name: 'Undo this action' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('The action was undone.')).toBeVisible();
  for (const m of made) expect((await request(page, 'GET', `/api/state/${m.id}`)).status).toBe(200);
});
