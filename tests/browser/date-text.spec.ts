import { expect, test } from './fixtures';
import { apiOf } from './catalogue-helpers';
import { signInAs } from './helpers';

/**
 * Issue 24, dates typed as text: a date-and-time field reads the day first (as written in India and in French), and
 * words in the user's language, saying under the field what it read before anything is saved.
 */
test('a date and time typed as words in French, and as digits day first, are read and said back', async ({ page }) => {
  await signInAs(page, 'superadmin');
  const api = await apiOf(page);
  try {
    await api.put('/api/me/prefs', { lang: 'fr' });
    await page.goto('/dashboard/notification/add');
    const when = page.locator('#f-scheduledAt');
    await when.focus();
    await page.keyboard.type('demain 10h');
    const read = page.locator('#f-scheduledAt-understood');
    await expect(read).toContainText('Compris');
    await expect(read).toContainText('10:00');
    const tomorrow = new Date(Date.now() + 86_400_000);
    await expect(read).toContainText(`${String(tomorrow.getDate()).padStart(2, '0')}/${String(tomorrow.getMonth() + 1).padStart(2, '0')}/${tomorrow.getFullYear()}`);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('05/03/2027 14:30');
    await expect(read).toContainText('05/03/2027');
    await expect(read).toContainText('14:30');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('pas une date');
    await expect(read).toHaveText('Ce n’est pas encore une date lisible.');
  } finally {
    await api.put('/api/me/prefs', { lang: 'en' });
  }
});

test('dates that cannot be read are an error under the field: the form stays, and so does the console', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await page.goto('/dashboard/notification/add');
  const form = page.getByRole('dialog');
  const when = page.locator('#f-scheduledAt');
  const said = page.locator('#f-scheduledAt-understood');
  await when.focus();
  // Year first with a T (a form's own spelling) but a month 13, an hour 25, a 30 February; then words that are no date.
  for (const [typed, message] of [
    ['2026-13-01T10:00', 'There is no such day: check the day and the month.'],
    ['2026-11-26T25:00', 'There is no such time: hours go to 23, minutes to 59.'],
    ['2027-02-30T09:00', 'There is no such day: check the day and the month.'],
    ['zzz qqq', 'This is not a date I can read yet.'],
  ]) {
    await page.keyboard.press('Control+a');
    await page.keyboard.type(typed);
    await expect(said).toHaveText(message);
    await expect(said).toHaveClass(/error/);
    await expect(when).toHaveValue(typed);
    await expect(form).toBeVisible();
    // The console around it is there too (the top bar is hidden from screen readers while the dialog is open).
    await expect(page.locator('.topbar')).toBeVisible();
  }
  // A date that can be read clears it.
  await page.keyboard.press('Control+a');
  await page.keyboard.type('05/03/2027 14:30');
  await expect(said).toContainText('05/03/2027');
  await expect(said).not.toHaveClass(/error/);
});
