import { expect, test } from './fixtures';
import { runCommand, signInAs } from './helpers';

/** From the sign-in page to creating, editing and deleting a speciality, with the keyboard alone. */
test('create, edit and delete a speciality with the keyboard only', async ({ page }) => {
  const name = `Sports Medicine ${Date.now() % 100000}`;
  await signInAs(page, 'admin');

  // Palette → "Add Speciality" → modal form.
  await runCommand(page, 'add specia');
  await page.waitForURL('**/dashboard/speciality/add');
  const form = page.getByRole('dialog', { name: 'Add Speciality' });
  await expect(form.getByLabel(/^Name/)).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Injuries of athletes and active people');
  await page.keyboard.press('Control+Enter'); // saves from any field, the description's textarea included
  await expect(page.getByText('Speciality saved')).toBeVisible();
  // The add flow returns to the list (spec §2).
  await page.waitForURL(/\/dashboard\/speciality$/);
  // Rows are windowed: find the new one with the list's filter ("/").
  await page.keyboard.press('/');
  await page.keyboard.type(name);
  await expect(page.getByRole('gridcell', { name })).toBeVisible();
  // The edit's toast says the same words: let the create's go first, so the next check can only see the edit's.
  await expect(page.getByText('Speciality saved')).toHaveCount(0, { timeout: 15_000 });

  // Palette → "Edit Speciality…" → pick the record by typing → form.
  await runCommand(page, 'edit specia');
  // The whole name: the specialities of earlier runs ("Sports Medicine 1234") share its first words.
  await page.keyboard.type(name);
  await expect(page.locator('[data-palette-item][data-selected="true"]', { hasText: name })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/speciality\/edit\/\d+$/);
  const edit = page.getByRole('dialog', { name: 'Edit Speciality' });
  await expect(edit.getByLabel(/^Name/)).toHaveValue(name);
  await page.keyboard.press('End');
  await page.keyboard.type(' and Fitness');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Speciality saved')).toBeVisible();
  await expect(page.getByRole('gridcell', { name: `${name} and Fitness` })).toBeVisible();

  // Filter with "/", move with j/k, open with Enter, delete from the details page's palette command.
  await page.keyboard.press('/');
  await expect(page.getByLabel('Filter Specialities')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('and Fitness');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('gridcell', { name: `${name} and Fitness` })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/speciality\/details\/\d+$/);
  await expect(page.getByRole('heading', { name: `Speciality: ${name} and Fitness` })).toBeVisible();

  await runCommand(page, 'delete specia');
  // The whole name, and the selected line checked: an earlier attempt may have left its own "… and Fitness".
  await page.keyboard.type(`${name} and Fitness`);
  await expect(page.locator('[data-palette-item][data-selected="true"]', { hasText: `${name} and Fitness` })).toBeVisible();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete Speciality?' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Tab'); // from Cancel to Delete
  await page.keyboard.press('Enter');
  await expect(page.getByText('Speciality deleted')).toBeVisible();
  await page.waitForURL(/\/dashboard\/speciality$/);
  await expect(page.getByRole('gridcell', { name: `${name} and Fitness` })).toHaveCount(0);
});

test('a bad payload shows the server-side field errors on their fields', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await page.goto('/dashboard/speciality/add');
  const form = page.getByRole('dialog', { name: 'Add Speciality' });
  await form.getByLabel(/^Name/).fill('Cardiology'); // already exists: the server answers 409 naming the field
  await page.keyboard.press('Enter');
  await expect(form.getByRole('alert').filter({ hasText: 'Another record already has this Name' })).toBeVisible();
});
