import { apiOf } from './catalogue-helpers';
import { expect, test, type Page } from './fixtures';
import { signInReady } from './workflow-helpers';

/**
 * Issue 38 §3, by keyboard: rows selected with x and Shift+J, "Set field…" (Shift+E) sets one field on all of them
 * through the server's bulk call, and the toast's Undo (Ctrl+Z) takes the whole action back.
 */
test.use({ dataset: 'demo' });

const grid = (page: Page) => page.getByRole('grid');
const rowIds = (page: Page) => page.locator('tbody tr[id]').evaluateAll((trs) => trs.slice(0, 3).map((tr) => Number(tr.id.split('-').pop())));

test('select three rows by keyboard, set their status, undo it', async ({ page }) => {
  await signInReady(page, 'superadmin');
  await page.goto('/dashboard/city');
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await expect(grid(page)).toBeFocused();
  await page.keyboard.press('k');
  const api = await apiOf(page);
  const ids = await rowIds(page);
  const before = await Promise.all(ids.map(async (id) => (await api.get(`/api/city/${id}`)).body.data.status as string));
  const target = before[0] === 'active' ? 'inactive' : 'active';

  // x on the first row, then Shift+J twice: the next two join the selection.
  await page.keyboard.press('x');
  await page.keyboard.press('Shift+J');
  await page.keyboard.press('Shift+J');
  await expect(page.locator('tbody tr[aria-selected="true"]')).toHaveCount(3);

  await page.keyboard.press('Shift+E');
  const dialog = page.getByRole('dialog', { name: 'Set a field on 3 records' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Field')).toBeFocused();
  await dialog.getByLabel('Field').selectOption({ label: 'Status' });
  await page.keyboard.press('Tab');
  const value = dialog.getByLabel('Status');
  await expect(value).toBeFocused();
  await value.selectOption(target);
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toHaveCount(0);

  await expect(page.getByText('Set on 3 records')).toBeVisible();
  await expect.poll(async () => Promise.all(ids.map(async (id) => (await api.get(`/api/city/${id}`)).body.data.status))).toEqual([target, target, target]);

  await page.keyboard.press('Control+z');
  await expect(page.getByText('Change undone on 3 records')).toBeVisible();
  await expect.poll(async () => Promise.all(ids.map(async (id) => (await api.get(`/api/city/${id}`)).body.data.status))).toEqual(before);
});

test('delete three rows by keyboard: one still referred to is skipped and listed, undo brings the others back', async ({ page }) => {
  await signInReady(page, 'superadmin');
  const api = await apiOf(page);
  // Three states of their own, one of them named by a city: that one cannot go.
  const tag = `Bulkgone ${Math.random().toString(36).slice(2, 7)}`;
  const letters = 'ABCDEFGHIJKLMNOPRSTUVWXY';
  const code = () => `W${letters[Math.floor(Math.random() * 24)]}${letters[Math.floor(Math.random() * 24)]}`;
  const states = [];
  for (const n of ['A', 'B', 'C']) states.push(await api.create('state', { name: `${tag} ${n}`, code: code(), country: 'India' }));
  const kept = states[1];
  await api.create('city', { name: `${tag} town`, state: kept.id, status: 'active' });

  await page.goto(`/dashboard/state?q=${encodeURIComponent(tag)}`);
  await expect(page.locator('tbody tr[id]')).toHaveCount(3);
  await page.getByRole('grid').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('x');
  await page.keyboard.press('Shift+J');
  await page.keyboard.press('Shift+J');
  await expect(page.locator('tbody tr[aria-selected="true"]')).toHaveCount(3);

  await page.keyboard.press('Shift+D');
  const dialog = page.getByRole('dialog', { name: 'Delete 3 records' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Delete these 3 records?')).toBeVisible();
  // A sample of what goes, by name.
  for (const s of states) await expect(dialog.getByText(String(s.name))).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Delete 3 records' });
  await expect(confirm).toHaveAttribute('data-ready', 'true');
  await page.keyboard.press('Enter');

  await expect(page.getByText('2 records deleted')).toBeVisible();
  const skipped = page.getByRole('region', { name: '1 record skipped' });
  await expect(skipped).toBeFocused();
  await expect(skipped.getByText(String(kept.name))).toBeVisible();
  await expect(skipped).toContainText('Still in use');
  const gone = [states[0], states[2]];
  for (const s of gone) expect((await api.get(`/api/state/${s.id}`)).status).toBe(404);

  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+z');
  await expect(page.getByText('2 records restored')).toBeVisible();
  for (const s of gone) await expect.poll(async () => (await api.get(`/api/state/${s.id}`)).status).toBe(200);
  expect((await api.get(`/api/state/${kept.id}`)).status).toBe(200);
});
