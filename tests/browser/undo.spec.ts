import { expect, test, type Locator, type Page } from './fixtures';
import { apiOf, unique } from './catalogue-helpers';
import { signInAs } from './helpers';

/**
 * Undo (issue 10, item 6), with the keyboard alone: a record deleted from its list comes back by the toast's Undo
 * button (Alt+T reaches the toasts, Tab the button); an edit is undone with Ctrl+Z while its toast shows. And the
 * toasts never cover the page's primary button (Add, top right), wide or narrow.
 */

/** The list filtered to one name, its row focused (keyboard: "/" to the filter, Enter into the table). */
async function findRow(page: Page, name: string) {
  const filter = page.getByLabel('Filter Specialities');
  await expect(filter).toBeVisible();
  await page.keyboard.press('/');
  await expect(filter).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(name);
  await expect(page.getByText(/^1 records?$/)).toBeVisible();
  // A table row, or a card under 600 px.
  await expect(page.locator('[id^="row-speciality-"]').filter({ hasText: name })).toBeVisible();
  await page.keyboard.press('Enter'); // into the table, on its only row
}

/** Tab from the toasts' region (Alt+T) to the toast's Undo button. */
async function tabToUndo(page: Page): Promise<Locator> {
  await page.keyboard.press('Alt+t');
  const undo = page.locator('[data-sonner-toast] button', { hasText: 'Undo' });
  for (let i = 0; i < 6 && !(await undo.evaluate((el) => el === document.activeElement).catch(() => false)); i++) await page.keyboard.press('Tab');
  await expect(undo).toBeFocused();
  return undo;
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('delete from a list, Undo from the toast: the record is back', async ({ page }) => {
  await signInAs(page, 'admin');
  const name = unique('Undo Speciality');
  const made = await (await apiOf(page)).create('specialist', { name, description: 'kept for undo', sortOrder: 7, status: 'active' });
  await page.goto('/dashboard/speciality');
  await findRow(page, name);

  await page.keyboard.press('Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete Speciality?' });
  await expect(confirm.getByText('You can undo it for a few seconds')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab'); // from Cancel to Delete
  await page.keyboard.press('Enter');
  await expect(page.getByText('Speciality deleted')).toBeVisible();
  await expect(page.getByRole('gridcell', { name, exact: true })).toHaveCount(0);

  await tabToUndo(page);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Speciality restored')).toBeVisible();
  await expect(page.getByRole('gridcell', { name, exact: true })).toBeVisible();
  const back = await (await apiOf(page)).get(`/api/specialist/${made.id}`);
  expect(back.status).toBe(200);
  expect(back.body.data).toMatchObject({ id: made.id, name, description: 'kept for undo', sortOrder: 7 });
});

test('edit a record, Ctrl+Z while the toast shows: the old value is back', async ({ page }) => {
  await signInAs(page, 'admin');
  const name = unique('Undo Edit');
  const made = await (await apiOf(page)).create('specialist', { name, description: 'before', sortOrder: 1, status: 'active' });
  await page.goto('/dashboard/speciality');
  await findRow(page, name);

  await page.keyboard.press('e');
  const form = page.getByRole('dialog', { name: 'Edit Speciality' });
  await expect(form.getByLabel(/^Name/)).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' Renamed');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Speciality saved')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('gridcell', { name: `${name} Renamed`, exact: true })).toBeVisible();

  await page.keyboard.press('Control+z');
  await expect(page.getByText('Change to Speciality undone')).toBeVisible();
  const back = await (await apiOf(page)).get(`/api/specialist/${made.id}`);
  expect(back.body.data).toMatchObject({ name, description: 'before', version: Number(made.version) + 2 });
  await findRow(page, name);
});

test('an undo after someone else changed the record says so plainly', async ({ page }) => {
  await signInAs(page, 'admin');
  const name = unique('Undo Stale');
  const api = await apiOf(page);
  const made = await api.create('specialist', { name, description: null, sortOrder: 1, status: 'active' });
  await page.goto('/dashboard/speciality');
  await findRow(page, name);
  await page.keyboard.press('e');
  await expect(page.getByRole('dialog', { name: 'Edit Speciality' }).getByLabel(/^Name/)).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' Mine');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Speciality saved')).toBeVisible();
  // Someone else edits it while the toast shows.
  const now = await api.get(`/api/specialist/${made.id}`);
  expect((await api.put(`/api/specialist/${made.id}`, { name: `${name} Theirs`, description: null, icon: null, sortOrder: 1, status: 'active', version: now.body.data.version })).status).toBe(200);
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Someone else changed it after you, so your change was not undone.')).toBeVisible();
  expect((await api.get(`/api/specialist/${made.id}`)).body.data.name).toBe(`${name} Theirs`);
});

for (const [width, height] of [[1440, 900], [390, 844]] as const) {
  test(`at ${width} px a toast never covers the Add button`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signInAs(page, 'admin');
    const name = unique('Undo Cover');
    await (await apiOf(page)).create('specialist', { name, description: null, sortOrder: 1, status: 'active' });
    await page.goto('/dashboard/speciality');
    await findRow(page, name);
    await page.keyboard.press('Delete');
    await expect(page.getByRole('dialog', { name: 'Delete Speciality?' }).getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Speciality deleted' });
    await expect(toast).toBeVisible();
    const add = page.getByRole('button', { name: /Add/ }).first();
    await expect(add).toBeVisible();
    // Wait for the toast's entrance animation to end before measuring.
    await expect(toast).toHaveAttribute('data-mounted', 'true');
    await page.waitForTimeout(500);
    const [t, a] = [await toast.boundingBox(), await add.boundingBox()];
    await page.screenshot({ path: `test-results/undo-toast-${width}.png` });
    expect(overlap(t!, a!), `toast ${JSON.stringify(t)} vs Add ${JSON.stringify(a)}`).toBe(false);
    // The toast is on screen whole.
    expect(t!.x).toBeGreaterThanOrEqual(0);
    expect(t!.x + t!.width).toBeLessThanOrEqual(width);
    expect(t!.y + t!.height).toBeLessThanOrEqual(height);
    // And Ctrl+Z still brings the record back.
    await page.keyboard.press('Control+z');
    await expect(page.getByText('Speciality restored')).toBeVisible();
  });
}
