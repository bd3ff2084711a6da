import { expect, test } from './fixtures';
import uiEn from '../../src/client/i18n/locales/ui/en';
import uiFr from '../../src/client/i18n/locales/ui/fr';
import { apiOf } from './catalogue-helpers';
import { signInAs } from './helpers';

/**
 * Settings (issue 10): choosing another language says "Settings saved" in the language chosen, not the one left
 * (the toast was worded with the page's translation of before the change). The language is kept on the server,
 * so the test ends in English whatever happens.
 */
test('the toast after a change of language speaks the new language', async ({ page }) => {
  await signInAs(page, 'superadmin');
  const api = await apiOf(page);
  try {
    await page.goto('/dashboard/userProfile');
    const language = page.getByLabel(uiEn.profile.language, { exact: true });
    await language.selectOption('fr');
    await expect(page.getByText(uiFr.profile.saved, { exact: true })).toBeVisible();
    await expect(page.getByText(uiEn.profile.saved, { exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: uiFr.profile.title })).toBeVisible();

    // And back: in English again, not in French.
    await page.getByLabel(uiFr.profile.language, { exact: true }).selectOption('en');
    await expect(page.getByText(uiEn.profile.saved, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: uiEn.profile.title })).toBeVisible();
  } finally {
    await api.put('/api/me/prefs', { lang: 'en' });
  }
});
