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
