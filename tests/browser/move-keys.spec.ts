import { expect, test } from './fixtures';
import { runCommand } from './helpers';
import { signInReady, statusOf } from './workflow-helpers';

/**
 * Issue 24, a key for every move: the registry gives each workflow move a letter, made with Shift on the record in
 * view, shown on its button and on the `?` sheet.
 */
test.use({ dataset: 'demo' });

test('Shift and a move\'s letter make the move on the record in view; the sheet and the button say so', async ({ page }) => {
  await signInReady(page, 'admin');
  await runCommand(page, 'Appointments: Confirmed');
  await page.waitForURL('**/dashboard/appointments/confirmed');
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/appointments\/view\/\d+$/);
  await expect(statusOf(page)).toHaveText('Confirmed');
  const missed = page.getByRole('group', { name: 'Actions on this record' }).getByRole('button', { name: 'Mark appointment missed' });
  await expect(missed).toHaveAttribute('aria-keyshortcuts', 'Shift+M');

  // Wherever the page put the focus (not a field): Shift+M marks it missed.
  await page.keyboard.press('Shift+M');
  await expect(page.getByText('Mark appointment missed: done')).toBeVisible();
  await expect(statusOf(page)).toHaveText('Missed');
  // Shift+C (complete) no longer applies to a missed appointment: nothing happens.
  await page.keyboard.press('Shift+C');
  await expect(statusOf(page)).toHaveText('Missed');

  await page.keyboard.press('Shift+Slash');
  const sheet = page.getByRole('dialog', { name: /shortcuts/i });
  await expect(sheet.getByRole('row').filter({ hasText: 'Mark appointment missed' })).toContainText(/Shift\s*m/);
});

test('h opens the history of the record in view: its entries in the activity log', async ({ page }) => {
  await signInReady(page, 'superadmin');
  await runCommand(page, 'Appointments: Completed');
  await page.waitForURL('**/dashboard/appointments/completed');
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/appointments\/view\/\d+$/);
  const id = page.url().split('/').pop();
  await expect(page.getByRole('link', { name: /^History/ })).toBeVisible();
  await page.keyboard.press('h');
  await page.waitForURL(`**/dashboard/fmc/fmclogs?entity=appointments&record=${id}`);
  await expect(page.locator('li.log-row').first()).toBeVisible();
});
