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
