import { expect, test, type Page } from './fixtures';
import { apiOf } from './catalogue-helpers';
import { openPalette, signInAs } from './helpers';

/**
 * Issue 24 §2, focus always where the work is: a list's header is one Tab stop a column (the resize handles are not
 * stops; Shift and the arrows resize from the header), the `?` sheet gives the focus back to what opened it, and a
 * command that would leave a half-filled form asks first, while a pristine form is left at once.
 */

const grid = (page: Page) => page.getByRole('grid');

async function openSpecialities(page: Page) {
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await page.waitForURL('**/dashboard/speciality');
  await expect(grid(page)).toBeFocused();
}

test('a list header is one Tab stop a column, and Shift with the arrows resizes the column it is on', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await openSpecialities(page);
  const headers = page.locator('thead th');
  const count = await headers.count();
  expect(count).toBeGreaterThan(2);
  // What Tab reaches in each header: its controls in the Tab order (a tabindex of 0 or a button, link or input).
  const stops = await headers.evaluateAll((ths) => ths.map((th) => [th, ...th.querySelectorAll<HTMLElement>('*')]
    .filter((el) => (el as HTMLElement).tabIndex >= 0 && !(el as HTMLElement).hidden && getComputedStyle(el).visibility !== 'hidden').length));
  // The checkbox column and each data column: one stop; the actions column: none (its buttons are x and the keys).
  expect(stops.slice(0, -1)).toEqual(Array(count - 1).fill(1));
  expect(stops[count - 1]).toBe(0);
  await expect(page.getByRole('separator').first()).toHaveAttribute('tabindex', '-1');

  // Shift+→ on a column's sort button widens it; Shift+← narrows it back. (Not Name: the flexible column, which
  // takes the room left whatever its width.)
  const sort = page.getByRole('button', { name: 'Sort by Sort order' });
  const th = page.locator('thead th', { has: sort });
  const before = await th.evaluate((el) => el.getBoundingClientRect().width);
  await sort.focus();
  await expect(sort).toHaveAttribute('aria-keyshortcuts', 'Shift+ArrowLeft Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => th.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(before + 10);
  await expect(sort).toBeFocused();
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(() => th.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(Math.round(before));
  // Nothing was sorted by the keys: the address has no sort.
  expect(new URL(page.url()).searchParams.get('sort')).toBeNull();
});

test('the ? sheet closes back to what opened it, and a details page\'s heading takes the keyboard as it opens', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await openSpecialities(page);
  await page.keyboard.press('Shift+Slash');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('row').filter({ hasText: 'Make the focused column narrower or wider' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(grid(page)).toBeFocused();
  // The live region says each new screen's title; the page's title follows.
  await expect(page.locator('[data-screen-announcer]')).toHaveText('Specialities');
  await expect(page).toHaveTitle('Specialities · Health Console');
});

test('a command leaving a half-filled form asks first; Stay keeps the typing, Leave goes; a pristine form just goes', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await openSpecialities(page);
  await page.keyboard.press('k'); // on the rows first: a letter typed on arrival is a search
  await page.keyboard.press('c');
  const form = page.getByRole('dialog', { name: 'Add Speciality' });
  const name = form.getByLabel(/^Name/);
  await expect(name).toBeFocused();
  await page.keyboard.type('Half typed');

  // Ctrl+K, "Go to home": asked first, Stay focused.
  await openPalette(page);
  await page.keyboard.type('go to home');
  await expect(page.locator('[data-palette-item]').first()).toContainText('Go to home');
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Stay' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/dashboard/speciality/add');
  await expect(name).toHaveValue('Half typed');
  await expect(name).toBeFocused();

  // Again, and Leave: home, the form gone.
  await openPalette(page);
  await page.keyboard.type('go to home');
  await expect(page.locator('[data-palette-item]').first()).toContainText('Go to home');
  await page.keyboard.press('Enter');
  await expect(ask.getByRole('button', { name: 'Stay' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(ask.getByRole('button', { name: 'Leave' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('#main h1')).toBeFocused();

  // A pristine form: the command leaves at once.
  await openSpecialities(page);
  await page.keyboard.press('k'); // on the rows first: a letter typed on arrival is a search
  await page.keyboard.press('c');
  await expect(name).toBeFocused();
  await openPalette(page);
  await page.keyboard.type('go to home');
  await expect(page.locator('[data-palette-item]').first()).toContainText('Go to home');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the leave question is asked in the user\'s language', async ({ page }) => {
  await signInAs(page, 'admin');
  const api = await apiOf(page);
  try {
    await api.put('/api/me/prefs', { lang: 'fr' });
    await page.reload();
    await openSpecialities(page);
    await page.keyboard.press('k');
    await page.keyboard.press('c');
    await page.keyboard.type('À moitié');
    await page.keyboard.press('Control+k');
    await expect(page.locator('dialog.palette')).toBeVisible();
    await page.keyboard.type('accueil');
    await expect(page.locator('[data-palette-item]').first()).toContainText('accueil');
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    await expect(ask.getByRole('button', { name: 'Rester' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(ask).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(1);
  } finally {
    await api.put('/api/me/prefs', { lang: 'en' });
  }
});

test('a delete the server refuses closes its dialog with the reason and gives the focus back to the list', async ({ page }) => {
  await signInAs(page, 'superadmin');
  // A state its cities refer to: the server answers 409.
  await page.goto('/dashboard/state?q=karnataka');
  await expect(page.locator('tbody tr[id^="row-"]')).toHaveCount(1);
  await expect(grid(page)).toBeFocused();
  await page.keyboard.press('Delete');
  const dialog = page.getByRole('dialog', { name: /^Delete/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/is still used by city/)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(grid(page)).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('grid');
});
