import { expect, test, type Page } from './fixtures';
import { DEMO_PASSWORD } from './consoles';
import { openPalette, signInAs } from './helpers';

/**
 * "password" in the palette finds Change password… first; the dialog, keyboard only: a wrong current password is said
 * on its field, a right one changes it. The test puts the demo password back, as other tests sign in with it.
 */
async function changePassword(page: Page, from: string, to: string) {
  await openPalette(page);
  await page.keyboard.type('password');
  await expect(page.locator('[data-palette-item]').first()).toContainText('Change password…');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Change your password' });
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  await page.keyboard.type(from);
  await page.keyboard.press('Tab');
  await page.keyboard.type(to);
  await page.keyboard.press('Tab');
  await page.keyboard.type(to);
  await page.keyboard.press('Enter');
  return dialog;
}

test('Change password… from the palette: a wrong current password is refused on its field, a right one changes it', async ({ page }) => {
  await signInAs(page, 'railway');
  const dialog = await changePassword(page, 'not-the-password', 'Another-passw0rd-here');
  await expect(dialog.getByText('The current password is not right')).toBeVisible();
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your password is changed.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await changePassword(page, 'Another-passw0rd-here', DEMO_PASSWORD);
  await expect(page.getByText('Your password is changed.').last()).toBeVisible();
});
