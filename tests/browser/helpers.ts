import { expect, type Page } from './fixtures';
import { DEMO_PASSWORD } from './consoles';

/** Signs in with the keyboard alone: type the email, Tab, type the password, Enter. */
export async function signInAs(page: Page, role: string) {
  await page.goto('/signin');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(`${role}@demo.test`);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  // The console loads after the sign-in page: a shortcut pressed before its shell is there reaches no one.
  await expect(page.getByRole('button', { name: 'Search or run a command' })).toBeVisible();
}

export async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
}

/** Runs a command by typing its title into the palette and pressing Enter on the first match. */
export async function runCommand(page: Page, text: string) {
  await openPalette(page);
  await page.keyboard.type(text);
  await expect(page.locator('[data-palette-item]').first()).toBeVisible();
  await page.keyboard.press('Enter');
}
