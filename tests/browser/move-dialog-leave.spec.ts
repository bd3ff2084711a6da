import { expect, test } from './fixtures';
import { openFirstAppointment, signInReady, statusOf } from './workflow-helpers';

/**
 * A move dialog holding a typed reason is not thrown away by its own Esc, ✕ or Cancel: it asks first, as leaving a
 * half-filled form does; with nothing typed it closes at once. Either way the record stays where it was.
 */
test.use({ dataset: 'demo' });

test('a move dialog\'s Esc, ✕ and Cancel ask before dropping a typed reason; with nothing typed Esc just closes', async ({ page }) => {
  await signInReady(page, 'admin');
  await openFirstAppointment(page, 'Confirmed');
  const address = page.url();
  await expect(statusOf(page)).toHaveText('Confirmed');
  const move = page.getByRole('dialog', { name: /^Cancel appointment/ });
  const reason = move.getByLabel(/^Reason/);
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });

  // Nothing typed: Esc closes the dialog at once, and goes no further (the details page stays).
  await page.keyboard.press('Shift+X');
  await expect(reason).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(move).toBeHidden();
  await expect(ask).toHaveCount(0);
  expect(page.url()).toBe(address);

  // A reason typed: Esc asks, focus on Stay; Enter stays, with the reason kept and the keyboard back in its field.
  await page.keyboard.press('Shift+X');
  await expect(reason).toBeFocused();
  await page.keyboard.type('Patient unwell', { delay: 10 });
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Stay' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(move).toBeVisible();
  await expect(reason).toHaveValue('Patient unwell');
  await expect(reason).toBeFocused();

  // Cancel asks too; Esc on the question stays.
  await move.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(ask).toBeVisible();
  // The question holds the keyboard once Stay has the focus (as a person sees it); Esc then answers it.
  await expect(ask.getByRole('button', { name: 'Stay' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(reason).toHaveValue('Patient unwell');

  // ✕ asks as well; Leave drops the reason and the dialog, and the appointment is as it was.
  await move.getByRole('button', { name: 'Close' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(ask).toBeHidden();
  await expect(move).toBeHidden();
  expect(page.url()).toBe(address);
  await expect(statusOf(page)).toHaveText('Confirmed');
  // Asked again, the dialog starts empty.
  await page.keyboard.press('Shift+X');
  await expect(reason).toHaveValue('');
});
