import { expect, test } from './fixtures';
import { openFirstAppointment, signInReady, statusOf } from './workflow-helpers';

/**
 * Issue 24, a key for every move: the registry gives each workflow move a letter, made with Shift on the record in
 * view, shown on its button and on the `?` sheet.
 */
test.use({ dataset: 'demo' });

test('Shift and a move\'s letter make the move on the record in view; the sheet and the button say so', async ({ page }) => {
  await signInReady(page, 'admin');
  await openFirstAppointment(page, 'Confirmed');
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
  const id = await openFirstAppointment(page, 'Completed');
  await expect(page.getByRole('link', { name: /^History/ })).toBeVisible();
  await page.keyboard.press('h');
  await page.waitForURL(`**/dashboard/fmc/fmclogs?entity=appointments&record=${id}`);
  await expect(page.locator('li.log-row').first()).toBeVisible();
});
