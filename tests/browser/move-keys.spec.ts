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

test('y opens the history of the record in view: its entries in the activity log', async ({ page }) => {
  await signInReady(page, 'superadmin');
  const id = await openFirstAppointment(page, 'Completed');
  await expect(page.getByRole('link', { name: /^History/ })).toBeVisible();
  await page.keyboard.press('y');
  await page.waitForURL(`**/dashboard/fmc/fmclogs?entity=appointments&record=${id}`);
  await expect(page.locator('li.log-row').first()).toBeVisible();
});

test('. says why it cannot repeat, and remembers the last move across a reload', async ({ page }) => {
  await signInReady(page, 'admin');
  // Nothing done yet in this page for this user: . says so (a user of another test may have left one: cleared).
  await page.evaluate(() => { for (const k of Object.keys(localStorage)) if (k.startsWith('console_repeat_')) localStorage.removeItem(k); });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Search or run a command' })).toBeVisible();
  await page.keyboard.press('.');
  await expect(page.getByText('Nothing to repeat yet: . repeats the last change you made to a record.')).toBeVisible();

  await openFirstAppointment(page, 'Confirmed');
  // The record shown first: a key pressed before the page has its record has nothing to act on.
  await expect(statusOf(page)).toHaveText('Confirmed');
  await page.keyboard.press('Shift+M');
  await expect(page.getByText('Mark appointment missed: done')).toBeVisible();
  await expect(statusOf(page)).toHaveText('Missed');
  // The appointment is missed now: the move does not apply to it, and . says why.
  await page.keyboard.press('.');
  await expect(page.getByText('“Mark appointment missed” does not apply to a record that is Missed.')).toBeVisible();

  // After a reload the move is still the one . repeats: on the home page it says where it is repeated.
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Search or run a command' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Search or run a command' })).toBeVisible();
  await page.keyboard.press('.');
  await expect(page.getByText('“Mark appointment missed” is repeated on Appointments: open one, or their list.')).toBeVisible();
  // And on a confirmed appointment's row it is offered in the palette, first, by name.
  await page.keyboard.press('Escape');
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await page.keyboard.press('o');
  await page.waitForURL('**/dashboard/appointments/confirmed');
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.locator('[data-palette-item]').first()).toHaveText(/Repeat: Mark appointment missed/);
});
